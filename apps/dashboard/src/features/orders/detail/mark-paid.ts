/**
 * Marking an order as paid (the money came in outside the store): when the order page offers it,
 * and what the dialog says is recorded. The server settles the payments waiting for the merchant
 * (`PENDING_MERCHANT`: a manual payment method the buyer chose at checkout), records anything else
 * still due as one offline payment, and e-mails the buyer when a waiting payment was settled.
 */
import type { Order } from '@vitrine/contract';
import { scaleOf, showMinor, toMinor, type PaymentView } from '../money.ts';

export interface MarkPaidPlan {
  /** The order can be marked as paid. */
  available: boolean;
  /** The order waits for a payment by one of the store's manual methods: the page's main action. */
  awaitingOffline: boolean;
  /** What is recorded as received, in minor units: the waiting payments', else the balance due. */
  amount: number;
  /** The waiting payments' methods ("Bank transfer"), each once. */
  methods: string[];
  /** The buyer is e-mailed that the payment arrived (a waiting payment is settled). */
  emailsBuyer: boolean;
}

type OrderFacts = Pick<Order, 'status' | 'paymentStatus' | 'balanceSummary' | 'currency'>;

/**
 * Not for a canceled order. Offered when the order awaits an offline payment, or when it is not
 * (fully) paid and no card authorization is held (that is captured instead); `views` undefined: the
 * payments are not known yet.
 */
export function markPaidPlan(order: OrderFacts, views: readonly PaymentView[] | undefined): MarkPaidPlan {
  const pending = (views ?? []).filter((v) => v.status === 'PENDING_MERCHANT');
  const balance = Math.max(0, toMinor(order.balanceSummary.balance.amount, scaleOf(order.currency)) || 0);
  const amount = pending.length ? pending.reduce((s, v) => s + v.amount, 0) : balance;
  const canceled = order.status === 'CANCELED';
  const awaitingOffline = !canceled && (order.paymentStatus === 'PENDING_MERCHANT' || pending.length > 0);
  const unpaid =
    (order.paymentStatus === 'NOT_PAID' || order.paymentStatus === 'PARTIALLY_PAID') &&
    views !== undefined &&
    !views.some((v) => v.status === 'AUTHORIZED') &&
    amount > 0;
  return {
    available: awaitingOffline || (!canceled && unpaid),
    awaitingOffline,
    amount,
    methods: [...new Set(pending.filter((v) => v.instructions !== undefined).map((v) => v.label))],
    emailsBuyer: pending.length > 0,
  };
}

/** The dialog's sentences: what is recorded, and whether the buyer hears of it. */
export function markPaidWords(plan: MarkPaidPlan, currency: string): { record: string; mail: string } {
  const amount = showMinor(plan.amount, currency);
  const by = plan.methods.length
    ? ` by ${new Intl.ListFormat('en', { type: 'conjunction' }).format(plan.methods)}`
    : '';
  return {
    record: plan.emailsBuyer
      ? `Record that you received ${amount}${by}.`
      : `Record that you received ${amount} outside the store, as an offline payment.`,
    mail: plan.emailsBuyer
      ? 'The buyer is e-mailed that the payment arrived.'
      : 'The buyer is not e-mailed about it.',
  };
}
