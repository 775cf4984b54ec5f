import type { OrderPayment } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { paymentLabel, paymentViews } from './money.ts';

type Regular = NonNullable<OrderPayment['regularPaymentDetails']>;
const payment = (id: string, amount: string, regular?: Partial<Regular>): OrderPayment => ({
  id,
  createdDate: '2026-12-06T10:00:00.000Z',
  updatedDate: '2026-12-06T10:00:00.000Z',
  amount: { amount, formattedAmount: `$${amount}` },
  refundDisabled: false,
  ...(regular
    ? {
        regularPaymentDetails: {
          paymentMethod: 'CreditCard',
          offlinePayment: false,
          status: 'APPROVED',
          savedPaymentMethod: false,
          ...regular,
        },
      }
    : {}),
});

const bankTransfer = (status: Regular['status'] = 'PENDING_MERCHANT') =>
  payment('p1', '50.00', {
    paymentMethod: 'Bank transfer',
    offlinePayment: true,
    status,
    offlinePaymentInstructions: 'IBAN DE00\nReference: your order number',
  });

describe('paymentLabel', () => {
  it('names a manual payment method by its name', () => {
    expect(paymentLabel(bankTransfer())).toBe('Bank transfer');
  });

  it('names money recorded by mark-as-paid an offline payment', () => {
    expect(paymentLabel(payment('p', '5.00', { paymentMethod: 'Offline', offlinePayment: true }))).toBe(
      'Offline payment',
    );
  });

  it('keeps a manual method that the merchant named Offline', () => {
    expect(
      paymentLabel(
        payment('p', '5.00', {
          paymentMethod: 'Offline',
          offlinePayment: true,
          offlinePaymentInstructions: '',
        }),
      ),
    ).toBe('Offline');
  });

  it('names cards by brand and last digits, else Card, and gift cards by code', () => {
    expect(
      paymentLabel(payment('p', '5.00', { creditCardDetails: { brand: 'Visa', lastFourDigits: '4242' } })),
    ).toBe('Visa •••• 4242');
    expect(paymentLabel(payment('p', '5.00', {}))).toBe('Card');
    expect(
      paymentLabel({
        ...payment('p', '5.00'),
        giftcardPaymentDetails: {
          giftCardPaymentId: 'g',
          appId: 'a',
          voided: false,
          obfuscatedCode: '****1234',
        },
      }),
    ).toBe('Gift card ****1234');
    expect(paymentLabel(payment('p', '5.00'))).toBe('Payment');
  });
});

describe('paymentViews of offline payments', () => {
  it('keeps what the buyer was told, and holds or captures nothing while it waits', () => {
    const [v] = paymentViews({ orderId: 'o', payments: [bankTransfer()], refunds: [] }, 'USD');
    expect(v).toMatchObject({
      label: 'Bank transfer',
      offline: true,
      instructions: 'IBAN DE00\nReference: your order number',
      status: 'PENDING_MERCHANT',
      amount: 5000,
      held: 0,
      captured: 0,
      refundable: 0,
    });
  });

  it('counts a received one as collected', () => {
    const [v] = paymentViews({ orderId: 'o', payments: [bankTransfer('APPROVED')], refunds: [] }, 'USD');
    expect(v).toMatchObject({ status: 'APPROVED', captured: 5000, refundable: 5000 });
  });

  it('has no instructions for a card payment', () => {
    const [v] = paymentViews({ orderId: 'o', payments: [payment('c', '5.00', {})], refunds: [] }, 'USD');
    expect(v?.offline).toBe(false);
    expect(v && 'instructions' in v).toBe(false);
  });
});
