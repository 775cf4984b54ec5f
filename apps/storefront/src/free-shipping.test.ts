import type { CartLineItem, EstimateTotals } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { freeShipping, minorMoney } from './free-shipping.ts';

const money = (amount: string) => ({ amount, formattedAmount: `$${amount}` });
const line = (id: string, preset: 'PHYSICAL' | 'DIGITAL') => ({ id, itemType: { preset } }) as CartLineItem;
const priced = (lineItemId: string, lineItemPrice: string, totalDiscount: string) => ({
  lineItemId,
  pricesBreakdown: {
    lineItemPrice: money(lineItemPrice),
    totalDiscount: money(totalDiscount),
    totalPriceBeforeTax: money('0'),
  },
});
const estimate = (...calculatedLineItems: ReturnType<typeof priced>[]) =>
  ({ currency: 'USD', calculatedLineItems }) as unknown as EstimateTotals;

describe('free shipping', () => {
  const lines = [line('hat', 'PHYSICAL'), line('ebook', 'DIGITAL')];

  it('counts the shipped items after their discounts, in cents', () => {
    // 3 × $19.99 less $6.00 = $53.97 shipped; the e-book never counts.
    const e = estimate(priced('hat', '59.97', '6.00'), priced('ebook', '30.00', '0'));
    expect(freeShipping(lines, e, money('100.00'))).toEqual({ remainingMinor: 4603, thresholdMinor: 10000 });
    expect(minorMoney(4603, 'USD')).toEqual({ amount: '46.03', formattedAmount: '$46.03' });
  });

  it('is reached at the amount itself, and past it', () => {
    expect(freeShipping(lines, estimate(priced('hat', '100.00', '0')), money('100'))?.remainingMinor).toBe(0);
    expect(freeShipping(lines, estimate(priced('hat', '120.00', '5')), money('100'))?.remainingMinor).toBe(0);
  });

  it('tells nothing without an amount, or when nothing ships', () => {
    expect(freeShipping(lines, estimate(priced('hat', '10.00', '0')), undefined)).toBeUndefined();
    expect(freeShipping([lines[1]!], estimate(priced('ebook', '10.00', '0')), money('100'))).toBeUndefined();
  });

  it('works in a currency without cents', () => {
    const e = {
      currency: 'JPY',
      calculatedLineItems: [priced('hat', '2500', '0')],
    } as unknown as EstimateTotals;
    expect(freeShipping(lines, e, money('5000'))).toEqual({ remainingMinor: 2500, thresholdMinor: 5000 });
    expect(minorMoney(2500, 'JPY').amount).toBe('2500');
  });
});
