import type { OrderPayment } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { duePayments, restLabel } from './order-payments.ts';

const money = (amount: string) => ({ amount, formattedAmount: `$${amount}` });
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

describe('duePayments', () => {
  it('names a manual payment method that waits for the buyer, with its instructions as given', () => {
    expect(duePayments([gift, manual('PENDING_MERCHANT')])).toEqual([
      {
        method: 'Bank transfer',
        instructions: 'IBAN DE89\nReference: your order number',
        amount: money('35.00'),
      },
    ]);
  });

  it('keeps a method without instructions (the block still says what is due)', () => {
    expect(duePayments([manual('PENDING_MERCHANT', '')])).toEqual([
      { method: 'Bank transfer', instructions: '', amount: money('35.00') },
    ]);
  });

  it('is empty once the store marked it paid, for a card, and for an offline payment made without a method', () => {
    const { offlinePaymentInstructions: _, ...bare } = manual('PENDING_MERCHANT').regularPaymentDetails!;
    expect(duePayments([manual('APPROVED'), card, gift])).toEqual([]);
    expect(duePayments(undefined)).toEqual([]);
    expect(duePayments([payment('55.00', { regularPaymentDetails: bare })])).toEqual([]);
  });
});

describe('restLabel', () => {
  it('names what pays the rest after gift cards', () => {
    expect(restLabel([gift, card])).toBe('Paid by card');
    expect(restLabel(undefined)).toBe('Paid by card');
    expect(restLabel([gift, manual('PENDING_MERCHANT')])).toBe('To pay by Bank transfer');
    expect(restLabel([gift, manual('APPROVED')])).toBe('Paid by Bank transfer');
  });
});
