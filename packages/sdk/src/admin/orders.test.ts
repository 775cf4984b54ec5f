/** The merchant's order search as the platform's query object. */
import { describe, expect, it } from 'vitest';
import { adminOrderFilter, adminOrderSearchBody } from './orders.ts';

describe('adminOrderFilter', () => {
  it('is empty without criteria, one condition alone, $and of several', () => {
    expect(adminOrderFilter({})).toEqual({});
    expect(adminOrderFilter({ paymentStatus: ['PAID'] })).toEqual({ paymentStatus: { $in: ['PAID'] } });
    expect(
      adminOrderFilter({
        fulfillmentStatus: ['NOT_FULFILLED'],
        createdFrom: '2026-01-01T00:00:00.000Z',
        createdBefore: '2026-02-01T00:00:00.000Z',
        tags: ['gift'],
        archived: false,
      }),
    ).toEqual({
      $and: [
        { fulfillmentStatus: { $in: ['NOT_FULFILLED'] } },
        { createdDate: { $gte: '2026-01-01T00:00:00.000Z' } },
        { createdDate: { $lt: '2026-02-01T00:00:00.000Z' } },
        { 'tags.tags.tagIds': { $hasAll: ['gift'] } },
        { archived: { $eq: false } },
      ],
    });
  });

  it('searches an order number or the e-mail for digits, the e-mail for anything else', () => {
    expect(adminOrderFilter({ text: ' 10042 ' })).toEqual({
      $or: [{ number: { $eq: 10042 } }, { 'buyerInfo.email': { $contains: '10042' } }],
    });
    expect(adminOrderFilter({ text: 'ada@' })).toEqual({ 'buyerInfo.email': { $contains: 'ada@' } });
  });

  it('reads "#10042" as order 10042, as the store writes numbers', () => {
    expect(adminOrderFilter({ text: ' #10042 ' })).toEqual({ number: { $eq: 10042 } });
    expect(adminOrderFilter({ text: '# 10042' })).toEqual({ number: { $eq: 10042 } });
    // Not a number after it: e-mail text as before (an address may hold "#").
    expect(adminOrderFilter({ text: 'a#b' })).toEqual({ 'buyerInfo.email': { $contains: 'a#b' } });
  });

  it("filters on authorizations still held (Vitrine's authorizationHeld)", () => {
    expect(adminOrderFilter({ authorizationHeld: true })).toEqual({ authorizationHeld: { $eq: true } });
  });

  it('sends the cursor alone for another page', () => {
    expect(adminOrderSearchBody({ cursor: 'abc', paymentStatus: ['PAID'], limit: 20 })).toEqual({
      search: { cursorPaging: { limit: 20, cursor: 'abc' } },
    });
    expect(adminOrderSearchBody({ sort: 'number-asc' }).search).toEqual({
      filter: {},
      sort: [{ fieldName: 'number', order: 'ASC' }],
      cursorPaging: { limit: 20 },
    });
  });
});
