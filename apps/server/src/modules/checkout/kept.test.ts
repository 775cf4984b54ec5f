/**
 * A checkout change is made from the checkout as this process kept it (kept.ts), without reading it
 * first; its write checks that the checkout, the catalog, the configuration and the stock are as
 * kept. Every change made elsewhere must show in the very next answer, and no answer or error may
 * come from a kept state that was not current.
 *
 * The tests' server processes share one Node process, and so one kept store. A process that did not
 * see a change is made by putting back the state kept before it (`keepCheckout`), as that process
 * would still hold it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appError, type TestServer } from '../../test/server.ts';
import { anonymousTokens, bundledClientId } from '../../test/oauth.ts';
import { orderBody } from '../../test/orders.ts';
import {
  NY_ADDRESS as NY,
  inventoryItemOf,
  keptStateStore,
  setPrice,
  shopLine,
  shopProduct,
  usFlatShipping,
  type PricedProduct,
} from '../../test/shop.ts';
import { insertOrder, type OrderDraft } from '../orders/index.ts';
import {
  KEPT_CHECKOUTS_BUDGET,
  STOCK_MOVING_MS,
  keepCheckout,
  keptCheckout,
  keptCheckoutsSize,
  type KeptCheckout,
} from './kept.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const K = '/ecom/v1/checkouts';
type Money = { amount: string; formattedAmount: string };
interface Checkout {
  id: string;
  currency: string;
  buyerNote?: string;
  billingInfo?: { address?: { city?: string } };
  completed: boolean;
  lineItems: {
    quantity: number;
    price: Money;
    availability: { status: string; quantityAvailable?: number };
  }[];
  priceSummary: { subtotal: Money; shipping: Money };
  shippingInfo: {
    selectedCarrierServiceOption?: { code: string };
    carrierServiceOptions: { shippingOptions: { code: string }[] }[];
  };
}
let s: TestServer;
/** Another server process on the same database (PostgreSQL), else the same one. */
let other: TestServer;
let lamp: PricedProduct;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ s, other, product: lamp, stop } = await keptStateStore('Kept Checkout Lamp'));
  await usFlatShipping(s);
});
// The tests share one item: one whose stock moved in an earlier test is not kept for a minute.
beforeEach(() => s.clock.advance(STOCK_MOVING_MS));
afterAll(async () => {
  await stop?.();
});

const visitor = async () => (await anonymousTokens(s, bundledClientId(s))).access_token;
const lampLine = (quantity = 1) => ({
  catalogReference: {
    catalogItemId: lamp.id,
    appId: APP,
    options: { variantId: lamp.variantsInfo.variants[0]!.id },
  },
  quantity,
});

/** A new checkout of `quantity` lamps for a new visitor, with an e-mail; the visitor and checkout. */
async function newCheckout(quantity = 1, line = lampLine(quantity)) {
  const auth = await visitor();
  const r = await s.request<{ checkout: Checkout }>('POST', K, {
    auth,
    body: {
      channelType: 'WEB',
      lineItems: [line],
      checkoutInfo: { buyerInfo: { email: 'kept@example.test' } },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { auth, id: r.body.checkout.id };
}

const patch = (auth: string, id: string, checkout: Record<string, unknown>, server = s) =>
  server.request<{ checkout: Checkout }>('PATCH', `${K}/${id}`, { auth, body: { checkout } });
const ok = async (r: Promise<{ status: number; body: { checkout: Checkout } }>) => {
  const done = await r;
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body.checkout;
};
const setLampPrice = async (amount: string) => {
  lamp = await setPrice(other, lamp, amount);
};
const moveStock = async (by: number) => {
  const items = await other.admin<{ inventoryItems: { id: string }[] }>(
    'POST',
    '/stores/v3/inventory-items/query',
    {
      query: { filter: { productId: lamp.id } },
    },
  );
  const inventoryItemId = items.body.inventoryItems[0]!.id;
  const r =
    by < 0
      ? await other.admin('POST', '/stores/v3/bulk/inventory-items/decrement', {
          decrementData: [{ inventoryItemId, decrementBy: -by }],
        })
      : await other.admin('POST', '/stores/v3/bulk/inventory-items/increment', {
          incrementData: [{ inventoryItemId, incrementBy: by }],
        });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

/** Places the order of checkout `id` and answers it as GET does. */
async function placeOrder(auth: string, id: string) {
  const placed = await s.request<{ orderId: string }>('POST', `${K}/${id}/create-order`, { auth, body: {} });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const got = await s.admin<{
    order: { number: string; checkoutId: string; status: string; buyerInfo: { email: string } };
  }>('GET', `/ecom/v1/orders/${placed.body.orderId}`);
  expect(got.status).toBe(200);
  return got.body.order;
}

/** Places the order of checkout `id` from its kept state (which must be used); the order's id. */
async function placeFromKept(auth: string, id: string) {
  const hits = keptCheckoutsSize().hits;
  const placed = await s.request<{ orderId: string }>('POST', `${K}/${id}/create-order`, { auth, body: {} });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  expect(keptCheckoutsSize().hits).toBe(hits + 1);
  return placed.body.orderId;
}

/** The state this process keeps of checkout `id` now (a copy of the reference: entries are replaced, never edited). */
const snapshot = (id: string): KeptCheckout => {
  const k = keptCheckout(id);
  expect(k, 'the checkout is kept').toBeDefined();
  return k!;
};

describe('a change made from the kept checkout', () => {
  it('is made without reading the checkout, and answers what a read answers', async () => {
    const { auth, id } = await newCheckout();
    const withAddress = await ok(patch(auth, id, { shippingInfo: { shippingDestination: { address: NY } } }));
    const code = withAddress.shippingInfo.carrierServiceOptions[0]!.shippingOptions[0]!.code;
    const hits = keptCheckoutsSize().hits;
    const chosen = await ok(patch(auth, id, { shippingInfo: { selectedCarrierServiceOption: { code } } }));
    expect(keptCheckoutsSize().hits).toBe(hits + 1);
    expect(chosen.shippingInfo.selectedCarrierServiceOption?.code).toBe(code);
    const read = await s.request<{ checkout: Checkout }>('GET', `${K}/${id}`, { auth });
    expect(read.body.checkout).toEqual(chosen);
  });

  it('is kept from the cart a checkout is made of: its first change too is made without reading it', async () => {
    const auth = await visitor();
    const C = '/ecom/v1/carts/current';
    const added = await s.request('POST', `${C}/add-to-cart`, { auth, body: { lineItems: [lampLine(3)] } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const made = await s.request<{ checkoutId: string }>('POST', `${C}/create-checkout`, {
      auth,
      body: { channelType: 'WEB', email: 'cart@example.test' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.checkoutId;
    const hits = keptCheckoutsSize().hits;
    const changed = await ok(patch(auth, id, { shippingInfo: { shippingDestination: { address: NY } } }));
    expect(keptCheckoutsSize().hits).toBe(hits + 1);
    expect(changed.lineItems[0]!.quantity).toBe(3);
    expect(changed.shippingInfo.selectedCarrierServiceOption?.code).toBe('standard');
    const read = await s.request<{ checkout: Checkout }>('GET', `${K}/${id}`, { auth });
    expect(read.body.checkout).toEqual(changed);
  });

  it('shows a price change, a stock change and a currency change made meanwhile', async () => {
    const { auth, id } = await newCheckout(2);
    expect((await ok(patch(auth, id, { buyerNote: 'one' }))).priceSummary.subtotal.amount).toBe('20.00');
    const hits = keptCheckoutsSize().hits;
    expect((await ok(patch(auth, id, { buyerNote: 'two' }))).priceSummary.subtotal.amount).toBe('20.00');
    expect(keptCheckoutsSize().hits).toBe(hits + 1);
    await setLampPrice('11');
    expect((await ok(patch(auth, id, { buyerNote: 'price' }))).priceSummary.subtotal.amount).toBe('22.00');

    const stock = async () => (await ok(patch(auth, id, { buyerNote: 'stock' }))).lineItems[0]!.availability;
    const before = await stock();
    await moveStock(-(await quantityLeft()) + 1);
    expect(await stock()).toEqual({ status: 'PARTIALLY_AVAILABLE', quantityAvailable: 1 });
    expect(before.status).toBe('AVAILABLE');
    await moveStock(20);

    expect(
      (await other.admin('PATCH', '/platform/v1/store-settings', { settings: { currency: 'EUR' } })).status,
    ).toBe(200);
    try {
      const euro = await ok(patch(auth, id, { buyerNote: 'euro' }));
      expect(euro.currency).toBe('EUR');
      expect(euro.priceSummary.subtotal.formattedAmount).toContain('€');
    } finally {
      await other.admin('PATCH', '/platform/v1/store-settings', { settings: { currency: 'USD' } });
    }
  });

  it('keeps a change made by another process that this one did not see', async () => {
    const { auth, id } = await newCheckout();
    await ok(patch(auth, id, { buyerNote: 'mine' }));
    const stale = snapshot(id);
    await ok(patch(auth, id, { buyerNote: 'theirs' }, other));
    keepCheckout(stale);
    const hits = keptCheckoutsSize().hits;
    const both = await ok(patch(auth, id, { billingInfo: { address: { ...NY, city: 'Albany' } } }));
    expect(keptCheckoutsSize().hits).toBe(hits + 1);
    expect(both.buyerNote).toBe('theirs');
    expect(both.billingInfo?.address?.city).toBe('Albany');
  });

  it('refuses a change of a checkout another process completed', async () => {
    const { auth, id } = await newCheckout();
    await ok(patch(auth, id, { shippingInfo: { shippingDestination: { address: NY } } }));
    const stale = snapshot(id);
    const placed = await other.request<{ orderId: string }>('POST', `${K}/${id}/create-order`, {
      auth,
      body: {},
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    keepCheckout(stale);
    const refused = await patch(auth, id, { buyerNote: 'too late' });
    expect(refused.status).toBe(400);
    expect(appError(refused.body).code).toBe('CHECKOUT_IS_COMPLETE');
  });

  it('answers an error only when the current checkout has it, not the kept one', async () => {
    const { auth, id } = await newCheckout();
    await ok(patch(auth, id, { buyerNote: 'no address yet' }));
    const stale = snapshot(id);
    // Another process sets the address: the kept checkout has none, so no shipping option.
    const there = await ok(
      patch(auth, id, { shippingInfo: { shippingDestination: { address: NY } } }, other),
    );
    const code = there.shippingInfo.carrierServiceOptions[0]!.shippingOptions[0]!.code;
    keepCheckout(stale);
    const chosen = await ok(patch(auth, id, { shippingInfo: { selectedCarrierServiceOption: { code } } }));
    expect(chosen.shippingInfo.selectedCarrierServiceOption?.code).toBe(code);
    // And a real error still comes back as one.
    const wrong = await patch(auth, id, {
      shippingInfo: { selectedCarrierServiceOption: { code: 'no-such-option' } },
    });
    expect(wrong.status).toBe(400);
    expect(appError(wrong.body).code).toBe('SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND');
  });

  it('places an order from the kept checkout, at the prices of the moment it is placed', async () => {
    const { auth, id } = await newCheckout(2);
    const chosen = await ok(patch(auth, id, { shippingInfo: { shippingDestination: { address: NY } } }));
    const price = Number(chosen.lineItems[0]!.price.amount);
    // Another process changes the price after this one kept the checkout.
    await setLampPrice(String(price + 1));
    const orderId = await placeFromKept(auth, id);
    expect(keptCheckout(id)).toBeUndefined();
    const order = await s.admin<{
      order: { priceSummary: { subtotal: Money }; lineItems: { quantity: number }[] };
    }>('GET', `/ecom/v1/orders/${orderId}`);
    expect(order.body.order.priceSummary.subtotal.amount).toBe((2 * (price + 1)).toFixed(2));
    // Placed once: asking again answers the same order.
    const again = await s.request<{ orderId: string }>('POST', `${K}/${id}/create-order`, { auth, body: {} });
    expect(again.body.orderId).toBe(orderId);
  });

  it('refuses an order for stock sold meanwhile, and places one when the kept stock is still current', async () => {
    const { auth, id } = await newCheckout(2);
    await ok(patch(auth, id, { shippingInfo: { shippingDestination: { address: NY } } }));
    const left = await quantityLeft();
    await moveStock(-(left - 1));
    const refused = await s.request('POST', `${K}/${id}/create-order`, { auth, body: {} });
    expect(refused.status).toBe(400);
    expect(appError(refused.body).code).toBe('PARTIAL_OUT_OF_STOCK');
    await moveStock(left - 1);
    await ok(patch(auth, id, { buyerNote: 'again' }));
    const placed = await s.request('POST', `${K}/${id}/create-order`, { auth, body: {} });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await quantityLeft()).toBe(left - 2);
  });

  it("writes a kept checkout's order with COMMIT: the next number, its cart gone with the cart's event", async () => {
    const first = await newCheckout();
    await ok(patch(first.auth, first.id, { shippingInfo: { shippingDestination: { address: NY } } }));
    const earlier = await placeOrder(first.auth, first.id);

    const auth = await visitor();
    const added = await s.request('POST', '/ecom/v1/carts/current/add-to-cart', {
      auth,
      body: { lineItems: [lampLine()] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const made = await s.request<{ checkoutId: string }>('POST', '/ecom/v1/carts/current/create-checkout', {
      auth,
      body: { channelType: 'WEB', email: 'kept-cart@example.test' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.checkoutId;
    const cartId = snapshot(id).row.cart_id!;
    await ok(patch(auth, id, { shippingInfo: { shippingDestination: { address: NY } } }));
    const hits = keptCheckoutsSize().hits;
    const order = await placeOrder(auth, id);
    expect(keptCheckoutsSize().hits).toBe(hits + 1);
    expect(Number(order.number)).toBeGreaterThan(Number(earlier.number));
    expect(order).toMatchObject({
      checkoutId: id,
      status: 'INITIALIZED',
      buyerInfo: { email: 'kept-cart@example.test' },
    });
    expect((await s.request('GET', '/ecom/v1/carts/current', { auth })).status).toBe(404);
    const events = await s.admin<{ events: { eventType: string }[] }>('POST', '/platform/v1/events/query', {
      query: { filter: { entityId: cartId } },
    });
    expect(events.body.events.map((e) => e.eventType)).toContain('wix.ecom.v1.cart_deleted');
  });

  it('answers ORDER_ALREADY_EXISTS_FOR_CHECKOUT from a read when another order holds the kept checkout', async () => {
    const { auth, id } = await newCheckout();
    await ok(patch(auth, id, { shippingInfo: { shippingDestination: { address: NY } } }));
    const held = await insertOrder(s.app.systemCtx(), {
      ...(orderBody({ email: 'held@example.test' }).order as unknown as OrderDraft),
      status: 'INITIALIZED',
      paymentStatus: 'NOT_PAID',
      buyerInfo: { email: 'held@example.test' },
      checkoutId: id,
    });
    const hits = keptCheckoutsSize().hits;
    const refused = await s.request('POST', `${K}/${id}/create-order`, { auth, body: {} });
    expect(keptCheckoutsSize().hits).toBe(hits + 1);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(appError(refused.body)).toMatchObject({
      code: 'ORDER_ALREADY_EXISTS_FOR_CHECKOUT',
      data: { checkoutId: id, orderId: held.id },
    });
  });

  it('sets a quantity above the stock to what is left now, not to what the kept checkout read', async () => {
    const { auth, id } = await newCheckout();
    const kept = await ok(patch(auth, id, { shippingInfo: { shippingDestination: { address: NY } } }));
    const left = await quantityLeft();
    expect(left).toBeGreaterThan(10);
    const lineId = (kept.lineItems[0] as unknown as { id: string }).id;
    // Another process sells all but 3 after this one kept the checkout (with more than 10 left).
    await moveStock(-(left - 3));
    try {
      const r = await s.request<{ checkout: Checkout }>('POST', `${K}/${id}/update-line-items-quantity`, {
        auth,
        body: { lineItems: [{ id: lineId, quantity: 10 }] },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.checkout.lineItems[0]).toMatchObject({
        quantity: 3,
        availability: { status: 'AVAILABLE', quantityAvailable: 3 },
      });
      // Nothing was taken from the stock: only the order does.
      expect(await quantityLeft()).toBe(3);
      await placeOrder(auth, id);
      expect(await quantityLeft()).toBe(0);
    } finally {
      const back = left - (await quantityLeft());
      if (back > 0) await moveStock(back);
    }
  });

  it('is not used for a minute for checkouts of an item whose stock moved under one', async () => {
    const first = await newCheckout();
    await ok(patch(first.auth, first.id, { buyerNote: 'kept' }));
    await moveStock(-1);
    // Made from the kept checkout, the change fails on the stock and is made again from a read.
    expect((await ok(patch(first.auth, first.id, { buyerNote: 'moved' }))).buyerNote).toBe('moved');
    const second = await newCheckout();
    await ok(patch(second.auth, second.id, { buyerNote: 'read' }));
    const hits = keptCheckoutsSize().hits;
    await ok(patch(second.auth, second.id, { buyerNote: 'read again' }));
    expect(keptCheckoutsSize().hits).toBe(hits);
    s.clock.advance(STOCK_MOVING_MS + 1000);
    await ok(patch(second.auth, second.id, { buyerNote: 'kept again' }));
    expect(keptCheckoutsSize().hits).toBe(hits + 1);
  });

  it("is not another shopper's: a kept checkout is still 404 to them", async () => {
    const { auth, id } = await newCheckout();
    await ok(patch(auth, id, { buyerNote: 'private' }));
    expect(keptCheckout(id)).toBeDefined();
    const stranger = await visitor();
    const r = await patch(stranger, id, { buyerNote: 'mine now' });
    expect(r.status).toBe(404);
    expect(
      (await s.request<{ checkout: Checkout }>('GET', `${K}/${id}`, { auth })).body.checkout.buyerNote,
    ).toBe('private');
  });
});

describe('a kept checkout with a coupon', () => {
  // An item whose stock is not tracked: orders of it move no stock, which a kept change checks too.
  let mug: { productId: string; variantId: string };
  beforeAll(async () => {
    mug = await shopProduct(s, { name: 'Kept Coupon Mug', price: '10', physical: true, untracked: true });
  });
  const mugCheckout = (quantity = 1) => newCheckout(quantity, shopLine(mug, quantity));
  type Priced = Checkout & {
    priceSummary: { discount: Money };
    appliedDiscounts?: { coupon?: { code: string } }[];
    calculationErrors?: { couponCalculationError?: { applicationError?: { code: string } } };
  };
  let coupons = 0;
  /** A new coupon for 10% off (with `spec`'s limits); its id and code. */
  const newCoupon = async (spec: Record<string, unknown> = {}) => {
    const code = `KC${++coupons}${Date.now()}`;
    const made = await other.admin<{ id: string }>('POST', '/stores/v2/coupons', {
      specification: {
        name: 'Kept',
        code,
        startTime: new Date(0).toISOString(),
        percentOffRate: 10,
        ...spec,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return { id: made.body.id, code };
  };
  /** Checkout `id` with `code` applied: then kept with the coupon as read to price it. */
  const withCoupon = async (auth: string, id: string, code: string) => {
    const r = await s.request<{ checkout: Priced }>('PATCH', `${K}/${id}`, {
      auth,
      body: { checkout: {}, couponCode: code },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(keptCheckout(id)?.coupon?.definition?.code).toBe(code);
    return r.body.checkout;
  };
  /** A change made from the kept checkout (it must be used), answered as a read then answers it. */
  const keptChange = async (auth: string, id: string, note: string) => {
    const hits = keptCheckoutsSize().hits;
    const changed = (await ok(patch(auth, id, { buyerNote: note }))) as Priced;
    expect(keptCheckoutsSize().hits).toBe(hits + 1);
    const read = await s.request<{ checkout: Priced }>('GET', `${K}/${id}`, { auth });
    expect(changed).toEqual(read.body.checkout);
    return changed;
  };
  const discountOf = (c: Priced) => c.priceSummary.discount.amount;
  /** `percent`% of the checkout's subtotal (the lamp's price moves with the tests before). */
  const percentOf = (c: Priced, percent: number) =>
    ((Number(c.priceSummary.subtotal.amount) * percent) / 100).toFixed(2);
  const couponError = (c: Priced) => c.calculationErrors?.couponCalculationError?.applicationError?.code;

  it('prices a change with the coupon as kept, and shows a change of the coupon made meanwhile', async () => {
    const { auth, id } = await mugCheckout(2);
    const { id: couponId, code } = await newCoupon();
    const applied = await withCoupon(auth, id, code);
    expect(discountOf(applied)).toBe(percentOf(applied, 10));
    expect(discountOf(await keptChange(auth, id, 'as kept'))).toBe(percentOf(applied, 10));
    // Another process makes it 25% off: the next change prices with that, as a read does.
    const updated = await other.admin('PATCH', `/stores/v2/coupons/${couponId}`, {
      specification: { percentOffRate: 25 },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(discountOf(await keptChange(auth, id, 'updated'))).toBe(percentOf(applied, 25));
    // Switched off, then deleted: no discount from it any more.
    expect(
      (await other.admin('PATCH', `/stores/v2/coupons/${couponId}`, { specification: { active: false } }))
        .status,
    ).toBe(200);
    const off = await keptChange(auth, id, 'switched off');
    expect(discountOf(off)).toBe('0.00');
    expect(couponError(off)).toBeDefined();
  });

  it('shows a coupon used up meanwhile, by all or by this buyer, on the next change and read, and refuses its order', async () => {
    for (const limit of [{ usageLimit: 1 }, { limitPerCustomer: 1 }]) {
      const { code } = await newCoupon(limit);
      const expected = limit.usageLimit
        ? 'ERROR_COUPON_USAGE_EXCEEDED'
        : 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED';
      /** A checkout of this buyer with the coupon, kept with it: one to change next, one to read. */
      const kept = async () => {
        const c = await mugCheckout();
        await ok(patch(c.auth, c.id, { shippingInfo: { shippingDestination: { address: NY } } }));
        const applied = await withCoupon(c.auth, c.id, code);
        expect(discountOf(applied)).toBe(percentOf(applied, 10));
        return c;
      };
      const mine = await kept();
      const read = await kept();
      // The same buyer (by e-mail) uses the coupon up through another checkout, on the other process.
      const theirs = await mugCheckout();
      const theirsApplied = await other.request('PATCH', `${K}/${theirs.id}`, {
        auth: theirs.auth,
        body: { checkout: { shippingInfo: { shippingDestination: { address: NY } } }, couponCode: code },
      });
      expect(theirsApplied.status, JSON.stringify(theirsApplied.body)).toBe(200);
      const used = await other.request('POST', `${K}/${theirs.id}/create-order`, {
        auth: theirs.auth,
        body: {},
      });
      expect(used.status, JSON.stringify(used.body)).toBe(200);

      const after = await keptChange(mine.auth, mine.id, `used up: ${JSON.stringify(limit)}`);
      expect(couponError(after)).toBe(expected);
      expect(discountOf(after)).toBe('0.00');
      const got = await s.request<{ checkout: Priced }>('GET', `${K}/${read.id}`, { auth: read.auth });
      expect(couponError(got.body.checkout)).toBe(expected);
      expect(discountOf(got.body.checkout)).toBe('0.00');
      for (const c of [mine, read]) {
        const refused = await s.request('POST', `${K}/${c.id}/create-order`, { auth: c.auth, body: {} });
        expect(refused.status, JSON.stringify(refused.body)).toBe(400);
        expect(appError(refused.body).code).toBe(expected);
      }
    }
  });

  it('places the order from the kept checkout with the coupon as kept when it is still so', async () => {
    const { auth, id } = await mugCheckout(2);
    await ok(patch(auth, id, { shippingInfo: { shippingDestination: { address: NY } } }));
    const { code } = await newCoupon({ usageLimit: 5 });
    const applied = await withCoupon(auth, id, code);
    const orderId = await placeFromKept(auth, id);
    const got = await s.admin<{
      order: { appliedDiscounts: { coupon?: { code: string } }[]; priceSummary: { discount: Money } };
    }>('GET', `/ecom/v1/orders/${orderId}`);
    expect(got.body.order.appliedDiscounts.map((d) => d.coupon?.code)).toEqual([code]);
    expect(got.body.order.priceSummary.discount.amount).toBe(percentOf(applied, 10));
  });
});

const quantityLeft = async () => (await inventoryItemOf(s, lamp.id)).quantity;

describe('the kept checkouts budget', () => {
  it('lets the least recently used go past the budget, and keeps no completed checkout', async () => {
    const { auth, id } = await newCheckout();
    await ok(patch(auth, id, { buyerNote: 'measured' }));
    const base = snapshot(id);
    // Each with as many lines as makes a quarter of the budget.
    const lines = Math.floor(KEPT_CHECKOUTS_BUDGET / 4 / 1024);
    const entry = (key: string, completed = false): KeptCheckout => ({
      ...base,
      row: {
        ...base.row,
        id: key,
        completed,
        line_items: Array.from({ length: lines }, () => base.row.line_items[0]!),
      },
    });
    for (const o of ['a', 'b', 'c']) keepCheckout(entry(`budget:${o}`));
    expect(keptCheckout('budget:a')).toBeDefined(); // a is now the most recently used
    keepCheckout(entry('budget:d'));
    keepCheckout(entry('budget:e'));
    expect(keptCheckout('budget:b')).toBeUndefined();
    expect(keptCheckout('budget:a')).toBeDefined();
    expect(keptCheckout('budget:e')).toBeDefined();
    expect(keptCheckoutsSize().bytes).toBeLessThanOrEqual(KEPT_CHECKOUTS_BUDGET);
    keepCheckout(entry('budget:done', true));
    expect(keptCheckout('budget:done')).toBeUndefined();
  });
});
