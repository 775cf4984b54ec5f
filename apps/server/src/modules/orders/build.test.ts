import type { FieldViolation, OrderInput } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../platform/errors.ts';
import { buildOrder } from './build.ts';

const store = { currency: 'USD', weightUnit: 'KG' as const };
const line = (price: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  productName: { original: 'Item' },
  quantity,
  price: { amount: price },
  ...extra,
});
const input = (
  o: Partial<OrderInput> & { lineItems: OrderInput['lineItems']; priceSummary: OrderInput['priceSummary'] },
): OrderInput => ({ ...o });

function problems(i: OrderInput, s = store): (FieldViolation & { ruleName?: string })[] {
  try {
    buildOrder(i, s);
  } catch (e) {
    if (e instanceof ValidationError) return e.fieldViolations;
    throw e;
  }
  return [];
}

describe('buildOrder', () => {
  it('derives line prices and the summary in minor units', () => {
    const b = buildOrder(
      input({
        lineItems: [line('10.00', 3, { totalDiscount: { amount: '5.00' } }), line('0.99', 1)],
        priceSummary: {
          subtotal: { amount: '30.99' },
          discount: { amount: '5.00' },
          shipping: { amount: '4.00' },
          tax: { amount: '2.10' },
          total: { amount: '32.09' },
        },
      }),
      store,
    );
    expect([b.subtotalMinor, b.totalMinor, b.currency, b.channelType]).toEqual([3099, 3209, 'USD', 'WEB']);
    const [first] = b.data.lineItems as Record<string, unknown>[];
    expect(first).toMatchObject({
      price: { $minor: 1000 },
      lineItemPrice: { $minor: 3000 },
      totalDiscount: { $minor: 500 },
      totalPriceBeforeTax: { $minor: 2500 },
      priceBeforeDiscounts: { $minor: 1000 },
      paymentOption: 'FULL_PAYMENT_ONLINE',
      itemType: { preset: 'PHYSICAL' },
      productName: { original: 'Item', translated: 'Item' },
    });
    expect(b.data.priceSummary).toEqual({
      subtotal: { $minor: 3099 },
      shipping: { $minor: 400 },
      tax: { $minor: 210 },
      discount: { $minor: 500 },
      total: { $minor: 3209 },
      totalAdditionalFees: { $minor: 0 },
    });
  });

  it('does not add tax included in prices, adds additional fees, and checks their sum', () => {
    const base = {
      lineItems: [line('10.00', 1)],
      taxIncludedInPrices: true,
      additionalFees: [{ name: 'Handling', price: { amount: '1.50' } }],
    };
    expect(
      problems(
        input({
          ...base,
          priceSummary: {
            subtotal: { amount: '10.00' },
            tax: { amount: '1.67' },
            total: { amount: '11.50' },
          },
        }),
      ),
    ).toEqual([]);
    const bad = problems(
      input({
        ...base,
        priceSummary: {
          subtotal: { amount: '10.00' },
          tax: { amount: '1.67' },
          total: { amount: '13.17' },
          totalAdditionalFees: { amount: '2.00' },
        },
      }),
    );
    expect(bad.map((p) => [p.field, p.ruleName])).toEqual([
      ['order.priceSummary.total', 'AMOUNTS_DO_NOT_ADD_UP'],
      ['order.priceSummary.totalAdditionalFees', 'AMOUNTS_DO_NOT_ADD_UP'],
    ]);
  });

  it('uses the currency exponent: yen have no decimals', () => {
    expect(
      problems(
        input({
          lineItems: [line('100', 2)],
          priceSummary: { subtotal: { amount: '200' }, total: { amount: '200' } },
          currency: 'JPY',
        }),
        { currency: 'JPY', weightUnit: 'KG' },
      ),
    ).toEqual([]);
    expect(
      problems(
        input({
          lineItems: [line('100.5', 2)],
          priceSummary: { subtotal: { amount: '201' }, total: { amount: '201' } },
          currency: 'JPY',
        }),
        { currency: 'JPY', weightUnit: 'KG' },
      )[0],
    ).toMatchObject({ field: 'order.lineItems.0.price.amount', violatedRule: 'DECIMAL_MAX_SCALE' });
  });

  it('rejects duplicate line ids, a discount above the line and a total that is not the sum', () => {
    const id = '0190a0a0-0000-7000-8000-000000000001';
    const p = problems(
      input({
        lineItems: [line('1.00', 1, { id, totalDiscount: { amount: '2.00' } }), line('1.00', 1, { id })],
        priceSummary: { subtotal: { amount: '2.00' }, total: { amount: '0.00' } },
      }),
    );
    expect(p.map((x) => [x.field, x.ruleName])).toEqual([
      ['order.lineItems.0.totalDiscount', 'AMOUNTS_DO_NOT_ADD_UP'],
      ['order.lineItems.1.id', 'DUPLICATE_LINE_ITEM_ID'],
      ['order.priceSummary.total', 'AMOUNTS_DO_NOT_ADD_UP'],
    ]);
  });
});
