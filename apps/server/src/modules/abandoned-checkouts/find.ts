/**
 * Finding abandoned checkouts (periodic, every process): checkouts left an hour with an e-mail and
 * an item are recorded, once, and e-mailed their recovery link, unless their buyer has bought since
 * (same cart, member or e-mail: the checkout module's `leftCheckouts` leaves those out); those whose
 * checkout became an order since, or whose buyer bought since by the same rule, are marked RECOVERED
 * (README).
 */
import type { Checkout } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueJob, type PeriodicTask } from '../../platform/jobs.ts';
import { getCheckout, leftCheckouts, recoveredCheckouts } from '../checkout/index.ts';
import { orderedSince } from '../orders/index.ts';
import { getSettings } from '../settings/index.ts';
import { RECOVERY_LINK_DAYS } from './link.ts';
import { EMAIL_JOB } from './send.ts';
import { insertAbandoned, markRecovered, openSince, scannedTo, scanTo, type Snapshot } from './store.ts';
import { emitAbandonedEvent } from './wire.ts';

/** A checkout unchanged this long is abandoned. */
export const ABANDONED_AFTER_MS = 60 * 60_000;
/** A store's first search looks this far back. */
const FIRST_LOOK_BACK_MS = 7 * 86_400_000;
/** Only a checkout left at most this long ago is e-mailed (a late find is recorded, not mailed). */
export const EMAIL_WITHIN_MS = 24 * 3_600_000;
/** Only checkouts made this recently are looked at (a walk of the newest part of the checkouts' key). */
const MADE_WITHIN_MS = 30 * 86_400_000;
const BATCH = 100;
const MAX_BATCHES = 10;
const DAY = 86_400_000;

/** Records one left checkout as it is now; nothing when it changed meanwhile or was recorded already. */
async function record(ctx: Ctx, checkoutId: string, now: number, emails: boolean) {
  let c: Checkout;
  try {
    // The wire checkout, read as its contract (its discounts and addresses as the wire names them).
    c = (await getCheckout(ctx, checkoutId)) as Checkout;
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return;
    throw e;
  }
  const left = new Date(c.updatedDate);
  const email = c.buyerInfo.email?.toLowerCase();
  if (c.completed || !email || c.lineItems.length === 0 || now - left.getTime() < ABANDONED_AFTER_MS) return;
  // An order since that no checkout made (an app's, a phone order): the buyer has bought.
  if (await orderedSince(ctx, { memberId: c.buyerInfo.memberId, email }, left)) return;
  const mail = emails && now - left.getTime() <= EMAIL_WITHIN_MS;
  const contact = c.billingInfo?.contactDetails ?? c.shippingInfo.shippingDestination?.contactDetails;
  const contactDetails = contact
    ? Object.fromEntries(
        (['firstName', 'lastName', 'phone', 'company'] as const)
          .filter((k) => contact[k])
          .map((k) => [k, contact[k] as string]),
      )
    : undefined;
  const snapshot: Snapshot = {
    buyerInfo: c.buyerInfo,
    ...(contactDetails && Object.keys(contactDetails).length ? { contactDetails } : {}),
    ...(c.buyerLanguage ? { buyerLanguage: c.buyerLanguage } : {}),
    conversionCurrency: c.conversionCurrency,
    subtotalPrice: c.priceSummary.subtotal,
    totalPrice: c.priceSummary.total,
    lineItems: c.lineItems.map((l) => ({
      id: l.id,
      quantity: l.quantity,
      ...(l.catalogReference ? { catalogReference: l.catalogReference } : {}),
      productName: l.productName,
      price: l.price ?? l.lineItemPrice ?? c.priceSummary.subtotal,
      ...(l.priceBeforeDiscounts ? { priceBeforeDiscounts: l.priceBeforeDiscounts } : {}),
      descriptionLines: l.descriptionLines,
      ...(l.media?.url ? { image: l.media.url } : {}),
    })),
    appliedDiscounts: c.appliedDiscounts.map((d) => ({
      ...(d.coupon ? { coupon: { id: d.coupon.id, code: d.coupon.code, name: d.coupon.name } } : {}),
      ...(d.discountRule ? { discountRule: { id: d.discountRule.id, name: d.discountRule.name } } : {}),
      ...(d.merchantDiscount ? { merchantDiscount: d.merchantDiscount } : {}),
    })),
  };
  const at = new Date(now);
  await inTransaction(ctx, async (tx) => {
    const row = await insertAbandoned(tx.db, {
      id: newId(),
      checkout_id: c.id,
      cart_id: c.cartId ?? null,
      status: 'ABANDONED',
      email,
      first_name: contactDetails?.firstName ?? null,
      last_name: contactDetails?.lastName ?? null,
      currency: c.currency,
      total: c.priceSummary.total.amount,
      checkout_updated_at: left,
      snapshot,
      activities: [{ createdDate: at.toISOString(), type: mail ? 'SCHEDULED' : 'AUTOMATION_SKIPPED' }],
      created_at: at,
      updated_at: at,
    });
    if (!row) return;
    await emitAbandonedEvent(tx, row, 'created');
    if (mail) await enqueueJob(tx, EMAIL_JOB, { id: row.id });
  });
}

/** Records the checkouts left since the last one recorded (oldest first, a bounded number a run). */
async function findLeft(ctx: Ctx, stopping: AbortSignal) {
  const now = ctx.clock.now().getTime();
  const before = new Date(now - ABANDONED_AFTER_MS);
  let after = (await scannedTo(ctx.db)) ?? new Date(now - FIRST_LOOK_BACK_MS);
  const emails = (await getSettings(ctx)).abandonedCheckoutEmails;
  for (let i = 0; i < MAX_BATCHES && !stopping.aborted; i++) {
    const found = await leftCheckouts(ctx.db, {
      madeSince: new Date(now - MADE_WITHIN_MS),
      after,
      before,
      limit: BATCH,
    });
    for (const f of found) {
      // One checkout that cannot be read (priced) must not stop the others behind it.
      await record(ctx, f.id, now, emails).catch((e: unknown) =>
        ctx.log.warn({ err: e, checkoutId: f.id }, 'abandoned checkout not recorded'),
      );
    }
    if (found.length < BATCH) {
      // Everything left before `before` is recorded: the next search starts there.
      await scanTo(ctx.db, before);
      return;
    }
    after = found[found.length - 1]!.updated_at;
    await scanTo(ctx.db, after);
  }
}

/**
 * Marks RECOVERED the abandoned checkouts (of the recovery link's lifetime) that became orders, or
 * whose buyer bought through another checkout since (same cart, owner or e-mail).
 */
async function findRecovered(ctx: Ctx) {
  const now = ctx.clock.now();
  const open = await openSince(ctx.db, new Date(now.getTime() - (RECOVERY_LINK_DAYS + 1) * DAY));
  for (let i = 0; i < open.length; i += 500) {
    const chunk = open.slice(i, i + 500);
    const byCheckout = new Map(chunk.map((o) => [o.checkout_id, o.id]));
    for (const done of await recoveredCheckouts(ctx.db, [...byCheckout.keys()])) {
      await inTransaction(ctx, async (tx) => {
        const row = await markRecovered(tx.db, byCheckout.get(done.id)!, {
          orderId: done.order_id,
          at: done.updated_at,
          now,
        });
        if (row) await emitAbandonedEvent(tx, row, 'recovered');
      });
    }
  }
}

export const findAbandoned: PeriodicTask = {
  name: 'abandoned-checkouts.find',
  everyMs: 5 * 60_000,
  run: (ctx, stopping) => findLeft(ctx, stopping),
};
export const findRecoveredTask: PeriodicTask = {
  name: 'abandoned-checkouts.recovered',
  everyMs: 60_000,
  run: (ctx) => findRecovered(ctx),
};
