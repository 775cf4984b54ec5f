/**
 * The payment provider interface. A provider authorizes a card (capturing at once or not), then
 * captures (part of) an authorization, voids it, or refunds (part of) a captured payment. Results
 * are values, not exceptions: APPROVED, DECLINED (the issuer said no) or FAILED (the provider could
 * not do it), with a stable reason code.
 */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}
export interface CardSummary {
  lastFourDigits: string;
  brand: string;
}

export type GatewayOutcome =
  | { outcome: 'APPROVED'; transactionId: string }
  | { outcome: 'DECLINED' | 'FAILED'; reasonCode: string; description: string };

export type AuthorizeOutcome =
  | { outcome: 'APPROVED'; transactionId: string; card: CardSummary }
  | { outcome: 'DECLINED' | 'FAILED'; reasonCode: string; description: string; card: CardSummary };

export interface PaymentProvider {
  /** The payment method name written on payments (`regularPaymentDetails.paymentMethod`). */
  readonly paymentMethod: string;
  /**
   * Whether a call may be made again with no effect outside Vitrine (the test gateway keeps no state
   * of its own). A payment call made from rows this process kept (kept.ts) calls the provider before
   * it knows the rows were current, and runs again from a read when they were not; only such a
   * provider is called so. A networked provider is not: it is called once, from rows read.
   */
  readonly repeatable: boolean;
  /** `capture: false` only reserves the amount (delayed capture). Invalid card details throw a ValidationError. */
  authorize(input: {
    amountMinor: number;
    currency: string;
    card: CardInput;
    capture: boolean;
    reference: string;
    now: Date;
  }): Promise<AuthorizeOutcome>;
  capture(input: { transactionId: string; amountMinor: number; currency: string }): Promise<GatewayOutcome>;
  void(input: { transactionId: string }): Promise<GatewayOutcome>;
  refund(input: { transactionId: string; amountMinor: number; currency: string }): Promise<GatewayOutcome>;
}
