import type { Order, OrderPayment } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { paymentViews } from '../money.ts';
import { markPaidPlan, markPaidWords } from './mark-paid.ts';

type Regular = NonNullable<OrderPayment['regularPaymentDetails']>;
const payment = (id: string, amount: string, regular: Partial<Regular>): OrderPayment => ({
  id,
  createdDate: '2026-12-06T10:00:00.000Z',
  updatedDate: '2026-12-06T10:00:00.000Z',
  amount: { amount, formattedAmount: amount },
  refundDisabled: false,
  regularPaymentDetails: {
    paymentMethod: 'CreditCard',
    offlinePayment: false,
    status: 'APPROVED',
    savedPaymentMethod: false,
    ...regular,
  },
});
const manual = (id: string, amount: string, name: string) =>
  payment(id, amount, {
    paymentMethod: name,
    offlinePayment: true,
    status: 'PENDING_MERCHANT',
    offlinePaymentInstructions: `Pay by ${name}`,
  });
const views = (...payments: OrderPayment[]) => paymentViews({ orderId: 'o', payments, refunds: [] }, 'USD');
const order = (
  paymentStatus: Order['paymentStatus'],
  balance: string,
  status: Order['status'] = 'APPROVED',
): Pick<Order, 'status' | 'paymentStatus' | 'balanceSummary' | 'currency'> => ({
  status,
  paymentStatus,
  currency: 'USD',
  balanceSummary: {
    balance: { amount: balance, formattedAmount: balance },
    paid: { amount: '0', formattedAmount: '0' },
  },
});

describe('markPaidPlan', () => {
  it('offers an order awaiting a manual payment, for what it waits for, by its method, e-mailing the buyer', () => {
    const plan = markPaidPlan(
      order('PENDING_MERCHANT', '65.99'),
      views(manual('p', '65.99', 'Bank transfer')),
    );
    expect(plan).toEqual({
      available: true,
      awaitingOffline: true,
      amount: 6599,
      methods: ['Bank transfer'],
      emailsBuyer: true,
    });
    expect(markPaidWords(plan, 'USD')).toEqual({
      record: 'Record that you received $65.99 by Bank transfer.',
      mail: 'The buyer is e-mailed that the payment arrived.',
    });
  });

  it('sums several waiting payments and names each method once', () => {
    const plan = markPaidPlan(
      order('PENDING_MERCHANT', '30.00'),
      views(manual('a', '10.00', 'Bank transfer'), manual('b', '15.00', 'Cash'), manual('c', '5.00', 'Cash')),
    );
    expect(plan.amount).toBe(3000);
    expect(markPaidWords(plan, 'USD').record).toBe(
      'Record that you received $30.00 by Bank transfer and Cash.',
    );
  });

  it('awaits the rest of a gift-card order paid in part, by bank transfer', () => {
    const plan = markPaidPlan(
      order('PARTIALLY_PAID', '40.00'),
      views(payment('g', '10.00', { status: 'APPROVED' }), manual('b', '40.00', 'Bank transfer')),
    );
    expect(plan).toMatchObject({ available: true, awaitingOffline: true, amount: 4000 });
  });

  it('offers an unpaid order for its balance, without e-mailing the buyer', () => {
    const plan = markPaidPlan(order('NOT_PAID', '12.50'), views());
    expect(plan).toEqual({
      available: true,
      awaitingOffline: false,
      amount: 1250,
      methods: [],
      emailsBuyer: false,
    });
    expect(markPaidWords(plan, 'USD')).toEqual({
      record: 'Record that you received $12.50 outside the store, as an offline payment.',
      mail: 'The buyer is not e-mailed about it.',
    });
    expect(markPaidPlan(order('PARTIALLY_PAID', '12.50'), views()).available).toBe(true);
  });

  it('does not offer an unpaid order before its payments are known, nor one holding an authorization', () => {
    expect(markPaidPlan(order('NOT_PAID', '12.50'), undefined).available).toBe(false);
    expect(
      markPaidPlan(order('PARTIALLY_PAID', '12.50'), views(payment('c', '20.00', { status: 'AUTHORIZED' })))
        .available,
    ).toBe(false);
  });

  it('offers an order awaiting offline payment before its payments are known, for its balance', () => {
    expect(markPaidPlan(order('PENDING_MERCHANT', '20.00'), undefined)).toMatchObject({
      available: true,
      awaitingOffline: true,
      amount: 2000,
    });
  });

  it('does not offer a canceled order, a paid one or one with nothing due', () => {
    expect(
      markPaidPlan(order('PENDING_MERCHANT', '20.00', 'CANCELED'), views(manual('p', '20.00', 'Cash'))),
    ).toMatchObject({ available: false, awaitingOffline: false });
    expect(markPaidPlan(order('NOT_PAID', '20.00', 'CANCELED'), views()).available).toBe(false);
    expect(markPaidPlan(order('PAID', '0.00'), views(payment('c', '20.00', {}))).available).toBe(false);
    expect(markPaidPlan(order('NOT_PAID', '0.00'), views()).available).toBe(false);
  });

  it('says nothing of a method for a waiting payment recorded without one', () => {
    const plan = markPaidPlan(
      order('PENDING_MERCHANT', '20.00'),
      views(
        payment('o', '20.00', { paymentMethod: 'Offline', offlinePayment: true, status: 'PENDING_MERCHANT' }),
      ),
    );
    expect(plan.methods).toEqual([]);
    expect(markPaidWords(plan, 'USD').record).toBe('Record that you received $20.00.');
  });
});
