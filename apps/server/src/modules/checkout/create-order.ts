import type { Ctx } from '../../platform/context.ts';
import { isRowChanged } from '../../platform/db/statement.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { decrementStock, sendDecrementAsRead } from '../catalog/index.ts';
import {
  recordDiscountRuleUsage,
  redeemCoupon,
  sendRedeemCoupon,
  type CouponRead,
} from '../discounts/index.ts';
import { price } from '../../platform/money.ts';
import { redeemGiftCard } from '../gift-cards/index.ts';
import { insertOrder, sendOrderNumber, type OrderDraft } from '../orders/index.ts';
import { preparePaymentCollection, recordGiftCardPayment, recordOfflinePayment } from '../payments/index.ts';
import { keptFor, load, priceCheckout, CHECKOUT_FQDN, customerKey } from './service.ts';
import { resolveStored } from '../lines/index.ts';
import { forgetCheckout, keptCouponOf, noteStockMoved, type KeptCheckout } from './kept.ts';
import { checkoutWire, type WireCheckout } from './present.ts';
import { sendCheckoutWrite, sendKeptCheckoutLock, withCoupon, type CheckoutRow } from './store.ts';
import { wireMoney } from '../lines/index.ts';

export interface CreateOrderResult {
  orderId: string;
  paymentGatewayOrderId?: string;
}

const fail = (code: string, description: string, data: Record<string, unknown> = {}) =>
  new AppError(400, code, description, data);
const amountOnly = (m: { amount: string } | undefined) => (m ? { amount: m.amount } : undefined);

/** The order as insertOrder takes it, from the checkout priced now (the price snapshot). */
function draftOf(
  row: CheckoutRow,
  wire: WireCheckout,
  o: { status: OrderDraft['status']; paymentStatus: OrderDraft['paymentStatus'] },
): OrderDraft {
  const selected = wire.shippingInfo.selectedCarrierServiceOption;
  const destination = wire.shippingInfo.shippingDestination as OrderDraft['recipientInfo'];
  const pickup = selected?.logistics.pickupDetails;
  return {
    status: o.status,
    paymentStatus: o.paymentStatus,
    checkoutId: row.id,
    ...(row.cart_id ? { cartId: row.cart_id } : {}),
    buyerInfo: row.buyer,
    currency: wire.currency,
    weightUnit: wire.weightUnit,
    taxIncludedInPrices: wire.taxIncludedInPrice,
    buyerLanguage: wire.buyerLanguage,
    siteLanguage: wire.siteLanguage,
    channelInfo: { type: row.channel_type as NonNullable<OrderDraft['channelInfo']>['type'] },
    ...(row.buyer_note ? { buyerNote: row.buyer_note } : {}),
    ...(row.billing_info ? { billingInfo: row.billing_info as OrderDraft['billingInfo'] } : {}),
    ...(destination ? { recipientInfo: destination } : {}),
    lineItems: wire.lineItems.map((l) => ({
      id: l.id,
      productName: { original: l.productName.original },
      quantity: l.quantity,
      ...(l.catalogReference
        ? {
            catalogReference: {
              catalogItemId: l.catalogReference.catalogItemId,
              appId: l.catalogReference.appId,
              ...(l.catalogReference.options ? { options: l.catalogReference.options } : {}),
            },
          }
        : {}),
      price: amountOnly(l.price)!,
      priceBeforeDiscounts: amountOnly(l.priceBeforeDiscounts),
      lineItemPrice: amountOnly(l.lineItemPrice),
      totalDiscount: amountOnly(l.discount),
      totalPriceBeforeTax: amountOnly(l.totalPriceBeforeTax),
      totalPriceAfterTax: amountOnly(l.totalPriceAfterTax),
      taxDetails: {
        taxRate: l.taxDetails.taxRate,
        totalTax: amountOnly(l.taxDetails.totalTax),
        taxableAmount: amountOnly(l.taxDetails.taxableAmount),
      },
      itemType: l.itemType as NonNullable<OrderDraft['lineItems'][number]['itemType']>,
      physicalProperties: l.physicalProperties,
      descriptionLines: l.descriptionLines,
      ...('media' in l && l.media
        ? {
            image: {
              url: l.media.url,
              ...(l.media.id ? { id: l.media.id } : {}),
              ...(l.media.width ? { width: l.media.width } : {}),
              ...(l.media.height ? { height: l.media.height } : {}),
            },
          }
        : {}),
      paymentOption: l.paymentOption,
      ...(l.priceDescription ? { priceDescription: { original: l.priceDescription.original } } : {}),
    })),
    priceSummary: {
      subtotal: amountOnly(wire.priceSummary.subtotal)!,
      shipping: amountOnly(wire.priceSummary.shipping),
      tax: amountOnly(wire.priceSummary.tax),
      discount: amountOnly(wire.priceSummary.discount),
      total: amountOnly(wire.priceSummary.total)!,
      totalAdditionalFees: amountOnly(wire.priceSummary.additionalFees),
    },
    ...(selected
      ? {
          shippingInfo: {
            carrierId: selected.carrierId,
            code: selected.code,
            title: selected.title,
            logistics: {
              ...(destination && !pickup ? { shippingDestination: destination } : {}),
              ...(pickup
                ? { pickupDetails: { address: pickup.address as never, pickupMethod: pickup.pickupMethod } }
                : {}),
              ...(selected.logistics.deliveryTime ? { deliveryTime: selected.logistics.deliveryTime } : {}),
              ...(selected.logistics.instructions ? { instructions: selected.logistics.instructions } : {}),
              ...(selected.logistics.deliveryTimeSlot
                ? { deliveryTimeSlot: selected.logistics.deliveryTimeSlot }
                : {}),
            },
            cost: {
              price: amountOnly(selected.cost.price),
              totalPriceBeforeTax: amountOnly(selected.cost.totalPriceBeforeTax),
              totalPriceAfterTax: amountOnly(selected.cost.totalPriceAfterTax),
              discount: amountOnly(selected.cost.totalDiscount),
              taxDetails: {
                taxRate: selected.cost.taxDetails.taxRate,
                totalTax: amountOnly(selected.cost.taxDetails.totalTax),
              },
            },
            ...(wire.shippingInfo.region ? { region: wire.shippingInfo.region } : {}),
          },
        }
      : {}),
    appliedDiscounts: wire.appliedDiscounts as Record<string, unknown>[],
    additionalFees: wire.additionalFees.map((f) => ({
      code: f.code,
      name: f.name,
      price: { amount: f.price.amount },
    })),
    customFields: row.custom_fields as NonNullable<OrderDraft['customFields']>,
    ...(row.purchase_flow_id ? { purchaseFlowId: row.purchase_flow_id } : {}),
  };
}

/** Why an order cannot be placed from this checkout, in the contract's codes (cart-checkout §5b). */
function assertOrderable(wire: WireCheckout) {
  if (!wire.lineItems.length) throw fail('EMPTY_CHECKOUT', 'The checkout has no line items.');
  const unavailable = wire.lineItems.filter((l) => l.availability.status !== 'AVAILABLE');
  if (unavailable.length) {
    const none = unavailable.every((l) => l.availability.status !== 'PARTIALLY_AVAILABLE');
    throw fail(
      none && unavailable.length === wire.lineItems.length ? 'FULL_OUT_OF_STOCK' : 'PARTIAL_OUT_OF_STOCK',
      'Some items are no longer available in the quantity asked for.',
      {
        lineItems: unavailable.map((l) => ({
          id: l.id,
          status: l.availability.status,
          quantityAvailable: l.availability.quantityAvailable ?? 0,
        })),
      },
    );
  }
  const needsShipping = wire.lineItems.some((l) => l.physicalProperties.shippable);
  if (needsShipping && !wire.shippingInfo.selectedCarrierServiceOption)
    throw fail('NO_SELECTED_CARRIER_SERVICE_OPTION', 'Choose a shipping or pickup option.');
  // A coupon or gift card the buyer chose that no longer applies must not silently change the price.
  const calc = (
    wire as {
      calculationErrors?: Record<string, { applicationError?: { code: string; description: string } }>;
    }
  ).calculationErrors;
  for (const key of ['couponCalculationError', 'giftCardCalculationError'] as const) {
    const e = calc?.[key]?.applicationError;
    if (e) throw fail(e.code, `${e.description} Remove it or try again.`);
  }
  const errors = wire.violations.filter((v) => v.severity === 'ERROR');
  if (errors.length)
    throw fail('VIOLATIONS_WITH_ERROR_SEVERITY', errors.map((v) => v.description).join(' '), {
      violations: errors,
    });
  if (!wire.buyerInfo.email)
    throw fail('VIOLATIONS_WITH_ERROR_SEVERITY', 'An e-mail address is needed to place the order.', {
      field: 'buyerInfo.email',
    });
}

/**
 * Places the order for a checkout, in one transaction: the checkout row is locked (so a second
 * call waits, then answers with the same order), stock is decremented conditionally, coupon and
 * gift-card use is recorded, the order is written, a payment collection opened for what is left
 * to pay, the checkout completed and the cart it came from deleted. Any failure rolls all of it back.
 */
export async function createOrderFromCheckout(
  ctx: Ctx,
  id: string,
  o: { delayCapture?: boolean; savePaymentMethod?: boolean },
): Promise<CreateOrderResult> {
  const kept = keptFor(ctx, id);
  const coupon = kept?.coupon ?? keptCouponOf(id);
  // The checkout is completed (or the attempt failed): this process's kept copy is of no more use.
  forgetCheckout(id);
  if (kept) {
    // Placed from the kept checkout without reading it: its lock checks that it, the catalog, the
    // configuration and the stock are as kept. Any failure (they were not, or a refusal) rolls all
    // back and places it again from a read, so no answer comes from a kept state that was not current.
    const placed = await place(ctx, id, o, kept).catch((e: unknown) => {
      // Not as kept: most often the stock moved (an item that sells often; kept.ts stockMoving).
      if (isRowChanged(e)) noteStockMoved(kept.versions.stockIds, ctx.clock.now().getTime());
    });
    if (placed) return placed;
  }
  return place(ctx, id, o, undefined, coupon).catch((e: unknown) => {
    if (isRowChanged(e))
      throw fail(
        'CHECKOUT_CHANGED',
        'The checkout changed while the order was being placed; review it and try again.',
      );
    throw e;
  });
}

/**
 * createOrderFromCheckout's transaction, from the checkout `kept` (kept.ts) or read and locked (with
 * `keptCoupon`, the coupon kept with it: used if the read finds it still so).
 */
function place(
  ctx: Ctx,
  id: string,
  o: { delayCapture?: boolean },
  kept?: KeptCheckout,
  keptCoupon?: CouponRead,
): Promise<CreateOrderResult> {
  return inTransaction(ctx, async (tx) => {
    const read = kept
      ? await lockKept(tx, kept)
      : await load(tx, { id }, { forUpdate: true, coupon: keptCoupon });
    const { row, configRevision, catalogRows } = read;
    if (row.completed) {
      if (row.order_id)
        return {
          orderId: row.order_id,
          ...(row.payment_gateway_order_id ? { paymentGatewayOrderId: row.payment_gateway_order_id } : {}),
        };
      throw fail('CHECKOUT_ALREADY_PAID', 'This checkout was completed without an order from Vitrine.');
    }
    const { resolved } = await resolveStored(tx.db, row.line_items, catalogRows);
    const priced = await priceCheckout(tx, row, resolved, configRevision, read.coupon);
    const wire = checkoutWire(row, resolved, priced, wireMoney(priced.config.settings, tx.config.PUBLIC_URL));
    assertOrderable(wire);

    const toPay = priced.output.totals.amountToPayMinor;
    const paid = toPay === 0;
    // Lines the merchant is paid for outside Vitrine (cash, bank transfer): the order is placed at
    // once and waits for the merchant to mark it paid.
    const offline = !paid && wire.lineItems.every((l) => l.paymentOption === 'FULL_PAYMENT_OFFLINE');
    const card = priced.output.giftCard;
    // An order the buyer pays next by card, with no payment yet (no gift card paid part of it): it
    // and its gateway order are kept for that payment (orders' and payments' kept.ts).
    const keepForPayment = !paid && !offline && !(card && card.amountMinor > 0);
    // From a kept checkout, nothing waits for an answer: the order to pay takes its number in its own
    // insert (orders' sendOrderNumbered) and the cart is expected to be there, so the whole order is
    // written in the round trip of COMMIT.
    const numberLater = kept !== undefined && !paid && !offline;
    const number = numberLater ? undefined : await sendOrderNumber(tx);
    const carts = tx.services.ports.carts;
    const cartDeleted = row.cart_id && !kept ? await carts.deleteCart(tx, row.cart_id) : undefined;
    if (row.cart_id && kept) await carts.deleteExpectedCart(tx, row.cart_id);
    // The kept checkout's lock checked that its items' inventory is as read: the tracked ones are
    // decremented as read, without waiting (none sent when no item is tracked); a row changed
    // meanwhile fails the transaction, and the order is placed again from a read.
    const items = resolved.filter((r) => r.item);
    const changes = items.map((r) => ({ variantId: r.item!.variantId, quantity: r.line.quantity }));
    const asRead =
      kept !== undefined &&
      (await sendDecrementAsRead(
        tx,
        items.map((r) => ({ item: r.item!, quantity: r.line.quantity })),
      ));
    const { shortages } = asRead ? { shortages: [] } : await decrementStock(tx, changes);
    if (shortages.length) {
      throw fail(
        shortages.length === changes.length ? 'FULL_OUT_OF_STOCK' : 'PARTIAL_OUT_OF_STOCK',
        'Some items sold out while the order was being placed.',
        { shortages },
      );
    }

    const order = await insertOrder(
      tx,
      draftOf(row, wire, {
        status: paid || offline ? 'APPROVED' : 'INITIALIZED',
        paymentStatus: paid ? 'PAID' : offline ? 'PENDING_MERCHANT' : 'NOT_PAID',
      }),
      // From a kept checkout, sent without waiting: another order of this checkout (the checkout is
      // locked and not completed, so none should be) fails the transaction, and it is placed again from a read.
      {
        configRevision,
        number,
        numberLater,
        send: kept !== undefined,
        keep: keepForPayment,
        // Approved as written when a gift card paid it all: its confirmation says so.
        ...(paid && card && card.amountMinor > 0
          ? {
              paidWith: [
                {
                  label: `gift card ****${(priced.giftCardCode ?? '').slice(-4)}`,
                  amount: price(card.amountMinor, priced.config.settings.currency),
                },
              ],
            }
          : {}),
      },
    );

    const coupon = priced.output.appliedDiscounts.find((d) => d.source === 'COUPON');
    if (coupon) {
      const key = customerKey(row) ?? `order:${order.id}`;
      // From a kept checkout, sent without waiting: a coupon that may no longer be used fails the
      // transaction, and the order is placed again from a read, which answers why.
      const used = kept
        ? await sendRedeemCoupon(tx, coupon.id, key, order.id).then(() => 'OK' as const)
        : await redeemCoupon(tx, coupon.id, key, order.id);
      if (used !== 'OK')
        throw fail(
          used,
          used === 'ERROR_COUPON_USAGE_EXCEEDED'
            ? 'This coupon has been used up.'
            : 'You have already used this coupon.',
        );
    }
    const rules = priced.output.appliedDiscounts
      .filter((d) => d.source === 'DISCOUNT_RULE' && !d.id.startsWith('merchant-'))
      .map((d) => d.id);
    if (rules.length) await recordDiscountRuleUsage(tx, rules);
    if (card && card.amountMinor > 0) {
      const r = await redeemGiftCard(tx, card.id, card.amountMinor, order.id);
      if (r !== 'OK')
        throw fail('REDEEM_GIFT_CARD_ERROR', 'The gift card could not be redeemed.', { reason: r });
      await recordGiftCardPayment(tx, {
        orderId: order.id,
        amountMinor: card.amountMinor,
        currency: priced.config.settings.currency,
        giftCardId: card.id,
        codeLast4: (priced.giftCardCode ?? '').slice(-4),
      });
    }

    if (offline)
      await recordOfflinePayment(tx, {
        orderId: order.id,
        amountMinor: toPay,
        currency: priced.config.settings.currency,
      });
    // The store's "capture on fulfilment": authorize now, capture on the first fulfilment, void after N days.
    const { capture } = priced.config;
    const payment =
      paid || offline
        ? undefined
        : await preparePaymentCollection(tx, {
            orderId: order.id,
            amountMinor: toPay,
            currency: priced.config.settings.currency,
            newOrder: keepForPayment,
            ...(capture.onFulfillment
              ? {
                  delayedCapture: true,
                  captureOnFulfillment: true,
                  delayedCaptureSettings: {
                    scheduledAction: 'VOID' as const,
                    delayDuration: { count: capture.voidAfterDays, unit: 'DAYS' as const },
                  },
                }
              : { delayedCapture: o.delayCapture ?? false }),
          });
    // The row is locked since it was read (or its kept copy locked), so its revision holds; sent with what follows.
    await sendCheckoutWrite(
      tx.db,
      row,
      {
        completed: true,
        order_id: order.id,
        payment_gateway_order_id: payment?.paymentGatewayOrderId ?? null,
      },
      tx.clock.now(),
    );
    await emitEvent(
      tx,
      {
        entityFqdn: CHECKOUT_FQDN,
        slug: 'completed',
        entityId: row.id,
        actionEvent: { body: { checkout: { ...wire, completed: true } } },
      },
      { entityLocked: true },
    );
    await cartDeleted?.();
    return {
      orderId: order.id,
      ...(payment ? { paymentGatewayOrderId: payment.paymentGatewayOrderId } : {}),
    };
  });
}

const lockKept = async (tx: Ctx, kept: KeptCheckout): Promise<KeptCheckout> => {
  await sendKeptCheckoutLock(tx.db, kept.row, withCoupon(kept.versions, kept.coupon));
  return kept;
};
