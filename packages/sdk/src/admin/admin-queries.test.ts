/** The merchant's list searches (reviews, members, coupons, back in stock) as the platform's query objects. */
import { describe, expect, it } from 'vitest';
import type { HttpClient, RequestOptions } from '../http.ts';
import { adminBackInStockFilter, memberQueryBody } from './customers.ts';
import { couponFilter } from './marketing.ts';
import { cursorQueryBody } from './paging.ts';
import { adminReviewFilter, adminReviewsQueryBody } from './reviews.ts';
import { storeSettingsCalls } from './settings.ts';

describe('cursorQueryBody', () => {
  it('sends filter and sort on the first page, only the cursor on another', () => {
    const sort = [{ fieldName: 'createdDate', order: 'DESC' as const }];
    expect(cursorQueryBody({ a: 1 }, sort, {})).toEqual({
      query: { filter: { a: 1 }, sort, cursorPaging: { limit: 20 } },
    });
    expect(cursorQueryBody({ a: 1 }, sort, { cursor: 'c1', limit: 5 })).toEqual({
      query: { cursorPaging: { limit: 5, cursor: 'c1' } },
    });
  });
});

describe('adminReviewFilter', () => {
  it('asks for private reviews, counts SUBMITTED as waiting, and combines criteria', () => {
    expect(adminReviewFilter({})).toEqual({ namespace: { $eq: 'stores' } });
    expect(
      adminReviewFilter({ status: 'IN_MODERATION', ratings: [1, 2], productId: 'p1', replied: false }),
    ).toEqual({
      $and: [
        { namespace: { $eq: 'stores' } },
        { 'moderation.moderationStatus': { $in: ['IN_MODERATION', 'SUBMITTED'] } },
        { 'content.rating': { $in: [1, 2] } },
        { entityId: { $eq: 'p1' } },
        { 'reply.message': { $exists: false } },
      ],
    });
    expect(adminReviewsQueryBody({ status: 'APPROVED', sort: 'lowest' })).toMatchObject({
      returnPrivateReviews: true,
      query: {
        sort: [
          { fieldName: 'content.rating', order: 'ASC' },
          { fieldName: 'createdDate', order: 'DESC' },
        ],
      },
    });
  });
});

describe('memberQueryBody', () => {
  it('pages by offset, asks for every field, searches words', () => {
    expect(memberQueryBody({ text: ' ada ', status: ['BLOCKED'], muted: true, offset: 40 })).toEqual({
      query: {
        filter: { $and: [{ status: { $in: ['BLOCKED'] } }, { activityStatus: { $eq: 'MUTED' } }] },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        paging: { limit: 20, offset: 40 },
      },
      fieldsets: ['FULL'],
      search: { expression: 'ada' },
    });
  });
});

describe('couponFilter and adminBackInStockFilter', () => {
  it('find a coupon by the start of its code or name', () => {
    expect(couponFilter({ text: 'SAVE', active: true })).toEqual({
      $and: [
        {
          $or: [
            { 'specification.code': { $startsWith: 'SAVE' } },
            { 'specification.name': { $startsWith: 'SAVE' } },
          ],
        },
        { 'specification.active': { $eq: true } },
      ],
    });
  });
  it('finds the requests still waiting for a product', () => {
    expect(adminBackInStockFilter({ productId: 'p1', state: 'waiting' })).toEqual({
      $and: [
        { 'catalogReference.catalogItemId': { $eq: 'p1' } },
        { status: { $in: ['RECEIVED', 'PROCESSING'] } },
      ],
    });
  });
});

describe('storeSettingsCalls.update', () => {
  it('names every given field in the mask, clearing those given as null, with the revision', async () => {
    const sent: RequestOptions[] = [];
    const http: HttpClient = {
      request: <T>(o: RequestOptions) => {
        sent.push(o);
        return Promise.resolve({ settings: {} } as T);
      },
    };
    await storeSettingsCalls.update(http, {
      settings: { storeName: 'Shop', contactEmail: null },
      revision: '7',
    });
    expect(sent[0]).toMatchObject({
      method: 'PATCH',
      path: '/platform/v1/store-settings',
      body: { settings: { storeName: 'Shop' }, fieldMask: 'storeName,contactEmail', revision: '7' },
    });
  });
});
