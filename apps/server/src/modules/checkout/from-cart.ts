/**
 * A checkout from the shopper's cart (the cart's create-checkout): the cart's open checkout, brought
 * up to date with the cart, when it has one this shopper may use; else a new one (README, "A
 * checkout from the cart").
 */
import type { z } from 'zod';
import { isDeepStrictEqual } from 'node:util';
import type { Address, createCheckoutFromCartRequest } from '@vitrine/contract';
import { shopperOf, type Ctx } from '../../platform/context.ts';
import type { CartReadAt } from '../../platform/ports.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { resolveStored, type ResolvedLine } from '../lines/index.ts';
import { forgetCheckout, keepCheckout, type KeptCheckout } from './kept.ts';
import {
  assertChoices,
  buyerOf,
  emitCheckoutUpdated,
  emptyWrite,
  insertNew,
  keptFor,
  ownerKeyOf,
  priceCheckout,
  writeOf,
} from './service.ts';
import { readCheckout, sendCheckoutWrite, type CheckoutRow, type CheckoutWrite } from './store.ts';

type Body = z.infer<typeof createCheckoutFromCartRequest>;

/** What a checkout takes from the cart it is made from (the cart module passes its row). */
export interface CartSource {
  id: string;
  line_items: CheckoutWrite['line_items'];
  contact_info: unknown;
  selected_shipping_option: CheckoutWrite['selected_shipping'];
  buyer_note: CheckoutWrite['buyer_note'];
  coupon: CheckoutWrite['coupon'];
  merchant_discounts: CheckoutWrite['merchant_discounts'];
  override_checkout_url: CheckoutWrite['override_checkout_url'];
  purchase_flow_id: CheckoutWrite['purchase_flow_id'];
  business_location_id: CheckoutWrite['business_location_id'];
  /** The checkout the cart links (the last one made from it), as read with the cart. */
  checkout_id: string | null;
  /** The catalog rows of its lines, when read with it (`catalogRowsFor`): not looked up again. */
  catalog_rows?: unknown;
  /**
   * With the catalog rows, the catalog's revision and its lines' stock version (`stockVersionOf`
   * over `stock_ids`) read in the same statement: the checkout is then kept (kept.ts).
   */
  catalog_rev?: string;
  stock_ids?: string[];
  stock_version?: string;
  /**
   * A cart kept from an earlier call rather than read now (cart/kept.ts): what it was read at. The
   * link written on the cart then checks it (the cart port's `linkCheckout`), failing the
   * transaction with ROW_CHANGED when the cart, catalog, configuration or stock moved since.
   */
  kept?: CartReadAt;
}

type Contact = { address?: Address; contactDetails?: unknown } | null;

/**
 * The checkout of the cart: its open checkout (`cart.checkout_id`) updated with the cart, when it
 * has one that this shopper may use; otherwise a new one, holding the cart's lines and choices (the
 * cart stays until an order is placed). Either way the link written on the cart expects the cart to
 * link the checkout it was read with, so concurrent calls for one cart end with one open checkout:
 * the loser's transaction fails with ROW_CHANGED and the cart module runs it again from a read.
 */
export async function createCheckoutFromCart(
  ctx: Ctx,
  cart: CartSource,
  configRevision: number,
  body: Body,
): Promise<string> {
  const { resolved } = await resolveStored(ctx.db, cart.line_items, cart.catalog_rows);
  const { catalog_rows, catalog_rev, stock_ids, stock_version } = cart;
  const read =
    catalog_rows !== undefined && catalog_rev !== undefined && stock_ids && stock_version !== undefined
      ? {
          catalogRows: catalog_rows,
          versions: {
            catalogRev: String(catalog_rev),
            configRev: String(configRevision),
            stockIds: stock_ids,
            stockVersion: stock_version,
          },
        }
      : undefined;
  const link = {
    id: cart.id,
    expected: cart.checkout_id ?? null,
    ...(cart.kept ? { kept: cart.kept } : {}),
  };
  if (cart.checkout_id) {
    const open = await openCheckoutOf(ctx, cart.checkout_id);
    if (open) return reuse(ctx, open, cart, resolved, configRevision, body, read);
  }
  const w = emptyWrite();
  w.line_items = cart.line_items;
  w.channel_type = body.channelType ?? 'WEB';
  w.buyer = await buyerOf(ctx, body.email);
  const contact = cart.contact_info as Contact;
  const shippingAddress = body.shippingAddress ?? contact?.address;
  if (shippingAddress || contact?.contactDetails)
    w.shipping_destination = {
      ...(shippingAddress ? { address: shippingAddress } : {}),
      ...(contact?.contactDetails ? { contactDetails: contact.contactDetails } : {}),
    };
  if (body.billingAddress) w.billing_info = { address: body.billingAddress };
  w.selected_shipping = body.selectedShippingOption ?? cart.selected_shipping_option;
  w.buyer_note = cart.buyer_note;
  w.coupon = cart.coupon;
  w.merchant_discounts = cart.merchant_discounts;
  w.override_checkout_url = cart.override_checkout_url;
  w.purchase_flow_id = cart.purchase_flow_id;
  w.business_location_id = cart.business_location_id;
  const wire = await insertNew(
    ctx,
    w,
    resolved,
    configRevision,
    link,
    { shipping: !!body.selectedShippingOption },
    read,
  );
  return wire.id;
}

/** The owner keys whose checkouts this shopper reuses: their own, and the visitor session a member signed in from. */
function shopperKeys(ctx: Ctx): string[] {
  const s = shopperOf(ctx.caller);
  if (!s) return [];
  return s.memberId
    ? [`member:${s.memberId}`, ...(s.visitorId ? [`visitor:${s.visitorId}`] : [])]
    : [`visitor:${s.visitorId}`];
}

/**
 * The cart's checkout `id` when it is open and this shopper's (`shopperKeys`): as this process kept
 * it, else read (without its catalog rows' use: the cart's lines replace its lines).
 */
async function openCheckoutOf(
  ctx: Ctx,
  id: string,
): Promise<{ row: CheckoutRow; kept: boolean } | undefined> {
  const kept = keptFor(ctx, id);
  const row = kept?.row ?? (await readCheckout(ctx.db, { id }))?.row;
  if (!row || row.completed || !row.owner_key || !shopperKeys(ctx).includes(row.owner_key)) return undefined;
  return { row, kept: !!kept };
}

/** The wire fields a column of the checkout shows in (checkout_updated's `modifiedFields`). */
const FIELD_OF: Partial<Record<keyof CheckoutRow, string>> = {
  line_items: 'lineItems',
  buyer: 'buyerInfo',
  shipping_destination: 'shippingInfo',
  selected_shipping: 'shippingInfo',
  billing_info: 'billingInfo',
  buyer_note: 'buyerNote',
  coupon: 'appliedDiscounts',
  merchant_discounts: 'appliedDiscounts',
  override_checkout_url: 'overrideCheckoutUrl',
  purchase_flow_id: 'purchaseFlowId',
  business_location_id: 'businessLocationId',
  channel_type: 'channelType',
};

/**
 * The cart's open checkout brought up to date with the cart: what the cart defines replaces what
 * the checkout held (lines, coupon, merchant discounts; the cart's contact, shipping option, note and
 * settings when it has them), what the shopper entered in the checkout and the cart does not define
 * stays (buyer e-mail, addresses, shipping option while still offered, gift card, note, custom
 * fields). A visitor's checkout reused by the member they signed in as becomes the member's.
 */
async function reuse(
  ctx: Ctx,
  open: { row: CheckoutRow; kept: boolean },
  cart: CartSource,
  resolved: ResolvedLine[],
  configRevision: number,
  body: Body,
  read: Pick<KeptCheckout, 'catalogRows' | 'versions'> | undefined,
): Promise<string> {
  const { row } = open;
  const w = writeOf(row);
  w.line_items = cart.line_items;
  if (body.channelType) w.channel_type = body.channelType;
  const owner = ownerKeyOf(ctx);
  const reowned = owner !== row.owner_key;
  if (reowned) w.buyer = await buyerOf(ctx, body.email ?? row.buyer.email);
  else if (body.email) w.buyer = { ...row.buyer, email: body.email };
  const contact = cart.contact_info as Contact;
  const address = body.shippingAddress ?? contact?.address;
  if (address || contact?.contactDetails)
    w.shipping_destination = {
      ...((row.shipping_destination as object | null) ?? {}),
      ...(address ? { address } : {}),
      ...(contact?.contactDetails ? { contactDetails: contact.contactDetails } : {}),
    };
  if (body.billingAddress)
    w.billing_info = { ...((row.billing_info as object | null) ?? {}), address: body.billingAddress };
  const chosen = body.selectedShippingOption ?? cart.selected_shipping_option;
  if (chosen) w.selected_shipping = chosen;
  w.buyer_note = cart.buyer_note ?? row.buyer_note;
  w.coupon = cart.coupon;
  w.merchant_discounts = cart.merchant_discounts;
  w.override_checkout_url = cart.override_checkout_url ?? row.override_checkout_url;
  w.purchase_flow_id = cart.purchase_flow_id ?? row.purchase_flow_id;
  w.business_location_id = cart.business_location_id ?? row.business_location_id;
  let priced = await priceCheckout(ctx, { ...row, ...w }, resolved, configRevision);
  if (body.selectedShippingOption) assertChoices(priced, { shipping: true });
  else if (
    !chosen &&
    w.selected_shipping &&
    priced.output.messages.some((m) => m.code === 'SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND')
  ) {
    // The option the shopper chose is not offered for the cart's lines now: the cheapest is.
    w.selected_shipping = null;
    priced = await priceCheckout(ctx, { ...row, ...w }, resolved, configRevision);
  }
  const modified = [
    ...new Set(
      (Object.keys(FIELD_OF) as (keyof CheckoutRow)[])
        .filter((k) => !isDeepStrictEqual(row[k], (w as Partial<CheckoutRow>)[k]))
        .map((k) => FIELD_OF[k]!),
    ),
  ];
  // Read now, cart and checkout, and the checkout already holds what the cart would bring (pressed
  // again with no change; or a concurrent call for the cart wrote it first): nothing to write.
  if (!open.kept && !cart.kept && !reowned && modified.length === 0) {
    if (read && !ctx.db.isTransaction)
      keepCheckout({ row, configRevision, ...read, coupon: priced.couponRead });
    return row.id;
  }
  const set = reowned ? { ...w, owner_key: owner } : w;
  try {
    const updated = await inTransaction(ctx, async (tx) => {
      const written = await sendCheckoutWrite(tx.db, row, set, tx.clock.now());
      await tx.services.ports.carts.linkCheckout(tx, cart.id, row.id, row.id, cart.kept);
      await emitCheckoutUpdated(tx, written, resolved, priced, modified);
      return written;
    });
    if (read && !ctx.db.isTransaction)
      keepCheckout({ row: updated, configRevision, ...read, coupon: priced.couponRead });
    else forgetCheckout(row.id);
    return row.id;
  } catch (e) {
    // A kept checkout that was not current (or any failure): the caller runs it again from a read.
    forgetCheckout(row.id);
    throw e;
  }
}
