/**
 * The official `@wix/ecom` current-cart and checkout modules, unchanged, as a headless storefront
 * uses them with a visitor's OAuth tokens, against a Vitrine test server with the demo store
 * (catalog, shipping regions, tax rates, the SAVE10 coupon and the DEMO-GIFT-50 gift card).
 */
import { checkout, currentCart } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { productsV3 } from '@wix/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.ts';
import { inventoryItemOf, shopProduct } from '../test/shop.ts';
import { adminAuth, redirectWixFetch } from '../test/wix.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
let s: TestServer;
let undo: () => void;
let clientId: string;
const shopper = () =>
  createClient({ auth: OAuthStrategy({ clientId }), modules: { currentCart, checkout, productsV3 } });
const admin = () => createClient({ auth: adminAuth, modules: { checkout } });
const NY = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine1: '1 Main St',
};
const num = (m: { amount?: string | null } | undefined | null) => Number(m?.amount ?? 'NaN');

/** A visible demo product with one in-stock variant, and one with several variants. */
let single: { productId: string; variantId: string };
let multi: { productId: string; variantId: string };

beforeAll(async () => {
  s = await startTestServer({ env: { DEMO_DATA: 'true' } });
  undo = redirectWixFetch(s.url);
  const c = await s.admin<{ client: { id: string } }>('POST', '/oauth2/v1/clients', {
    client: {
      name: 'Shop',
      redirectUris: ['https://shop.example.test/callback'],
      allowedOrigins: ['https://shop.example.test'],
    },
  });
  clientId = c.body.client.id;
  const { items } = await shopper().productsV3.queryProducts().limit(100).find();
  const inStock = (p: (typeof items)[number]) =>
    p.inventory?.availabilityStatus === 'IN_STOCK' && p.productType === 'PHYSICAL';
  const one = items.find((p) => inStock(p) && p.variantSummary?.variantCount === 1)!;
  const many = items.find((p) => inStock(p) && (p.variantSummary?.variantCount ?? 0) > 1)!;
  const variantOf = async (id: string) =>
    (
      await shopper().productsV3.getProduct(id, { fields: ['VARIANT_OPTION_CHOICE_NAMES'] })
    ).variantsInfo!.variants!.find((v) => v.inventoryStatus?.inStock)!._id!;
  single = { productId: one._id!, variantId: await variantOf(one._id!) };
  multi = { productId: many._id!, variantId: await variantOf(many._id!) };
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

describe('@wix/ecom current cart and checkout against Vitrine', () => {
  it('fills a cart, applies a coupon, estimates totals, and turns it into a checkout', async () => {
    const c = shopper();
    const ref = (p: { productId: string; variantId: string }) => ({
      catalogItemId: p.productId,
      appId: APP,
      options: { variantId: p.variantId },
    });
    const added = await c.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: ref(single), quantity: 2 },
        { catalogReference: ref(multi), quantity: 1 },
      ],
    });
    const cart = added.cart!;
    expect(cart.lineItems).toHaveLength(2);
    expect(cart._createdDate).toBeInstanceOf(Date);
    const line = cart.lineItems![0]!;
    expect(line).toMatchObject({
      quantity: 2,
      availability: { status: 'AVAILABLE' },
      catalogReference: { catalogItemId: single.productId },
    });
    expect(line.image).toBeTruthy();
    expect(num(line.lineItemPrice)).toBeCloseTo(num(line.price) * 2, 2);

    const same = await c.currentCart.getCurrentCart();
    expect(same._id).toBe(cart._id);
    const q = await c.currentCart.updateCurrentCartLineItemQuantity([{ _id: line._id!, quantity: 3 }]);
    expect(q.cart!.lineItems![0]!.quantity).toBe(3);

    const withCoupon = await c.currentCart.updateCurrentCart({
      couponCode: 'save10',
      cartInfo: { buyerNote: 'gift wrap' },
    });
    expect(withCoupon.appliedDiscounts).toEqual([{ coupon: expect.objectContaining({ code: 'SAVE10' }) }]);
    expect(withCoupon.buyerNote).toBe('gift wrap');
    await expect(c.currentCart.updateCurrentCart({ couponCode: 'NO-SUCH-CODE' })).rejects.toMatchObject({
      details: { applicationError: { code: 'ERROR_COUPON_DOES_NOT_EXIST' } },
    });

    const est = await c.currentCart.estimateCurrentCartTotals({
      shippingAddress: NY,
      calculateShipping: true,
      calculateTax: true,
    });
    const p = est.priceSummary!;
    expect(num(p.total)).toBeCloseTo(
      num(p.subtotal) - num(p.discount) + num(p.shipping) + num(p.tax) + num(p.additionalFees),
      2,
    );
    expect(num(p.discount)).toBeGreaterThan(0);
    expect(num(p.tax)).toBeGreaterThan(0);
    const options = est.shippingInfo!.carrierServiceOptions!.flatMap((o) => o.shippingOptions!);
    expect(options.length).toBeGreaterThan(1);
    expect(est.shippingInfo!.selectedCarrierServiceOption).toBeTruthy();
    expect(est.calculatedLineItems).toHaveLength(2);
    const pricier = options.reduce((a, b) => (num(b.cost?.price) > num(a.cost?.price) ? b : a));

    const { checkoutId } = await c.currentCart.createCheckoutFromCurrentCart({
      channelType: 'WEB',
      shippingAddress: NY,
      email: 'ada@example.test',
      selectedShippingOption: { code: pricier.code! },
    });
    expect(checkoutId).toBeTruthy();
    const co = await c.checkout.getCheckout(checkoutId!);
    expect(co).toMatchObject({
      _id: checkoutId,
      cartId: cart._id,
      channelType: 'WEB',
      completed: false,
      buyerInfo: { email: 'ada@example.test' },
      buyerNote: 'gift wrap',
    });
    expect(co.lineItems![0]!.media).toBeTruthy();
    expect(co.shippingInfo!.selectedCarrierServiceOption!.code).toBe(pricier.code);
    expect(co.shippingInfo!.shippingDestination!.address).toMatchObject({ country: 'US', city: 'New York' });
    expect(co.appliedDiscounts![0]!.coupon).toMatchObject({ code: 'SAVE10' });
    expect((await c.checkout.getCheckoutByCartId(cart._id!)).checkout!._id).toBe(checkoutId);
    expect((await c.checkout.getCheckoutUrl(checkoutId!)).checkoutUrl).toMatch(
      new RegExp(`^${s.url}/checkout\\?checkoutId=${checkoutId}&checkoutToken=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`),
    );
    expect((await c.currentCart.getCurrentCart()).checkoutId).toBe(checkoutId);

    // Placing the order: the same checkout twice gives the same order; the cart is gone.
    const placed = await c.checkout.createOrder(checkoutId!, {
      delayCapture: false,
      savePaymentMethod: false,
    });
    expect(placed.orderId).toBeTruthy();
    expect(placed.paymentGatewayOrderId).toMatch(/^pg-/);
    expect((await c.checkout.createOrder(checkoutId!)).orderId).toBe(placed.orderId);
    expect((await c.checkout.getCheckout(checkoutId!)).completed).toBe(true);
    await expect(c.currentCart.getCurrentCart()).rejects.toMatchObject({
      details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } },
    });
  });

  it('edits a checkout: buyer details, gift card, items and quantities; others cannot see it; completed ones are frozen', async () => {
    const c = shopper();
    const co = await c.checkout.createCheckout({
      channelType: 'WEB',
      lineItems: [
        {
          catalogReference: {
            catalogItemId: single.productId,
            appId: APP,
            options: { variantId: single.variantId },
          },
          quantity: 1,
        },
      ],
      checkoutInfo: { buyerInfo: { email: 'grace@example.test' } },
    });
    const id = co._id!;
    const updated = await c.checkout.updateCheckout(
      id,
      {
        buyerNote: 'leave at door',
        shippingInfo: {
          shippingDestination: { address: NY, contactDetails: { firstName: 'Grace', lastName: 'Hopper' } },
        },
        billingInfo: { address: NY, contactDetails: { firstName: 'Grace' } },
      },
      { giftCardCode: 'DEMO-GIFT-50' },
    );
    expect(updated).toMatchObject({
      buyerNote: 'leave at door',
      billingInfo: { contactDetails: { firstName: 'Grace' } },
    });
    expect(updated.giftCard).toMatchObject({ obfuscatedCode: expect.stringMatching(/\*+.{4}$/) });
    expect(num(updated.giftCard!.amount)).toBeGreaterThan(0);
    expect(num(updated.payNow!.total)).toBeCloseTo(
      num(updated.priceSummary!.total) - num(updated.giftCard!.amount),
      2,
    );
    await expect(c.checkout.updateCheckout(id, {}, { giftCardCode: 'NOPE-NOPE' })).rejects.toMatchObject({
      details: { applicationError: { code: 'GIFT_CARD_NOT_FOUND' } },
    });

    const more = await c.checkout.addToCheckout(id, {
      lineItems: [
        {
          catalogReference: {
            catalogItemId: multi.productId,
            appId: APP,
            options: { variantId: multi.variantId },
          },
          quantity: 1,
        },
      ],
    });
    expect(more.checkout!.lineItems).toHaveLength(2);
    const second = more.checkout!.lineItems![1]!._id!;
    const qty = await c.checkout.updateLineItemsQuantity(id, [{ _id: second, quantity: 2 }]);
    expect(qty.checkout!.lineItems![1]!.quantity).toBe(2);
    const fewer = await c.checkout.removeLineItems(id, [second]);
    expect(fewer.checkout!.lineItems).toHaveLength(1);
    expect((await c.checkout.removeGiftCard(id)).checkout!.giftCard).toBeFalsy();

    await expect(shopper().checkout.getCheckout(id)).rejects.toMatchObject({
      details: { applicationError: { code: 'CHECKOUT_NOT_FOUND' } },
    });

    await admin().checkout.markCheckoutAsCompleted(id);
    expect((await c.checkout.getCheckout(id)).completed).toBe(true);
    await expect(
      c.checkout.addToCheckout(id, {
        lineItems: [{ catalogReference: { catalogItemId: single.productId, appId: APP }, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ details: { applicationError: { code: 'CHECKOUT_IS_COMPLETE' } } });
  });

  it('sets a quantity above the stock to the stock left, in the cart and in the checkout, as the SDK documents', async () => {
    const { productId, variantId } = await shopProduct(s, {
      name: 'Clamped Pen',
      price: '4',
      quantity: 25,
      physical: true,
    });
    const c = shopper();
    const added = await c.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: { catalogItemId: productId, appId: APP, options: { variantId } }, quantity: 1 },
      ],
    });
    const lineId = added.cart!.lineItems![0]!._id!;
    const raised = await c.currentCart.updateCurrentCartLineItemQuantity([{ _id: lineId, quantity: 30 }]);
    expect(raised.cart!.lineItems![0]).toMatchObject({
      quantity: 25,
      availability: { status: 'AVAILABLE', quantityAvailable: 25 },
    });
    expect((await c.currentCart.getCurrentCart()).lineItems![0]!.quantity).toBe(25);

    const { checkoutId } = await c.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    const co = await c.checkout.getCheckout(checkoutId!);
    const coLine = co.lineItems![0]!._id!;
    const lower = await c.checkout.updateLineItemsQuantity(checkoutId!, [{ _id: coLine, quantity: 2 }]);
    expect(lower.checkout!.lineItems![0]!.quantity).toBe(2);
    const again = await c.checkout.updateLineItemsQuantity(checkoutId!, [{ _id: coLine, quantity: 30 }]);
    expect(again.checkout!.lineItems![0]).toMatchObject({
      quantity: 25,
      availability: { status: 'AVAILABLE', quantityAvailable: 25 },
    });
    expect(num(again.checkout!.priceSummary!.subtotal)).toBeCloseTo(100, 2);

    // None left: the line keeps its quantity and shows out of stock; the call still succeeds.
    const item = await inventoryItemOf(s, productId);
    const gone = await s.admin('POST', '/stores/v3/bulk/inventory-items/decrement', {
      decrementData: [{ inventoryItemId: item.id, decrementBy: 25 }],
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const none = await c.currentCart.updateCurrentCartLineItemQuantity([{ _id: lineId, quantity: 26 }]);
    expect(none.cart!.lineItems![0]).toMatchObject({
      quantity: 25,
      availability: { status: 'NOT_AVAILABLE', quantityAvailable: 0 },
    });
  });

  it("answers the cart's open checkout again, brought up to date with the cart, keeping the buyer's details; a new one after the order", async () => {
    const c = shopper();
    const ref = (p: { productId: string; variantId: string }) => ({
      catalogItemId: p.productId,
      appId: APP,
      options: { variantId: p.variantId },
    });
    const added = await c.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: ref(single), quantity: 1 }],
    });
    const cartId = added.cart!._id!;
    const { checkoutId } = await c.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    await c.checkout.updateCheckout(checkoutId!, {
      buyerInfo: { email: 'back@example.test' },
      shippingInfo: {
        shippingDestination: { address: NY, contactDetails: { firstName: 'Back', lastName: 'Again' } },
      },
    });

    // "← Back to cart": another item, another quantity; then "Check out" again.
    const more = await c.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: ref(multi), quantity: 1 }],
    });
    const first = more.cart!.lineItems!.find((l) => l.catalogReference?.catalogItemId === single.productId)!;
    await c.currentCart.updateCurrentCartLineItemQuantity([{ _id: first._id!, quantity: 3 }]);
    const again = await c.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    expect(again.checkoutId).toBe(checkoutId);
    const co = await c.checkout.getCheckout(checkoutId!);
    expect(co).toMatchObject({
      _id: checkoutId,
      cartId,
      completed: false,
      buyerInfo: { email: 'back@example.test' },
    });
    expect(co.shippingInfo!.shippingDestination).toMatchObject({
      address: { country: 'US', city: 'New York', postalCode: '10001' },
      contactDetails: { firstName: 'Back', lastName: 'Again' },
    });
    expect(co.lineItems!.map((l) => [l.catalogReference!.catalogItemId, l.quantity])).toEqual([
      [single.productId, 3],
      [multi.productId, 1],
    ]);
    expect((await c.currentCart.getCurrentCart()).checkoutId).toBe(checkoutId);

    // After the order, the next cart's checkout is a new one.
    await c.checkout.createOrder(checkoutId!, { delayCapture: false, savePaymentMethod: false });
    await c.currentCart.addToCurrentCart({ lineItems: [{ catalogReference: ref(single), quantity: 1 }] });
    const next = await c.currentCart.createCheckoutFromCurrentCart({ channelType: 'WEB' });
    expect(next.checkoutId).toBeTruthy();
    expect(next.checkoutId).not.toBe(checkoutId);
    expect((await c.checkout.getCheckout(next.checkoutId!)).buyerInfo?.email).toBeFalsy();
  });

  it('removes the coupon and lines, and deletes the cart', async () => {
    const c = shopper();
    await c.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            catalogItemId: single.productId,
            appId: APP,
            options: { variantId: single.variantId },
          },
          quantity: 1,
        },
      ],
    });
    await c.currentCart.updateCurrentCart({ couponCode: 'SAVE10' });
    const noCoupon = await c.currentCart.removeCouponFromCurrentCart();
    expect(noCoupon.cart!.appliedDiscounts).toEqual([]);
    const empty = await c.currentCart.removeLineItemsFromCurrentCart([noCoupon.cart!.lineItems![0]!._id!]);
    expect(empty.cart!.lineItems).toEqual([]);
    await c.currentCart.deleteCurrentCart();
    await expect(c.currentCart.getCurrentCart()).rejects.toMatchObject({
      details: { applicationError: { code: 'OWNED_CART_NOT_FOUND' } },
    });
  });
});
