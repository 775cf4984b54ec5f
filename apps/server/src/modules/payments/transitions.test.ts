import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import {
  INITIAL_PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  nextPaymentStatus,
  orderPaymentStatusOf,
  paymentTotals,
  type PaymentEvent,
  type PaymentFigures,
  type PaymentStatus,
} from './transitions.ts';

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? `${e.status} ${e.code}` : String(e);
  }
  return 'no error';
};
const pay = (status: PaymentStatus, amount: number, captured = 0, refunded = 0): PaymentFigures => ({
  status,
  amount,
  capturedAmount: captured,
  refundedAmount: refunded,
});

describe('payment transition table', () => {
  it('allows exactly the documented transitions', () => {
    expect(nextPaymentStatus('AUTHORIZED', 'CAPTURE_PARTIAL')).toBe('AUTHORIZED');
    expect(nextPaymentStatus('AUTHORIZED', 'CAPTURE_FULL')).toBe('APPROVED');
    expect(nextPaymentStatus('AUTHORIZED', 'VOID')).toBe('VOIDED');
    expect(nextPaymentStatus('AUTHORIZED', 'VOID_REMAINDER')).toBe('APPROVED');
    expect(nextPaymentStatus('APPROVED', 'REFUND_PARTIAL')).toBe('PARTIALLY_REFUNDED');
    expect(nextPaymentStatus('PARTIALLY_REFUNDED', 'REFUND_PARTIAL')).toBe('PARTIALLY_REFUNDED');
    expect(nextPaymentStatus('PARTIALLY_REFUNDED', 'REFUND_FULL')).toBe('REFUNDED');
    expect(nextPaymentStatus('PENDING_MERCHANT', 'MARK_PAID')).toBe('APPROVED');
    expect(nextPaymentStatus('PENDING', 'DECLINE')).toBe('DECLINED');
    expect(nextPaymentStatus('PENDING', 'CONFIRM')).toBe('APPROVED');
  });

  it('has terminal states with no way out', () => {
    for (const s of ['REFUNDED', 'VOIDED', 'CANCELED', 'DECLINED', 'UNDEFINED'] as const)
      expect(PAYMENT_TRANSITIONS[s]).toEqual({});
  });

  it('every transition lands on a known status, and every status can be reached', () => {
    const all = Object.keys(PAYMENT_TRANSITIONS) as PaymentStatus[];
    const reached = new Set<PaymentStatus>(INITIAL_PAYMENT_STATUSES);
    for (const from of all)
      for (const to of Object.values(PAYMENT_TRANSITIONS[from])) {
        expect(all).toContain(to);
        reached.add(to!);
      }
    expect([...reached].sort()).toEqual(all.filter((s) => s !== 'UNDEFINED').sort());
  });

  it('refuses the rest with the contract codes', () => {
    expect(codeOf(() => nextPaymentStatus('VOIDED', 'CAPTURE_FULL'))).toBe('428 PAYMENT_ALREADY_VOIDED');
    expect(codeOf(() => nextPaymentStatus('APPROVED', 'CAPTURE_PARTIAL'))).toBe(
      '428 PAYMENT_ALREADY_CAPTURED',
    );
    expect(codeOf(() => nextPaymentStatus('APPROVED', 'VOID'))).toBe('428 PAYMENT_ALREADY_CAPTURED');
    expect(codeOf(() => nextPaymentStatus('PENDING_MERCHANT', 'CAPTURE_FULL'))).toBe(
      '428 PAYMENT_NOT_AUTHORIZED',
    );
    expect(codeOf(() => nextPaymentStatus('AUTHORIZED', 'REFUND_FULL'))).toBe('428 REFUND_NOT_AVAILABLE');
    expect(codeOf(() => nextPaymentStatus('REFUNDED', 'REFUND_PARTIAL'))).toBe('428 REFUND_NOT_AVAILABLE');
    expect(codeOf(() => nextPaymentStatus('APPROVED', 'MARK_PAID'))).toBe('428 ORDER_ALREADY_PAID');
    expect(codeOf(() => nextPaymentStatus('DECLINED', 'CONFIRM'))).toBe('428 UNSUPPORTED_TRANSITION');
  });

  it('never throws anything but an AppError for any pair', () => {
    const events: PaymentEvent[] = [
      'CAPTURE_PARTIAL',
      'CAPTURE_FULL',
      'VOID',
      'VOID_REMAINDER',
      'MARK_PAID',
      'CONFIRM',
      'DECLINE',
      'CANCEL',
      'REFUND_PARTIAL',
      'REFUND_FULL',
    ];
    for (const from of Object.keys(PAYMENT_TRANSITIONS) as PaymentStatus[]) {
      for (const e of events) {
        const r = codeOf(() => nextPaymentStatus(from, e));
        expect(r === 'no error' || /^428 [A-Z_]+$/.test(r)).toBe(true);
      }
    }
  });
});

describe('order payment status from payments', () => {
  it('maps collected, refunded and pending money to the order enum', () => {
    expect(orderPaymentStatusOf(2500, [])).toBe('NOT_PAID');
    expect(orderPaymentStatusOf(2500, [pay('APPROVED', 2500, 2500)])).toBe('PAID');
    expect(orderPaymentStatusOf(2500, [pay('APPROVED', 1000, 1000)])).toBe('PARTIALLY_PAID');
    expect(orderPaymentStatusOf(2500, [pay('AUTHORIZED', 2500, 0)])).toBe('NOT_PAID');
    expect(orderPaymentStatusOf(2500, [pay('AUTHORIZED', 2500, 1000)])).toBe('PARTIALLY_PAID');
    expect(orderPaymentStatusOf(2500, [pay('APPROVED', 2500, 1000)])).toBe('PARTIALLY_PAID');
    expect(orderPaymentStatusOf(2500, [pay('VOIDED', 2500, 0)])).toBe('NOT_PAID');
    expect(orderPaymentStatusOf(2500, [pay('PARTIALLY_REFUNDED', 2500, 2500, 500)])).toBe(
      'PARTIALLY_REFUNDED',
    );
    expect(orderPaymentStatusOf(2500, [pay('REFUNDED', 2500, 2500, 2500)])).toBe('FULLY_REFUNDED');
    expect(orderPaymentStatusOf(2500, [pay('PENDING_MERCHANT', 2500)])).toBe('PENDING_MERCHANT');
    expect(orderPaymentStatusOf(2500, [pay('PENDING', 2500)])).toBe('PENDING');
    expect(orderPaymentStatusOf(2500, [pay('DECLINED', 2500)])).toBe('DECLINED');
    expect(orderPaymentStatusOf(2500, [pay('CANCELED', 2500)])).toBe('CANCELED');
  });

  it('sums open authorizations apart from collected money', () => {
    expect(
      paymentTotals([pay('AUTHORIZED', 2500, 1000), pay('APPROVED', 500, 500), pay('VOIDED', 900)]),
    ).toEqual({ collected: 1500, refunded: 0, authorized: 1500, pending: 0, pendingMerchant: 0 });
  });
});
