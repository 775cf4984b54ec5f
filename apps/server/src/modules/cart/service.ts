import { ENTITY_FQDN } from '@vitrine/contract';
import type { z } from 'zod';
import type {
  CatalogReference,
  addToCartRequest,
  createCheckoutFromCartRequest,
  estimateTotalsRequest,
  updateCurrentCartRequest,
} from '@vitrine/contract';
import { shopperOf, type Ctx } from '../../platform/context.ts';
import { isRowChanged } from '../../platform/db/statement.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, conflict, forbidden, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { rawJson, type RawJson } from '../../platform/http/raw-json.ts';
import { newId } from '../../platform/ids.ts';
import { toMinor } from '../../platform/money.ts';
import { assertAccepted, isPriced, priceLines, pricingConfig, type PricingConfig } from '../lines/index.ts';
import {
  addLines,
  checkCustomPrices,
  extraRowsFor,
  mergeLines,
  removeLines,
  resolveStored,
  setQuantities,
  type ResolvedLine,
} from '../lines/index.ts';
import { cartLineItem, unitPriceMinor, wireMoney, type WireMoney } from '../lines/index.ts';
import {
  createCheckoutFromCart as newCheckoutFromCart,
  noteStockMovedFor,
  stockMovingFor,
} from '../checkout/index.ts';
import { estimateWire, type ExtraIds } from '../lines/index.ts';
import { movedSince, stockMoves } from '../catalog/index.ts';
import { takeNewVisitor } from '../oauth/index.ts';
import {
  countCartSourceUse,
  countItemsUse,
  forgetCartSource,
  forgetItems,
  KEPT_ITEMS_PAUSE_MS,
  keepCart,
  keepItems,
  keptItems,
  keepCartSource,
  keptCart,
  keptCartSource,
  keptStockIds,
  type KeptCartSource,
  type KeptItems,
} from './kept.ts';
import {
  deleteCart,
  readCarts,
  readCartVersions,
  sendCartDelete,
  sendExpectedCartDelete,
  reownCart,
  sendCartWrite,
  sendItemsStillAt,
  sendNewCart,
  updateCart,
  withStock,
  type CartRow,
  type CartWrite,
  type ExtraRead,
} from './store.ts';

export const CART_FQDN = ENTITY_FQDN.cart;

/** Whose current cart this call is about: the caller's own key, and the visitor key a member logged in from. */
function owner(ctx: Ctx) {
  const shopper = shopperOf(ctx.caller);
  if (!shopper)
    throw forbidden(
      'The current cart belongs to a visitor or member: call with their access token (or an elevated `<token>,<API key>` header).',
    );
  const own = shopper.memberId ? `member:${shopper.memberId}` : `visitor:${shopper.visitorId}`;
  const fromVisitor = shopper.memberId && shopper.visitorId ? `visitor:${shopper.visitorId}` : undefined;
  return { shopper, own, fromVisitor };
}

export const customerKeyOf = (ctx: Ctx): string | undefined => {
  const s = shopperOf(ctx.caller);
  return s?.memberId ? `member:${s.memberId}` : undefined;
};

/**
 * The lines that count (in the catalog and purchasable now, or custom) at their prices times their
 * quantities: before discounts, tax and shipping, as the checkout's and the estimate's `subtotal`.
 */
const subtotalMinor = (resolved: readonly ResolvedLine[], m: WireMoney) =>
  resolved.filter(isPriced).reduce((n, r) => n + (unitPriceMinor(r, m) ?? 0) * r.line.quantity, 0);

function cartWire(row: CartRow, resolved: readonly ResolvedLine[], m: WireMoney, config: PricingConfig) {
  const buyerInfo = row.member_id ? { memberId: row.member_id } : { visitorId: row.visitor_id };
  return {
    id: row.id,
    lineItems: resolved.map((r) => cartLineItem(r, m)),
    subtotal: m(subtotalMinor(resolved, m)),
    ...(row.buyer_note ? { buyerNote: row.buyer_note } : {}),
    buyerInfo,
    currency: m.currency,
    conversionCurrency: m.currency,
    paymentCurrency: m.currency,
    buyerLanguage: m.language,
    siteLanguage: m.language,
    taxIncludedInPrices: config.settings.pricesIncludeTax,
    weightUnit: m.weightUnit,
    ...(row.checkout_id ? { checkoutId: row.checkout_id } : {}),
    appliedDiscounts: [
      ...(row.coupon ? [{ coupon: { id: row.coupon.id, code: row.coupon.code } }] : []),
      ...row.merchant_discounts.map((d) => ({ merchantDiscount: { amount: m(d.amountMinor) } })),
    ],
    createdDate: row.created_at.toISOString(),
    updatedDate: row.updated_at.toISOString(),
    ...(row.contact_info ? { contactInfo: row.contact_info } : {}),
    ...(row.override_checkout_url ? { overrideCheckoutUrl: row.override_checkout_url } : {}),
    ...(row.purchase_flow_id ? { purchaseFlowId: row.purchase_flow_id } : {}),
    ...(row.selected_shipping_option ? { selectedShippingOption: row.selected_shipping_option } : {}),
    ...(row.business_location_id ? { businessLocationId: row.business_location_id } : {}),
    revision: String(row.revision),
  };
}
export type WireCart = ReturnType<typeof cartWire>;

const writeOf = (c: CartRow | undefined): CartWrite => ({
  line_items: c?.line_items ?? [],
  buyer_note: c?.buyer_note ?? null,
  contact_info: c?.contact_info ?? null,
  coupon: c?.coupon ?? null,
  merchant_discounts: c?.merchant_discounts ?? [],
  selected_shipping_option: c?.selected_shipping_option ?? null,
  override_checkout_url: c?.override_checkout_url ?? null,
  purchase_flow_id: c?.purchase_flow_id ?? null,
  business_location_id: c?.business_location_id ?? null,
  checkout_id: c?.checkout_id ?? null,
});

/**
 * The caller's cart (and configuration revision) in one statement. A member who logged in from a
 * visitor session with a cart gets that cart: handed over when the member has none, merged in
 * (and the visitor's deleted) when both exist.
 */
async function loadOwned(
  ctx: Ctx,
  extra?: ExtraIds,
): Promise<{ cart?: LoadedCart; configRevision: number; extraRows?: unknown; extraRead?: ExtraRead }> {
  const o = owner(ctx);
  for (let attempt = 0; attempt < 5; attempt++) {
    const read = await readCarts(ctx.db, o.fromVisitor ? [o.own, o.fromVisitor] : [o.own], extra);
    const { carts, configRevision, extraRows } = read;
    const mine = carts.find((c) => c.owner_key === o.own);
    const visitors = o.fromVisitor ? carts.find((c) => c.owner_key === o.fromVisitor) : undefined;
    if (!visitors) return { cart: mine, configRevision, extraRows, extraRead: read.extra };
    const merged = await inTransaction(ctx, async (tx) => {
      const now = tx.clock.now();
      if (!mine) {
        const row = await reownCart(tx.db, visitors.id, visitors.revision, o.own, o.shopper.memberId!, now);
        if (row)
          await emitEvent(
            tx,
            {
              entityFqdn: CART_FQDN,
              slug: 'updated',
              entityId: row.id,
              updatedEvent: {
                currentEntity: { id: row.id, buyerInfo: { memberId: row.member_id } },
                modifiedFields: { buyerInfo: true },
              },
            },
            { entityLocked: true },
          );
        return row;
      }
      const gone = await deleteCart(tx.db, visitors.id);
      if (!gone) return undefined;
      await emitEvent(
        tx,
        { entityFqdn: CART_FQDN, slug: 'deleted', entityId: visitors.id, deletedEvent: {} },
        { entityLocked: true },
      );
      const coupon = mine.coupon ?? visitors.coupon;
      const row = await updateCart(
        tx.db,
        mine.id,
        mine.revision,
        { ...writeOf(mine), coupon, line_items: mergeLines(mine.line_items, visitors.line_items) },
        now,
      );
      if (!row) throw conflict('CART_CHANGED', 'The cart changed while it was being merged; try again.');
      await emitEvent(
        tx,
        {
          entityFqdn: CART_FQDN,
          slug: 'updated',
          entityId: row.id,
          updatedEvent: { currentEntity: { id: row.id }, modifiedFields: { lineItems: true } },
        },
        { entityLocked: true },
      );
      return row;
    }).catch((e: unknown) => {
      if (e instanceof AppError && e.code === 'CART_CHANGED') return undefined;
      throw e;
    });
    if (merged) return { cart: merged, configRevision };
  }
  throw conflict('CART_CHANGED', 'The cart changed while this request ran; try again.');
}

/**
 * A cart as loaded: with its lines' catalog rows and its answer version when read (not after a
 * merge rewrote it).
 */
type LoadedCart = CartRow & {
  catalog_rows?: unknown;
  base_version?: string;
  stock_version?: string;
  stock_ids?: string[];
  catalog_rev?: string;
};

const resolveCart = (
  ctx: Ctx,
  cart: LoadedCart | undefined,
  extra: readonly CatalogReference[] = [],
  extraRows?: unknown,
) => resolveStored(ctx.db, cart?.line_items ?? [], cart?.catalog_rows, extra, extraRows);

const cartNotFound = () =>
  new AppError(404, 'OWNED_CART_NOT_FOUND', 'This visitor or member has no cart yet.');

async function present(ctx: Ctx, row: CartRow, resolved: readonly ResolvedLine[], configRevision: number) {
  const config = await pricingConfig.get(ctx.db, configRevision);
  return cartWire(row, resolved, wireMoney(config.settings, ctx.config.PUBLIC_URL), config);
}

/**
 * The caller's cart as the answer's JSON (`{"cart": …}`): the kept answer when nothing it is made of
 * has changed since (kept.ts), else priced now and kept. One small statement when kept, two when not.
 */
export async function currentCartAnswer(ctx: Ctx): Promise<RawJson> {
  const o = owner(ctx);
  // The kept answer's version is read with the stock of the variants it was made with, or without
  // stock when no line's stock is tracked (or nothing is kept: the version then matches nothing).
  const versions = await readCartVersions(ctx.db, o.fromVisitor ? [o.own, o.fromVisitor] : [o.own], {
    stockIds: keptStockIds(o.own),
  });
  if (versions.length === 0) throw cartNotFound();
  // A member's cart with a visitor's still to merge in is never kept: loadOwned merges it.
  const version =
    versions.length === 1 && versions[0]!.owner_key === o.own ? versions[0]!.version : undefined;
  const hit = version === undefined ? undefined : keptCart(o.own, version);
  if (hit) return hit;
  const { cart, configRevision } = await loadOwned(ctx);
  if (!cart) throw cartNotFound();
  const { resolved } = await resolveCart(ctx, cart);
  const text = JSON.stringify({ cart: await present(ctx, cart, resolved, configRevision) });
  // Kept with the version read in the statement that read the cart (a merged cart was not read so).
  if (!cart.base_version || cart.owner_key !== o.own) return rawJson(text);
  // No line's quantity shows when none is tracked; switching tracking on moves the catalog revision.
  if (resolved.every((r) => !r.item?.tracked)) return keepCart(o.own, cart.base_version, text);
  return keepCart(o.own, withStock(cart.base_version, cart.stock_version ?? ''), text, cart.stock_ids ?? []);
}

type Change = { write: CartWrite; resolved: ResolvedLine[]; modified: string[] };
type ChangeFn = (
  cart: LoadedCart | undefined,
  configRevision: number,
  extraRows?: unknown,
) => Promise<Change>;

/**
 * Applies `change` to the caller's cart with optimistic concurrency (the revision is checked in the
 * UPDATE) and writes the cart event in the same transaction; retried when another request won.
 * `extra`: catalog rows to read with the cart (items to add), handed to `change`.
 *
 * A visitor this process has just created (oauth `takeNewVisitor`) adding items kept from an earlier
 * read (kept.ts KeptItems) first gets a new cart made without a read: its transaction checks that
 * the items are still as kept and that the visitor has no cart (the insert). If either fails, or
 * anything else does, it runs again from a read, so no answer comes from a state that was not current.
 */
async function mutate(ctx: Ctx, create: boolean, change: ChangeFn, extra?: ExtraIds): Promise<WireCart> {
  const o = owner(ctx);
  forgetCartSource(o.own);
  const outside = !ctx.db.isTransaction;
  const ids = extra?.variantIds;
  // Asked once, on the visitor's first change of any kind: from then on they may have a cart.
  const visitor = o.shopper.memberId ? undefined : o.shopper.visitorId;
  const isNew = visitor !== undefined && takeNewVisitor(visitor);
  /** The items kept that a cart could not be made from (not current). */
  let failed: KeptItems | undefined;
  if (isNew && create && extra && ids?.length && outside) {
    const tried = await fromKeptItems(ctx, o, ids, change, extra);
    if (tried?.saved) return tried.saved;
    failed = tried?.failed;
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const mark = stockMoves(ctx);
    const { cart, configRevision, extraRows, extraRead } = await loadOwned(ctx, extra);
    if (!cart && !create) throw cartNotFound();
    if (!cart && ids?.length && extraRead)
      keepReadItems(ctx, ids, { ...extraRead, configRevision, stockMoves: mark }, failed);
    failed = undefined;
    const saved = await save(
      ctx,
      o,
      cart,
      configRevision,
      await change(cart, configRevision, extraRows),
      extraRead,
      extra,
    ).catch((e: unknown) => {
      // Someone else wrote the cart (or made the owner's) first: read it again and retry (in a
      // transaction of our own: a caller's would have failed with it).
      if (isRowChanged(e) && outside) return undefined;
      throw e;
    });
    if (saved) return saved;
  }
  throw conflict('CART_CHANGED', 'The cart changed while this request ran; try again.');
}

/**
 * A new cart of the items kept for `ids` (kept.ts KeptItems), made without a read: undefined when
 * none are kept, they are paused, or this process has moved their stock since they were read (an
 * order of them: they are stale, and the read keeps them again); `failed` when the cart could not be
 * made from them.
 */
async function fromKeptItems(
  ctx: Ctx,
  o: ReturnType<typeof owner>,
  ids: readonly string[],
  change: ChangeFn,
  extra: ExtraIds,
): Promise<{ saved?: WireCart; failed?: KeptItems } | undefined> {
  const kept = keptItems(ids);
  const now = ctx.clock.now().getTime();
  if (
    !kept ||
    (kept.notBefore ?? 0) > now ||
    stockMovingFor(kept.stockIds, now) ||
    movedSince(ctx, kept.stockIds, kept.stockMoves)
  )
    return undefined;
  const { configRevision, stockMoves: _, ...read } = kept;
  const changed = await change(undefined, configRevision, read.rows).catch(() => undefined);
  const saved = await save(ctx, o, undefined, configRevision, changed, read, extra, true).catch(() => {});
  if (saved) {
    countItemsUse();
    return { saved };
  }
  forgetItems(ids);
  return { failed: kept };
}

/**
 * Keeps the items of a new cart as read (`read`: no cart's lines among them) for the next new
 * visitor's; paused for a while when their stock moved since they were kept before (`failed`: an
 * item that sells often), or still paused from before.
 */
function keepReadItems(ctx: Ctx, ids: readonly string[], read: KeptItems, failed: KeptItems | undefined) {
  const now = ctx.clock.now().getTime();
  const moved = failed !== undefined && failed.stockVersion !== read.stockVersion;
  const paused = keptItems(ids)?.notBefore;
  const notBefore = moved ? now + KEPT_ITEMS_PAUSE_MS : paused && paused > now ? paused : undefined;
  keepItems(ids, { ...read, ...(notBefore ? { notBefore } : {}) });
}

/**
 * Writes `changed` (a new cart when `cart` is undefined) and its event in one transaction, and keeps
 * what the cart was made from (kept.ts KeptCartSource). `fromKept`: the added items' rows were kept
 * from an earlier read (`extraRead`), and the transaction checks they are still current.
 */
async function save(
  ctx: Ctx,
  o: ReturnType<typeof owner>,
  cart: LoadedCart | undefined,
  configRevision: number,
  changed: Change | undefined,
  extraRead: ExtraRead | undefined,
  extra: ExtraIds | undefined,
  fromKept = false,
): Promise<WireCart | undefined> {
  if (!changed) return undefined;
  const { write, resolved, modified } = changed;
  const config = await pricingConfig.get(ctx.db, configRevision);
  const m = wireMoney(config.settings, ctx.config.PUBLIC_URL);
  let written: CartRow | undefined;
  const saved = await inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    if (fromKept && extraRead)
      await sendItemsStillAt(tx.db, { ...extraRead, configRev: String(configRevision) });
    const row = cart
      ? await sendCartWrite(tx.db, cart, write, now)
      : await sendNewCart(tx.db, {
          id: newId(),
          owner_key: o.own,
          visitor_id: o.shopper.visitorId ?? null,
          member_id: o.shopper.memberId ?? null,
          ...write,
          created_at: now,
          updated_at: now,
        });
    written = row;
    const wire = cartWire(row, resolved, m, config);
    await emitEvent(
      tx,
      cart
        ? {
            entityFqdn: CART_FQDN,
            slug: 'updated',
            entityId: row.id,
            updatedEvent: {
              currentEntity: wire,
              modifiedFields: Object.fromEntries(modified.map((f) => [f, true])),
            },
          }
        : { entityFqdn: CART_FQDN, slug: 'created', entityId: row.id, createdEvent: { entity: wire } },
      { entityLocked: true },
    );
    return wire;
  });
  const source =
    !o.fromVisitor && written && !ctx.db.isTransaction
      ? sourceOf(written, configRevision, cart, extra, extraRead)
      : undefined;
  if (source) keepCartSource(o.own, source);
  return saved;
}

/**
 * What a cart just written (`row`) was made from, to keep (kept.ts KeptCartSource): the catalog rows
 * of its lines and the versions they were read at, from the cart as read (`cart`, undefined for a
 * new one) and the items added (`extraRead`, when `extra` asked for them). Undefined when any is
 * missing (a merged cart, items named by their product alone).
 */
function sourceOf(
  row: CartRow,
  configRevision: number,
  cart: LoadedCart | undefined,
  extra: ExtraIds | undefined,
  extraRead: ExtraRead | undefined,
): KeptCartSource | undefined {
  const revision = String(row.revision);
  const configRev = String(configRevision);
  if (cart && (cart.catalog_rows === undefined || cart.base_version === undefined)) return undefined;
  if (extra) {
    if (!extraRead) return undefined;
    const { catalogRev, stockIds, stockVersion } = extraRead;
    const rows = [...((cart?.catalog_rows as unknown[]) ?? []), ...((extraRead.rows as unknown[]) ?? [])];
    return {
      row,
      catalogRows: rows,
      configRevision,
      at: { revision, catalogRev, configRev, stockIds, stockVersion },
    };
  }
  if (!cart?.catalog_rev || !cart.stock_ids || cart.stock_version === undefined) return undefined;
  return {
    row,
    catalogRows: cart.catalog_rows as unknown[],
    configRevision,
    at: {
      revision,
      catalogRev: cart.catalog_rev,
      configRev,
      stockIds: cart.stock_ids,
      stockVersion: cart.stock_version,
    },
  };
}

const isApp = (ctx: Ctx) => ctx.caller.role === 'admin';

async function currency(ctx: Ctx, configRevision: number) {
  return (await pricingConfig.get(ctx.db, configRevision)).settings.currency;
}

export async function addToCurrentCart(ctx: Ctx, body: z.infer<typeof addToCartRequest>): Promise<WireCart> {
  if (!body.lineItems?.length && !body.customLineItems?.length)
    throw violation('lineItems', 'add at least one line item', 'REQUIRED_FIELD');
  const refs = (body.lineItems ?? []).map((l) => l.catalogReference);
  return mutate(
    ctx,
    true,
    async (cart, rev, extraRows) => {
      checkCustomPrices(body, await currency(ctx, rev));
      const { resolved, extraItems } = await resolveCart(ctx, cart, refs, extraRows);
      const added = addLines(resolved, body, extraItems, isApp(ctx));
      const write = {
        ...writeOf(cart),
        line_items: added.resolved.map((r) => r.line),
        ...(body.businessLocationId ? { business_location_id: body.businessLocationId } : {}),
      };
      return { write, resolved: added.resolved, modified: ['lineItems'] };
    },
    extraRowsFor(refs),
  );
}

const CART_INFO_FIELDS = {
  buyerNote: 'buyer_note',
  contactInfo: 'contact_info',
  businessLocationId: 'business_location_id',
  selectedShippingOption: 'selected_shipping_option',
  overrideCheckoutUrl: 'override_checkout_url',
  purchaseFlowId: 'purchase_flow_id',
} as const;

export async function updateCurrentCart(
  ctx: Ctx,
  body: z.infer<typeof updateCurrentCartRequest>,
): Promise<WireCart> {
  if (body.merchantDiscounts && !isApp(ctx))
    throw forbidden('Only the site owner and apps may set merchant discounts.');
  const mask = body.cartFieldmask
    ?.split(',')
    .map((f) => f.trim().replace(/^cartInfo\./, ''))
    .filter(Boolean);
  const unknown = mask?.find((f) => !(f in CART_INFO_FIELDS));
  if (unknown)
    throw violation(
      'cartFieldmask',
      `${unknown} cannot be updated; allowed: ${Object.keys(CART_INFO_FIELDS).join(', ')}`,
      'VALIDATION',
    );
  return mutate(ctx, true, async (cart, rev) => {
    const cur = await currency(ctx, rev);
    checkCustomPrices(body, cur);
    const { resolved: current, extraItems } = await resolveCart(
      ctx,
      cart,
      (body.lineItems ?? []).map((l) => l.catalogReference),
    );
    const write = writeOf(cart);
    const modified: string[] = [];
    const info = (body.cartInfo ?? {}) as Record<string, unknown>;
    for (const [field, column] of Object.entries(CART_INFO_FIELDS)) {
      const inMask = mask ? mask.includes(field) : field in info;
      if (!inMask) continue;
      (write as Record<string, unknown>)[column] = info[field] ?? null;
      modified.push(field);
    }
    let resolved = current;
    if (body.lineItems?.length || body.customLineItems?.length) {
      resolved = addLines(current, body, extraItems, isApp(ctx)).resolved;
      write.line_items = resolved.map((r) => r.line);
      modified.push('lineItems');
    }
    if (body.merchantDiscounts) {
      const scoped = body.merchantDiscounts.findIndex((d) => d.lineItemIds?.length);
      if (scoped >= 0)
        throw violation(
          `merchantDiscounts.${scoped}.lineItemIds`,
          'is not supported: a merchant discount applies to the whole cart',
          'FIELD_NOT_ALLOWED',
        );
      write.merchant_discounts = body.merchantDiscounts.map((d, i) => {
        try {
          return { amountMinor: toMinor(d.amount, cur) };
        } catch {
          throw violation(
            `merchantDiscounts.${i}.amount`,
            `is not a valid amount in ${cur}`,
            'DECIMAL_MAX_SCALE',
          );
        }
      });
      modified.push('appliedDiscounts');
    }
    if (body.couponCode) {
      const priced = await priceLines(ctx.db, rev, {
        resolved,
        couponCode: body.couponCode,
        customerKey: customerKeyOf(ctx),
        now: ctx.clock.now(),
      });
      assertAccepted(priced, 'coupon');
      write.coupon = priced.coupon ?? null;
      modified.push('appliedDiscounts');
    }
    return { write, resolved, modified };
  });
}

export async function removeLineItemsFromCurrentCart(ctx: Ctx, lineItemIds: string[]): Promise<WireCart> {
  return mutate(ctx, false, async (cart) => {
    const { resolved } = await resolveCart(ctx, cart);
    const left = removeLines(resolved, lineItemIds);
    return {
      write: { ...writeOf(cart), line_items: left.map((r) => r.line) },
      resolved: left,
      modified: ['lineItems'],
    };
  });
}

export async function updateCurrentCartLineItemQuantity(
  ctx: Ctx,
  lineItems: { id: string; quantity: number }[],
): Promise<WireCart> {
  return mutate(ctx, false, async (cart) => {
    const { resolved } = await resolveCart(ctx, cart);
    const next = setQuantities(resolved, lineItems);
    return {
      write: { ...writeOf(cart), line_items: next.map((r) => r.line) },
      resolved: next,
      modified: ['lineItems'],
    };
  });
}

export async function removeCouponFromCurrentCart(ctx: Ctx): Promise<WireCart> {
  return mutate(ctx, false, async (cart) => {
    const { resolved } = await resolveCart(ctx, cart);
    return { write: { ...writeOf(cart), coupon: null }, resolved, modified: ['appliedDiscounts'] };
  });
}

export async function deleteCurrentCart(ctx: Ctx): Promise<void> {
  forgetCartSource(owner(ctx).own);
  const { cart } = await loadOwned(ctx);
  if (!cart) throw cartNotFound();
  await inTransaction(ctx, async (tx) => {
    if (await deleteCart(tx.db, cart.id)) {
      await emitEvent(
        tx,
        { entityFqdn: CART_FQDN, slug: 'deleted', entityId: cart.id, deletedEvent: {} },
        { entityLocked: true },
      );
    }
  });
}

/**
 * Deletes a cart an order was placed from, inside the order's transaction, without waiting
 * (`sendCartDelete`); the function it answers, called before the transaction ends, emits
 * cart_deleted if the cart was still there.
 */
export async function deleteCartOfOrder(ctx: Ctx, cartId: string): Promise<() => Promise<void>> {
  const deleted = await sendCartDelete(ctx.db, cartId);
  return async () => {
    if (await deleted())
      await emitEvent(
        ctx,
        { entityFqdn: CART_FQDN, slug: 'deleted', entityId: cartId, deletedEvent: {} },
        { entityLocked: true },
      );
  };
}

/**
 * deleteCartOfOrder for a cart expected to be there (the order is placed from a kept checkout): its
 * event is emitted without waiting for the delete, and when the cart is gone the transaction fails
 * with ROW_CHANGED (`sendExpectedCartDelete`).
 */
export async function deleteExpectedCartOfOrder(ctx: Ctx, cartId: string): Promise<void> {
  await sendExpectedCartDelete(ctx.db, cartId);
  await emitEvent(
    ctx,
    { entityFqdn: CART_FQDN, slug: 'deleted', entityId: cartId, deletedEvent: {} },
    { entityLocked: true },
  );
}

export async function createCheckoutFromCurrentCart(
  ctx: Ctx,
  body: z.infer<typeof createCheckoutFromCartRequest>,
): Promise<{ checkoutId: string }> {
  const o = owner(ctx);
  const kept = o.fromVisitor || ctx.db.isTransaction ? undefined : keptCartSource(o.own);
  // Used or not, it is not kept past this call: the checkout is kept from here on (checkout/kept.ts).
  forgetCartSource(o.own);
  const now = ctx.clock.now().getTime();
  if (kept?.row.line_items.length && !stockMovingFor(kept.at.stockIds, now)) {
    // Made from the cart this process last wrote, without reading it: the link written on the cart
    // checks that it, the catalog, the configuration and the stock are as kept. Any failure (they
    // were not, or a refusal) runs again from a read, so no answer comes from a kept state that was
    // not current.
    const { row, catalogRows, configRevision, at } = kept;
    const source = {
      ...row,
      catalog_rows: catalogRows,
      catalog_rev: at.catalogRev,
      stock_ids: [...at.stockIds],
      stock_version: at.stockVersion,
      kept: at,
    };
    const made = await newCheckoutFromCart(ctx, source, configRevision, body).catch((e: unknown) => {
      if (isRowChanged(e)) noteStockMovedFor(at.stockIds, now);
    });
    if (made) {
      countCartSourceUse();
      return { checkoutId: made };
    }
  }
  // From a read: another create-checkout for the cart may link its checkout first (the link expects
  // the one read), or a kept checkout may not be current; then read again and reuse or retry (in a
  // transaction of our own: a caller's would have failed with it).
  for (let attempt = 0; attempt < 5; attempt++) {
    const { cart, configRevision } = await loadOwned(ctx);
    if (!cart) throw cartNotFound();
    if (!cart.line_items.length) throw new AppError(400, 'EMPTY_CART', 'The cart has no line items.');
    const checkoutId = await newCheckoutFromCart(ctx, cart, configRevision, body).catch((e: unknown) => {
      if (isRowChanged(e) && !ctx.db.isTransaction) return undefined;
      throw e;
    });
    if (checkoutId) return { checkoutId };
  }
  throw conflict('CART_CHANGED', 'The cart changed while this request ran; try again.');
}

export async function estimateCurrentCartTotals(ctx: Ctx, body: z.infer<typeof estimateTotalsRequest>) {
  const { cart, configRevision } = await loadOwned(ctx);
  if (!cart) throw cartNotFound();
  const { resolved } = await resolveCart(ctx, cart);
  const address =
    body.shippingAddress ??
    (cart.contact_info as { address?: { country?: string; subdivision?: string } } | null)?.address;
  const priced = await priceLines(ctx.db, configRevision, {
    resolved,
    couponCode: cart.coupon?.code,
    customerKey: customerKeyOf(ctx),
    merchantDiscounts: cart.merchant_discounts,
    ...(address?.country
      ? {
          destination: {
            country: address.country,
            ...(address.subdivision ? { subdivision: address.subdivision } : {}),
          },
        }
      : {}),
    selectedShippingCode: body.selectedShippingOption?.code ?? cart.selected_shipping_option?.code,
    calculateShipping: body.calculateShipping,
    calculateTax: body.calculateTax,
    calculateFees: body.calculateAdditionalFees,
    now: ctx.clock.now(),
  });
  const m = wireMoney(priced.config.settings, ctx.config.PUBLIC_URL);
  return {
    cart: cartWire(cart, resolved, m, priced.config),
    ...estimateWire(resolved, priced, m, body.calculateShipping !== false),
  };
}
