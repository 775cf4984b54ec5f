import type { FieldViolation } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { afterCommit } from '../../platform/db/tx.ts';
import { ValidationError, violation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { currencyExponent } from '../../platform/money.ts';
import { rememberOrderOf } from './order-of.ts';
import { insertGatewayOrder, insertPayment, type GatewayOrderRow, type PaymentRow } from './store.ts';
import { keepPayments } from './kept.ts';

export interface DelayedCaptureSettingsInput {
  scheduledAction: 'VOID' | 'CAPTURE';
  delayDuration: { count: number; unit: 'MINUTES' | 'HOURS' | 'DAYS' };
}

export interface PreparePaymentCollectionInput {
  orderId: string;
  amountMinor: number;
  currency: string;
  delayedCapture: boolean;
  delayedCaptureSettings?: DelayedCaptureSettingsInput;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNIT_MS = { MINUTES: 60_000, HOURS: 3_600_000, DAYS: 86_400_000 } as const;
/** Card authorizations do not live forever: a scheduled action is at most 30 days out. */
export const MAX_DELAY_MS = 30 * UNIT_MS.DAYS;

export const delayMs = (d: DelayedCaptureSettingsInput['delayDuration']) => d.count * UNIT_MS[d.unit];

function checkPrepareInput(input: PreparePaymentCollectionInput): void {
  const v: FieldViolation[] = [];
  const add = (
    field: string,
    description: string,
    violatedRule: FieldViolation['violatedRule'] = 'VALIDATION',
    data: Record<string, unknown> = {},
  ) => v.push({ field, description, violatedRule, data });
  if (!UUID.test(input.orderId)) add('ecomOrderId', 'must be a GUID', 'FORMAT');
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    add('amount.amount', 'must be greater than 0', 'DECIMAL_GT', { threshold: '0' });
  let currencyOk = /^[A-Z]{3}$/.test(input.currency);
  if (currencyOk) {
    try {
      currencyExponent(input.currency);
    } catch {
      currencyOk = false;
    }
  }
  if (!currencyOk) add('currency', 'must be an ISO 4217 currency code', 'FORMAT');
  const s = input.delayedCaptureSettings;
  if (s) {
    if (!input.delayedCapture)
      add('delayedCaptureSettings', 'is allowed only with delayedCapture', 'FIELD_NOT_ALLOWED');
    if (!['VOID', 'CAPTURE'].includes(s.scheduledAction))
      add('delayedCaptureSettings.scheduledAction', 'must be one of VOID, CAPTURE', 'INVALID_ENUM_VALUE');
    if (!(s.delayDuration.unit in UNIT_MS))
      add(
        'delayedCaptureSettings.delayDuration.unit',
        'must be one of MINUTES, HOURS, DAYS',
        'INVALID_ENUM_VALUE',
      );
    else if (!Number.isInteger(s.delayDuration.count) || s.delayDuration.count < 1)
      add('delayedCaptureSettings.delayDuration.count', 'must be at least 1', 'MIN', { threshold: 1 });
    else if (delayMs(s.delayDuration) > MAX_DELAY_MS)
      add('delayedCaptureSettings.delayDuration', 'must be at most 30 days', 'MAX', { threshold: '30 DAYS' });
  }
  if (v.length) throw new ValidationError(v);
}

/**
 * Opens a payment gateway order for an order: what the buyer will pay (with the test gateway or
 * another provider) and how (capture at once, or authorize now and capture/void later, with an
 * optional scheduled action). Runs in the caller's transaction (`ctx.db`); the checkout calls it
 * right after creating the order. Returns the id the buyer pays against (`pg-<uuid>`).
 */
export async function preparePaymentCollection(
  ctx: Ctx,
  input: {
    orderId: string;
    amountMinor: number;
    currency: string;
    delayedCapture: boolean;
    delayedCaptureSettings?: {
      scheduledAction: 'VOID' | 'CAPTURE';
      delayDuration: { count: number; unit: 'MINUTES' | 'HOURS' | 'DAYS' };
    };
    /** The store's "capture on fulfilment" (with delayedCapture): the order's first fulfilment captures the authorization. */
    captureOnFulfillment?: boolean;
    /**
     * The order was placed in this transaction and has no payments: the gateway order is kept with
     * them (kept.ts), so the buyer's payment needs no read.
     */
    newOrder?: boolean;
  },
): Promise<{ paymentGatewayOrderId: string }> {
  checkPrepareInput(input);
  const now = ctx.clock.now();
  const id = `pg-${newId()}`;
  const row: GatewayOrderRow = {
    id,
    order_id: input.orderId,
    amount: input.amountMinor,
    currency: input.currency,
    delayed_capture: input.delayedCapture,
    delayed_capture_settings: input.delayedCapture ? (input.delayedCaptureSettings ?? null) : null,
    capture_on_fulfillment: input.delayedCapture && (input.captureOnFulfillment ?? false),
    status: 'OPEN',
    created_at: now,
    updated_at: now,
  };
  await insertGatewayOrder(ctx.db, row);
  afterCommit(ctx.db, () => rememberOrderOf(id, input.orderId));
  // A new order's first revision, as insertOrder writes it.
  if (input.newOrder)
    keepPayments(ctx.db, input.orderId, { orderRevision: 1, payments: [], openGatewayOrders: [row] });
  return { paymentGatewayOrderId: id };
}

/**
 * A PENDING_MERCHANT payment of `amountMinor`, paid outside Vitrine (`method`: a manual payment
 * method's name, with its `instructions`; else "Offline"), which mark-as-paid later turns APPROVED.
 */
export function offlinePaymentRow(
  input: {
    orderId: string;
    amountMinor: number;
    currency: string;
    gatewayOrderId?: string;
    method?: { name: string; instructions: string };
  },
  now: Date,
): PaymentRow {
  return {
    id: newId(),
    order_id: input.orderId,
    gateway_order_id: input.gatewayOrderId ?? null,
    amount: input.amountMinor,
    currency: input.currency,
    status: 'PENDING_MERCHANT',
    payment_method: input.method?.name ?? 'Offline',
    offline: true,
    card_last4: null,
    card_brand: null,
    gateway_transaction_id: null,
    delayed_capture: false,
    authorized_at: null,
    captured_amount: 0,
    refunded_amount: 0,
    captures: [],
    void: null,
    scheduled_action: null,
    refund_disabled: false,
    instructions: input.method?.instructions ?? null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Records that an order will be paid offline (FULL_PAYMENT_OFFLINE): a PENDING_MERCHANT payment for
 * the amount, which mark-as-paid later turns APPROVED. Runs in the caller's transaction.
 */
export async function recordOfflinePayment(
  ctx: Ctx,
  input: { orderId: string; amountMinor: number; currency: string },
): Promise<{ paymentId: string }> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    throw violation('amount', 'must be greater than 0', 'DECIMAL_GT', { threshold: '0' });
  const row = offlinePaymentRow(input, ctx.clock.now());
  await insertPayment(ctx.db, row);
  return { paymentId: row.id };
}

/** How gift-card payments are recorded (`payment_method`). */
export const GIFT_CARD_PAYMENT_METHOD = 'GiftCard';

/**
 * Records what a gift card paid of an order (the checkout redeemed it in the same transaction):
 * an APPROVED, captured payment shown as `giftcardPaymentDetails`. It is not refunded through a
 * payment provider (`refundDisabled`); the card keeps its redemption record.
 */
export async function recordGiftCardPayment(
  ctx: Ctx,
  input: { orderId: string; amountMinor: number; currency: string; giftCardId: string; codeLast4: string },
): Promise<{ paymentId: string }> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)
    throw violation('amount', 'must be greater than 0', 'DECIMAL_GT', { threshold: '0' });
  const now = ctx.clock.now();
  const id = newId();
  await insertPayment(ctx.db, {
    // For gift cards, gateway_transaction_id holds the card id and card_last4 the code's last four characters.
    id,
    order_id: input.orderId,
    gateway_order_id: null,
    amount: input.amountMinor,
    currency: input.currency,
    status: 'APPROVED',
    payment_method: GIFT_CARD_PAYMENT_METHOD,
    offline: false,
    card_last4: input.codeLast4,
    card_brand: null,
    gateway_transaction_id: input.giftCardId,
    delayed_capture: false,
    authorized_at: now,
    captured_amount: input.amountMinor,
    refunded_amount: 0,
    captures: [],
    void: null,
    scheduled_action: null,
    refund_disabled: true,
    instructions: null,
    created_at: now,
    updated_at: now,
  });
  return { paymentId: id };
}
