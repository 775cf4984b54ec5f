import { ENTITY_FQDN } from '@vitrine/contract';
import type { z } from 'zod';
import type {
  Address,
  CheckoutInfoInput,
  createCheckoutRequest,
  updateCheckoutRequest,
} from '@vitrine/contract';
import { createdByOf, shopperOf, type Ctx } from '../../platform/context.ts';
import type { CartReadAt } from '../../platform/ports.ts';
import { isRowChanged } from '../../platform/db/statement.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { readConfigRevision } from '../../platform/config-cache.ts';
import { AppError, conflict, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { toMinor } from '../../platform/money.ts';
import type { CouponRead } from '../discounts/index.ts';
import { getMember } from '../members/index.ts';
import { assertAccepted, priceLines, pricingConfig, type Priced } from '../lines/index.ts';
import {
  addLines,
  checkCustomPrices,
  extraRowsFor,
  lookupLines,
  removeLines,
  resolveExtra,
  resolveStored,
  setQuantities,
  type AddItems,
  type ResolvedLine,
} from '../lines/index.ts';
import {
  forgetCheckout,
  keepCheckout,
  keptCheckout,
  keptCouponOf,
  noteStockMoved,
  type KeptCheckout,
} from './kept.ts';
import { forBuyer } from './for-buyer.ts';
import { merchantDiscountsOf } from './merchant-discounts.ts';
import { checkoutWire, type WireCheckout } from './present.ts';
import {
  sendNewCheckout,
  sendCheckoutWrite,
  sendKeptCheckoutWrite,
  readCheckout,
  readConfigWith,
  updateCheckoutRow,
  withCoupon,
  type BuyerInfo,
  type CheckoutRow,
  type CheckoutWrite,
} from './store.ts';
import { wireMoney, type ExtraIds } from '../lines/index.ts';

export const CHECKOUT_FQDN = ENTITY_FQDN.checkout;
const isApp = (ctx: Ctx) => ctx.caller.role === 'admin';

/** The keys of checkouts this caller may see: their own, and the visitor session a member logged in from. */
function ownerKeys(ctx: Ctx): string[] | 'all' {
  if (ctx.caller.role === 'admin') return 'all';
  const s = shopperOf(ctx.caller);
  if (!s) return [];
  return s.memberId
    ? [`member:${s.memberId}`, ...(s.visitorId ? [`visitor:${s.visitorId}`] : [])]
    : [`visitor:${s.visitorId}`];
}

const checkoutNotFound = (id: string) =>
  new AppError(404, 'CHECKOUT_NOT_FOUND', 'No checkout with this id.', { id });

/** Whether the caller may see this checkout (a checkout it may not see is answered as not found). */
function mayAccess(ctx: Ctx, row: Pick<CheckoutRow, 'owner_key'>): boolean {
  const keys = ownerKeys(ctx);
  return keys === 'all' || (!!row.owner_key && keys.includes(row.owner_key));
}

/**
 * The checkout as this process kept it (kept.ts), for a call outside a transaction by a caller who
 * may see it; else undefined (the call reads it).
 */
export function keptFor(ctx: Ctx, id: string): KeptCheckout | undefined {
  if (ctx.db.isTransaction) return undefined;
  const kept = keptCheckout(id, ctx.clock.now().getTime());
  return kept && mayAccess(ctx, kept.row) ? kept : undefined;
}

/**
 * Reads the checkout for this caller; read outside a transaction (so as committed), it is also kept
 * for the next change (kept.ts). With `coupon` (kept with it earlier), the read checks that coupon is
 * still so, and answers it then (`coupon`), so that pricing need not read it again.
 */
export async function load(
  ctx: Ctx,
  where: { id: string } | { cartId: string },
  o: { forUpdate?: boolean; extra?: ExtraIds; coupon?: CouponRead } = {},
) {
  const found = await readCheckout(ctx.db, where, o);
  if (!found || !mayAccess(ctx, found.row)) {
    throw checkoutNotFound('id' in where ? where.id : where.cartId);
  }
  if (!ctx.db.isTransaction) {
    const { row, catalogRows, configRevision, versions, coupon } = found;
    keepCheckout({ row, catalogRows, configRevision, versions, ...(coupon ? { coupon } : {}) });
  }
  return found;
}

export function customerKey(row: Pick<CheckoutRow, 'buyer'>): string | undefined {
  if (row.buyer.memberId) return `member:${row.buyer.memberId}`;
  return row.buyer.email ? `email:${row.buyer.email.toLowerCase()}` : undefined;
}

const destinationOf = (d: unknown) => {
  const a = (d as { address?: Address } | null)?.address;
  return a?.country
    ? { country: a.country, ...(a.subdivision ? { subdivision: a.subdivision } : {}) }
    : undefined;
};

/** `checkout_updated` for a checkout as written, with the fields the change named; its wire. */
export async function emitCheckoutUpdated(
  tx: Ctx,
  written: CheckoutRow,
  resolved: readonly ResolvedLine[],
  priced: Priced,
  modified: readonly string[],
) {
  const wire = checkoutWire(
    written,
    resolved,
    priced,
    wireMoney(priced.config.settings, tx.config.PUBLIC_URL),
  );
  await emitEvent(
    tx,
    {
      entityFqdn: CHECKOUT_FQDN,
      slug: 'updated',
      entityId: written.id,
      updatedEvent: {
        currentEntity: wire,
        modifiedFields: Object.fromEntries(modified.map((f) => [f, true])),
      },
    },
    { entityLocked: true },
  );
  return wire;
}

/**
 * Prices a checkout as stored now; with `coupon`, the coupon as read for an earlier pricing of it
 * (kept.ts), used when it is still of its code and buyer: the caller's write must then check it is
 * still so (store.ts `withCoupon`).
 */
export async function priceCheckout(
  ctx: Ctx,
  row: CheckoutRow,
  resolved: readonly ResolvedLine[],
  configRevision: number,
  coupon?: CouponRead,
): Promise<Priced> {
  return priceLines(ctx.db, configRevision, {
    resolved,
    couponCode: row.coupon?.code,
    customerKey: customerKey(row),
    ...(coupon ? { couponRead: coupon } : {}),
    giftCard: row.gift_card,
    merchantDiscounts: row.merchant_discounts,
    destination: destinationOf(row.shipping_destination),
    selectedShippingCode: row.selected_shipping?.code,
    now: ctx.clock.now(),
  });
}

async function present(
  ctx: Ctx,
  row: CheckoutRow,
  resolved: readonly ResolvedLine[],
  configRevision: number,
): Promise<WireCheckout> {
  const priced = await priceCheckout(ctx, row, resolved, configRevision);
  return checkoutWire(row, resolved, priced, wireMoney(priced.config.settings, ctx.config.PUBLIC_URL));
}

export const getCheckout = async (ctx: Ctx, id: string): Promise<WireCheckout> =>
  (await presentRead(ctx, { id })).wire;

export const getCheckoutByCartId = async (ctx: Ctx, cartId: string): Promise<WireCheckout> =>
  (await presentRead(ctx, { cartId })).wire;

/** A checkout as its GET answers it, with who owns it (`visitor:<id>`, `member:<id>` or null), from one read. */
export async function getCheckoutAndOwner(
  ctx: Ctx,
  id: string,
): Promise<{ checkout: WireCheckout; ownerKey: string | null }> {
  const { wire, row } = await presentRead(ctx, { id });
  return { checkout: wire, ownerKey: row.owner_key };
}

/**
 * The checkout read now (`load`, which keeps it), priced: with the coupon kept with it when the read
 * finds it still so, else read; a coupon read is kept with it.
 */
async function presentRead(ctx: Ctx, where: { id: string } | { cartId: string }) {
  const found = await load(ctx, where, { coupon: 'id' in where ? keptCouponOf(where.id) : undefined });
  const { row, configRevision, catalogRows, versions } = found;
  const { resolved } = await resolveStored(ctx.db, row.line_items, catalogRows);
  const priced = await priceCheckout(ctx, row, resolved, configRevision, found.coupon);
  if (priced.couponRead && priced.couponRead !== found.coupon && !ctx.db.isTransaction)
    keepCheckout({ row, catalogRows, configRevision, versions, coupon: priced.couponRead });
  return {
    row,
    wire: checkoutWire(row, resolved, priced, wireMoney(priced.config.settings, ctx.config.PUBLIC_URL)),
  };
}

/**
 * The hosted checkout page for this checkout, or the URL the caller set instead. The hosted page's
 * URL carries a single-use `checkoutToken` for the shopper (modules/hosted-checkout).
 */
export async function getCheckoutUrl(ctx: Ctx, id: string): Promise<string> {
  const { row } = await load(ctx, { id });
  if (row.override_checkout_url) return row.override_checkout_url;
  const url = `${ctx.config.PUBLIC_URL}/checkout?checkoutId=${row.id}`;
  const token = await ctx.services.ports.checkoutLinks.linkToken(ctx, row.id, row.owner_key);
  return token ? `${url}&checkoutToken=${token}` : url;
}

const giftCardOf = (code: string, redeem: string | undefined, currency: string) => {
  if (redeem === undefined) return { code };
  try {
    return { code, requestedAmountMinor: toMinor(redeem, currency) };
  } catch {
    throw violation('giftCardRedeemAmount', `is not a valid amount in ${currency}`, 'DECIMAL_MAX_SCALE');
  }
};

/** Checks a newly applied coupon, gift card or shipping option, refusing it with the contract's code. */
export function assertChoices(p: Priced, o: { coupon?: boolean; giftCard?: boolean; shipping?: boolean }) {
  if (o.coupon) assertAccepted(p, 'coupon');
  if (o.giftCard) assertAccepted(p, 'giftCard');
  if (o.shipping) {
    const m = p.output.messages.find((x) => x.code === 'SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND');
    if (m) throw new AppError(400, m.code, m.description);
  }
}

/** Applies `checkoutInfo` fields (all given ones, or those the mask names). */
const INFO_FIELDS = [
  'billingInfo',
  'shippingInfo',
  'shippingInfo.shippingDestination',
  'shippingInfo.selectedCarrierServiceOption',
  'buyerInfo',
  'buyerInfo.email',
  'buyerNote',
  'customFields',
  'businessLocationId',
  'purchaseFlowId',
] as const;
function applyInfo(
  w: CheckoutWrite,
  info: CheckoutInfoInput | undefined,
  mask: string[] | undefined,
): string[] {
  const i = info ?? {};
  const want = (path: string, present: boolean) =>
    mask ? mask.some((p) => p === path || path.startsWith(`${p}.`)) : present;
  const changed: string[] = [];
  if (want('billingInfo', !!i.billingInfo)) {
    w.billing_info = i.billingInfo ?? null;
    changed.push('billingInfo');
  }
  if (want('shippingInfo.shippingDestination', !!i.shippingInfo?.shippingDestination)) {
    w.shipping_destination = i.shippingInfo?.shippingDestination ?? null;
    changed.push('shippingInfo');
  }
  if (want('shippingInfo.selectedCarrierServiceOption', !!i.shippingInfo?.selectedCarrierServiceOption)) {
    w.selected_shipping = i.shippingInfo?.selectedCarrierServiceOption ?? null;
    changed.push('shippingInfo');
  }
  if (want('buyerInfo.email', i.buyerInfo?.email !== undefined)) {
    const { email: _old, ...rest } = w.buyer;
    w.buyer = { ...rest, ...(i.buyerInfo?.email ? { email: i.buyerInfo.email } : {}) };
    changed.push('buyerInfo');
  }
  if (want('buyerNote', i.buyerNote !== undefined)) {
    w.buyer_note = i.buyerNote ?? null;
    changed.push('buyerNote');
  }
  if (want('customFields', i.customFields !== undefined)) {
    w.custom_fields = i.customFields ?? [];
    changed.push('customFields');
  }
  if (want('businessLocationId', i.businessLocationId !== undefined)) {
    w.business_location_id = i.businessLocationId ?? null;
    changed.push('businessLocationId');
  }
  if (want('purchaseFlowId', i.purchaseFlowId !== undefined)) {
    w.purchase_flow_id = i.purchaseFlowId ?? null;
    changed.push('purchaseFlowId');
  }
  return [...new Set(changed)];
}

export async function buyerOf(ctx: Ctx, email: string | undefined): Promise<BuyerInfo> {
  const s = shopperOf(ctx.caller);
  if (s?.memberId) {
    const member = await getMember(ctx, s.memberId);
    return {
      memberId: s.memberId,
      ...(member ? { contactId: member.contactId ?? s.memberId } : {}),
      ...((email ?? member?.loginEmail) ? { email: email ?? member?.loginEmail } : {}),
    };
  }
  return { ...(s?.visitorId ? { visitorId: s.visitorId } : {}), ...(email ? { email } : {}) };
}

export function ownerKeyOf(ctx: Ctx): string | null {
  const s = shopperOf(ctx.caller);
  if (!s) return null;
  return s.memberId ? `member:${s.memberId}` : `visitor:${s.visitorId}`;
}

export const emptyWrite = (): CheckoutWrite => ({
  buyer: {},
  line_items: [],
  billing_info: null,
  shipping_destination: null,
  selected_shipping: null,
  buyer_note: null,
  coupon: null,
  gift_card: null,
  merchant_discounts: [],
  override_checkout_url: null,
  channel_type: 'WEB',
  custom_fields: [],
  purchase_flow_id: null,
  business_location_id: null,
  completed: false,
  order_id: null,
  payment_gateway_order_id: null,
});
export const writeOf = (row: CheckoutRow): CheckoutWrite => {
  const {
    id: _i,
    cart_id: _c,
    owner_key: _o,
    created_by: _b,
    revision: _r,
    created_at: _ca,
    updated_at: _u,
    ...w
  } = row;
  return w;
};

/** Inserts a new checkout after checking the buyer's choices; emits checkout_created. */
export async function insertNew(
  ctx: Ctx,
  w: CheckoutWrite,
  resolved: ResolvedLine[],
  configRevision: number,
  /**
   * The cart it is made from, or null: the link written on it expects the cart to link `expected`
   * still (cart port `linkCheckout`); `kept`: a kept cart's versions, to check.
   */
  cart: { id: string; expected: string | null; kept?: CartReadAt } | null,
  checks: { coupon?: boolean; giftCard?: boolean; shipping?: boolean },
  /** The lines' catalog rows and the versions they were read at: given, the new checkout is kept. */
  read?: Pick<KeptCheckout, 'catalogRows' | 'versions'>,
): Promise<WireCheckout> {
  const now = ctx.clock.now();
  const draft: CheckoutRow = {
    ...w,
    id: newId(),
    cart_id: cart?.id ?? null,
    owner_key: ownerKeyOf(ctx),
    created_by: createdByOf(ctx.caller),
    revision: 1,
    created_at: now,
    updated_at: now,
  };
  const priced = await priceCheckout(ctx, draft, resolved, configRevision);
  assertChoices(priced, checks);
  if (checks.coupon) draft.coupon = priced.coupon ?? null;
  let written: CheckoutRow | undefined;
  const made = await inTransaction(ctx, async (tx) => {
    const { revision: _r, ...values } = draft;
    const row = await sendNewCheckout(tx.db, values);
    written = row;
    const wire = checkoutWire(
      row,
      resolved,
      priced,
      wireMoney(priced.config.settings, ctx.config.PUBLIC_URL),
    );
    if (cart) await tx.services.ports.carts.linkCheckout(tx, cart.id, row.id, cart.expected, cart.kept);
    await emitEvent(
      tx,
      { entityFqdn: CHECKOUT_FQDN, slug: 'created', entityId: row.id, createdEvent: { entity: wire } },
      { entityLocked: true },
    );
    return wire;
  });
  if (read && written && !ctx.db.isTransaction)
    keepCheckout({ row: written, configRevision, ...read, coupon: priced.couponRead });
  return made;
}

export async function createCheckout(
  caller: Ctx,
  body: z.infer<typeof createCheckoutRequest>,
): Promise<WireCheckout> {
  // A checkout an app or the dashboard makes for a buyer is made on behalf of a new visitor of its
  // own: its owner, whom its checkout URL and payment link stand for (hosted-checkout), and the
  // order's buyer, who can then see and pay the order.
  // A member named by the site owner or an app (Create order for a member): the checkout is theirs.
  const ctx: Ctx =
    caller.caller.role === 'admin' && !caller.caller.onBehalfOf
      ? {
          ...caller,
          caller: {
            ...caller.caller,
            onBehalfOf: await forBuyer(caller, body.checkoutInfo?.buyerInfo?.memberId ?? undefined),
          },
        }
      : caller;
  const lines = body.lineItems ?? [];
  if (!lines.length && !body.customLineItems?.length)
    throw violation('lineItems', 'a checkout needs at least one line item', 'REQUIRED_FIELD');
  const refs = lines.map((l) => l.catalogReference);
  const extra = extraRowsFor(refs);
  // The items to add are read with the configuration revision when each names its variant.
  const { configRevision, extraRows } = extra
    ? await readConfigWith(ctx.db, extra)
    : { configRevision: await readConfigRevision(ctx.db), extraRows: undefined };
  const { currency } = (await pricingConfig.get(ctx.db, configRevision)).settings;
  checkCustomPrices(body as AddItems, currency);
  const extraItems = await resolveExtra(ctx.db, refs, extraRows);
  const { resolved } = addLines([], body as AddItems, extraItems, isApp(ctx));
  const w = emptyWrite();
  w.line_items = resolved.map((r) => r.line);
  w.channel_type = body.channelType;
  w.buyer = await buyerOf(ctx, body.checkoutInfo?.buyerInfo?.email);
  applyInfo(w, body.checkoutInfo, undefined);
  if (body.couponCode) w.coupon = { id: '', code: body.couponCode };
  if (body.giftCardCode) w.gift_card = giftCardOf(body.giftCardCode, body.giftCardRedeemAmount, currency);
  if (body.overrideCheckoutUrl) w.override_checkout_url = body.overrideCheckoutUrl;
  if (body.merchantDiscounts)
    w.merchant_discounts = merchantDiscountsOf(caller, body.merchantDiscounts, currency);
  return insertNew(ctx, w, resolved, configRevision, null, {
    coupon: !!body.couponCode,
    giftCard: !!body.giftCardCode,
    shipping: !!w.selected_shipping,
  });
}

type Change = {
  write: CheckoutWrite;
  resolved: ResolvedLine[];
  modified: string[];
  checks?: { coupon?: boolean; giftCard?: boolean; shipping?: boolean };
};

const checkoutIsComplete = (id: string) =>
  new AppError(400, 'CHECKOUT_IS_COMPLETE', 'This checkout is completed: an order was placed from it.', {
    id,
  });

/**
 * Changes a checkout with optimistic concurrency and emits checkout_updated in the same transaction.
 * Outside a caller's transaction, a change that adds no items is first made from the checkout as
 * this process kept it (kept.ts), without reading it: its write checks that the checkout, the
 * catalog, the configuration and the lines' stock are as kept. If they are not, or anything else
 * fails, the kept checkout is dropped and the change reads the checkout and runs again, so an
 * answer or an error never comes from a kept state that was not current.
 */
async function mutate(
  ctx: Ctx,
  id: string,
  change: (
    row: CheckoutRow,
    resolved: ResolvedLine[],
    currency: string,
    extraRows?: unknown,
  ) => Promise<Change>,
  o: {
    /** The catalog rows of items the change adds, read with the checkout (`extraRowsFor`). */
    extra?: ExtraIds;
    /** The change may add items: their catalog rows are not among the kept ones. */
    adds?: boolean;
  } = {},
): Promise<WireCheckout> {
  const outside = !ctx.db.isTransaction;
  let kept = o.adds ? undefined : keptFor(ctx, id);
  /** The coupon kept with the checkout: a read checks it is still so instead of reading it again. */
  const coupon = kept?.coupon ?? keptCouponOf(id);
  /** The versions of a kept checkout whose write failed: its stock, when found moved, is noted. */
  let failed: KeptCheckout['versions'] | undefined;
  for (let attempt = 0; attempt < 5; attempt++) {
    const read = kept ?? (await load(ctx, { id }, { extra: o.extra, coupon }));
    const { row, configRevision, catalogRows, versions } = read;
    if (failed && failed.stockVersion !== versions.stockVersion)
      noteStockMoved(failed.stockIds, ctx.clock.now().getTime());
    failed = undefined;
    const extraRows = 'extraRows' in read ? read.extraRows : undefined;
    const run = async () => {
      if (row.completed) throw checkoutIsComplete(id);
      const { currency } = (await pricingConfig.get(ctx.db, configRevision)).settings;
      const { resolved: current } = await resolveStored(ctx.db, row.line_items, catalogRows);
      const { write, resolved, modified, checks } = await change(row, current, currency, extraRows);
      const draft: CheckoutRow = { ...row, ...write };
      const priced = await priceCheckout(ctx, draft, resolved, configRevision, read.coupon);
      if (checks) assertChoices(priced, checks);
      if (checks?.coupon) write.coupon = priced.coupon ?? null;
      return inTransaction(ctx, async (tx) => {
        const now = tx.clock.now();
        const updated = kept
          ? await sendKeptCheckoutWrite(tx.db, row, write, now, withCoupon(versions, priced.couponRead))
          : await sendCheckoutWrite(tx.db, row, write, now);
        const wire = await emitCheckoutUpdated(tx, updated, resolved, priced, modified);
        return { wire, updated, coupon: priced.couponRead };
      });
    };
    const saved = await run().catch((e: unknown) => {
      // Made from a kept checkout that was not current (or failing for any other reason): drop it
      // and run again from the checkout as read now.
      if (kept) return undefined;
      // Another request wrote the checkout first: read it again and retry (in a transaction of
      // our own: a caller's would have failed with it).
      if (isRowChanged(e) && outside) return undefined;
      throw e;
    });
    if (saved) {
      // The lines' catalog rows and versions hold for the checkout as written unless it added items.
      if (outside && !o.adds)
        keepCheckout({ row: saved.updated, catalogRows, configRevision, versions, coupon: saved.coupon });
      else forgetCheckout(id);
      return saved.wire;
    }
    if (kept) {
      forgetCheckout(id);
      failed = kept.versions;
      kept = undefined;
      attempt--;
    }
  }
  throw conflict('CHECKOUT_CHANGED', 'The checkout changed while this request ran; try again.');
}

/**
 * mutate for a change that may add `add`'s items: those naming their variant are read with the
 * checkout (`extraRowsFor`), the others looked up; custom lines' prices are checked first.
 */
function mutateAdding(
  ctx: Ctx,
  id: string,
  add: AddItems,
  change: (
    row: CheckoutRow,
    resolved: ResolvedLine[],
    currency: string,
    extraItems: Awaited<ReturnType<typeof resolveExtra>>,
  ) => Promise<Change>,
): Promise<WireCheckout> {
  const refs = (add.lineItems ?? []).map((l) => l.catalogReference);
  return mutate(
    ctx,
    id,
    async (row, current, currency, extraRows) => {
      checkCustomPrices(add, currency);
      return change(row, current, currency, await resolveExtra(ctx.db, refs, extraRows));
    },
    { extra: extraRowsFor(refs), adds: refs.length > 0 || !!add.customLineItems?.length },
  );
}

export async function updateCheckout(
  ctx: Ctx,
  id: string,
  body: z.infer<typeof updateCheckoutRequest>,
): Promise<WireCheckout> {
  if (body.checkout?.id && body.checkout.id !== id)
    throw violation('checkout.id', 'must match the path', 'VALIDATION');
  const mask = body.fieldMask
    ?.split(',')
    .map((f) => f.trim().replace(/^checkout\./, ''))
    .filter(Boolean);
  const unknown = mask?.find((f) => !(INFO_FIELDS as readonly string[]).includes(f));
  if (unknown)
    throw violation(
      'fieldMask',
      `${unknown} cannot be updated; allowed: ${INFO_FIELDS.join(', ')}`,
      'VALIDATION',
    );
  return mutateAdding(ctx, id, body as AddItems, async (row, current, currency, extraItems) => {
    const w = writeOf(row);
    const modified = applyInfo(w, body.checkout, mask);
    let resolved = current;
    if (body.lineItems?.length || body.customLineItems?.length) {
      resolved = addLines(current, body as AddItems, extraItems, isApp(ctx)).resolved;
      w.line_items = resolved.map((r) => r.line);
      modified.push('lineItems');
    }
    if (body.couponCode) {
      w.coupon = { id: '', code: body.couponCode };
      modified.push('appliedDiscounts');
    }
    if (body.giftCardCode) {
      w.gift_card = giftCardOf(body.giftCardCode, body.giftCardRedeemAmount, currency);
      modified.push('giftCard');
    }
    if (body.overrideCheckoutUrl) {
      w.override_checkout_url = body.overrideCheckoutUrl;
      modified.push('overrideCheckoutUrl');
    }
    if (body.merchantDiscounts) {
      w.merchant_discounts = merchantDiscountsOf(ctx, body.merchantDiscounts, currency);
      modified.push('appliedDiscounts');
    }
    const shipping = modified.includes('shippingInfo') && !!w.selected_shipping;
    return {
      write: w,
      resolved,
      modified,
      checks: { coupon: !!body.couponCode, giftCard: !!body.giftCardCode, shipping },
    };
  });
}

export const removeCoupon = (ctx: Ctx, id: string) =>
  mutate(ctx, id, async (row, resolved) => ({
    write: { ...writeOf(row), coupon: null },
    resolved,
    modified: ['appliedDiscounts'],
  }));
export const removeGiftCard = (ctx: Ctx, id: string) =>
  mutate(ctx, id, async (row, resolved) => ({
    write: { ...writeOf(row), gift_card: null },
    resolved,
    modified: ['giftCard'],
  }));
export const removeOverrideCheckoutUrl = (ctx: Ctx, id: string) =>
  mutate(ctx, id, async (row, resolved) => ({
    write: { ...writeOf(row), override_checkout_url: null },
    resolved,
    modified: ['overrideCheckoutUrl'],
  }));

export async function addToCheckout(ctx: Ctx, id: string, add: AddItems): Promise<WireCheckout> {
  if (!add.lineItems?.length && !add.customLineItems?.length)
    throw violation('lineItems', 'add at least one line item', 'REQUIRED_FIELD');
  return mutateAdding(ctx, id, add, async (row, current, _currency, extraItems) => {
    const { resolved } = addLines(current, add, extraItems, isApp(ctx));
    return {
      write: { ...writeOf(row), line_items: resolved.map((r) => r.line) },
      resolved,
      modified: ['lineItems'],
    };
  });
}

export const removeCheckoutLineItems = (ctx: Ctx, id: string, lineItemIds: string[]) =>
  mutate(ctx, id, async (row, current) => {
    const resolved = removeLines(current, lineItemIds);
    return {
      write: { ...writeOf(row), line_items: resolved.map((r) => r.line) },
      resolved,
      modified: ['lineItems'],
    };
  });

export const updateCheckoutLineItemsQuantity = (
  ctx: Ctx,
  id: string,
  lineItems: { id: string; quantity: number }[],
) =>
  mutate(ctx, id, async (row, current) => {
    const resolved = setQuantities(current, lineItems);
    return {
      write: { ...writeOf(row), line_items: resolved.map((r) => r.line) },
      resolved,
      modified: ['lineItems'],
    };
  });

/**
 * Marks the checkout completed (an order was placed elsewhere, or by create-order) and emits
 * checkout_completed. Completing twice is a no-op.
 */
export async function markCheckoutAsCompleted(ctx: Ctx, id: string, orderId?: string): Promise<void> {
  forgetCheckout(id);
  await inTransaction(ctx, async (tx) => {
    const { row, configRevision } = await load(tx, { id }, { forUpdate: true });
    if (row.completed) return;
    const updated = await updateCheckoutRow(
      tx.db,
      row.id,
      row.revision,
      { completed: true, ...(orderId ? { order_id: orderId } : {}) },
      tx.clock.now(),
    );
    if (!updated)
      throw conflict('CHECKOUT_CHANGED', 'The checkout changed while this request ran; try again.');
    const { resolved } = await lookupLines(tx.db, updated.line_items);
    const wire = await present(tx, updated, resolved, configRevision);
    await emitEvent(
      tx,
      {
        entityFqdn: CHECKOUT_FQDN,
        slug: 'completed',
        entityId: row.id,
        actionEvent: { body: { checkout: wire } },
      },
      { entityLocked: true },
    );
  });
}
