import type { Order, OrderPayment } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { orderTotals } from './order-totals.ts';

const money = (amount: string) => ({ amount, formattedAmount: `$${amount}` });
const order = {
  currency: 'USD',
  priceSummary: {
    subtotal: money('50.00'),
    shipping: money('5.00'),
    tax: money('0.00'),
    discount: money('0.00'),
    total: money('55.00'),
  },
} as unknown as Order;
const payment = (amount: string, details: Partial<OrderPayment>): OrderPayment =>
  ({
    id: `p-${amount}`,
    createdDate: '2026-12-06T00:00:00.000Z',
    updatedDate: '2026-12-06T00:00:00.000Z',
    amount: money(amount),
    refundDisabled: false,
    ...details,
  }) as OrderPayment;
const gift = payment('20.00', {
  giftcardPaymentDetails: { giftCardPaymentId: 'g', appId: 'a', voided: false, obfuscatedCode: '****T-50' },
});
const manual = (
  status: 'PENDING_MERCHANT' | 'APPROVED',
  instructions = 'IBAN DE89\nReference: your order number',
) =>
  payment('35.00', {
    regularPaymentDetails: {
      paymentMethod: 'Bank transfer',
      offlinePayment: true,
      status,
      savedPaymentMethod: false,
      offlinePaymentInstructions: instructions,
    },
  });
const card = payment('35.00', {
  regularPaymentDetails: {
    paymentMethod: 'CreditCard',
    offlinePayment: false,
    status: 'APPROVED',
    savedPaymentMethod: false,
    creditCardDetails: { lastFourDigits: '4242', brand: 'Visa' },
  },
});

describe('orderTotals', () => {
  it('calls the rest after gift cards what pays it', () => {
    expect(orderTotals(order, [gift, card]).total).toEqual(['Paid by card', '$35.00']);
    expect(orderTotals(order, [gift, manual('PENDING_MERCHANT')]).total).toEqual([
      'To pay by Bank transfer',
      '$35.00',
    ]);
    expect(orderTotals(order, [gift, manual('APPROVED')]).total).toEqual(['Paid by Bank transfer', '$35.00']);
  });

  it('keeps "Total" without gift cards', () => {
    expect(orderTotals(order, [manual('PENDING_MERCHANT')]).total).toEqual(['Total', '$55.00']);
  });
});
