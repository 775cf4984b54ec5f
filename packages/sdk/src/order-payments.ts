/**
 * What an order's payments tell its buyer (pure, over the wire's `orderTransactions.payments`): a
 * payment still to be made with one of the store's manual payment methods, and what paid the part
 * gift cards left.
 */
import type { Money, OrderPayment } from '@vitrine/contract';

/** A payment the buyer still makes outside the store, with one of its manual payment methods. */
export interface DuePayment {
  /** The method's name ("Bank transfer"). */
  method: string;
  /** How to pay, as the method said when the order was placed (its lines kept; may be empty). */
  instructions: string;
  amount: Money;
}

/** The payments that wait for the buyer's money (a manual payment method's, until the store marks it paid). */
export function duePayments(payments: readonly OrderPayment[] | undefined): DuePayment[] {
  return (payments ?? []).flatMap((p) => {
    const d = p.regularPaymentDetails;
    return d?.status === 'PENDING_MERCHANT' && d.offlinePaymentInstructions !== undefined
      ? [{ method: d.paymentMethod, instructions: d.offlinePaymentInstructions, amount: p.amount }]
      : [];
  });
}

/** What paid the rest after gift cards: "Paid by card", or a manual method's ("To pay by Bank transfer" until paid). */
export function restLabel(payments: readonly OrderPayment[] | undefined): string {
  const manual = (payments ?? [])
    .map((p) => p.regularPaymentDetails)
    .find(
      (d) =>
        d?.offlinePaymentInstructions !== undefined &&
        (d.status === 'PENDING_MERCHANT' || d.status === 'APPROVED'),
    );
  if (!manual) return 'Paid by card';
  return `${manual.status === 'PENDING_MERCHANT' ? 'To pay by' : 'Paid by'} ${manual.paymentMethod}`;
}
