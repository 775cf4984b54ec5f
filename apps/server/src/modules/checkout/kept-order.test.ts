/**
 * An order placed from a kept checkout whose items' stock is not tracked waits for no answer before
 * COMMIT (create-order.ts): the order's insert takes its number itself, and what the transaction
 * writes of the order before that number is known (its event) gets it as it is written; the cart it
 * came from is expected to be there. These follow the number and the cart to what the shopper, the
 * merchant and the payment see, on both engines; on PostgreSQL through two server processes at once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writtenMismatches } from '../../platform/db/statement.ts';
import { appError, type TestServer } from '../../test/server.ts';
import {
  NY_ADDRESS as NY,
  keptStateStore,
  payAsBuyer,
  shopLine,
  shopProduct,
  usFlatShipping,
  visitorOf,
} from '../../test/shop.ts';
import { STOCK_MOVING_MS, keptCheckout, keptCheckoutsSize, stockMoving } from './kept.ts';

const K = '/ecom/v1/checkouts';
type Event = {
  eventType: string;
  createdEvent?: { entity: { number?: string } };
  updatedEvent?: { currentEntity: { number?: string } };
  actionEvent?: { body: { order?: { number?: string } } };
};

let s: TestServer;
let other: TestServer;
let stop: () => Promise<void>;
let mug: { productId: string; variantId: string };
beforeAll(async () => {
  ({ s, other, stop } = await keptStateStore('Kept Order Lamp'));
  // An item whose stock is not tracked (inStock without a quantity).
  const made = await s.admin<{ product: { id: string; variantsInfo: { variants: { id: string }[] } } }>(
    'POST',
    '/stores/v3/products',
    {
      product: {
        name: 'Untracked Mug',
        variantsInfo: {
          variants: [{ price: { actualPrice: { amount: '12' } }, inventoryItem: { inStock: true } }],
        },
      },
    },
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  mug = { productId: made.body.product.id, variantId: made.body.product.variantsInfo.variants[0]!.id };
  await usFlatShipping(s);
});
afterAll(async () => {
  await stop?.();
});

/** A new visitor's cart (two mugs, or `lines`), its checkout, and the checkout's address: the checkout is kept. */
async function keptCheckoutOfCart(server = s, lines = [shopLine(mug, 2)]) {
  const auth = await visitorOf(server);
  const added = await server.request<{ cart: { id: string } }>('POST', '/ecom/v1/carts/current/add-to-cart', {
    auth,
    body: { lineItems: lines },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const made = await server.request<{ checkoutId: string }>(
    'POST',
    '/ecom/v1/carts/current/create-checkout',
    {
      auth,
      body: { channelType: 'WEB', email: 'kept-order@example.test' },
    },
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = made.body.checkoutId;
  const chosen = await server.request('PATCH', `${K}/${id}`, {
    auth,
    body: { checkout: { shippingInfo: { shippingDestination: { address: NY } } } },
  });
  expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  expect(keptCheckout(id), 'the checkout is kept').toBeDefined();
  return { auth, id, cartId: added.body.cart.id };
}

const createOrder = (server: TestServer, auth: string, id: string) =>
  server.request<{ orderId: string; paymentGatewayOrderId: string }>('POST', `${K}/${id}/create-order`, {
    auth,
    body: {},
  });

const eventsOf = async (entityId: string) => {
  const r = await s.admin<{ events: Event[] }>('POST', '/platform/v1/events/query', {
    query: { filter: { entityId } },
  });
  expect(r.status).toBe(200);
  return r.body.events;
};

const numberOf = async (orderId: string) => {
  const got = await s.admin<{ order: { number: string } }>('GET', `/ecom/v1/orders/${orderId}`);
  expect(got.status).toBe(200);
  return got.body.order.number;
};

/** The order numbers an order's events carry, whatever their kind. */
const numbersIn = (events: Event[]) =>
  events
    .map(
      (e) =>
        e.createdEvent?.entity.number ??
        e.updatedEvent?.currentEntity.number ??
        e.actionEvent?.body.order?.number,
    )
    .filter((n) => n !== undefined);

it("places the order from the kept checkout without a failed try: its number in its events and in the payment's, its cart's event once", async () => {
  s.clock.advance(STOCK_MOVING_MS);
  const { auth, id, cartId } = await keptCheckoutOfCart();
  const hits = keptCheckoutsSize().hits;
  const mismatches = writtenMismatches();
  const placed = await createOrder(s, auth, id);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  expect(keptCheckoutsSize().hits).toBe(hits + 1);
  // A kept try that failed is placed again from a read: had the database found the kept state
  // stale, the item's kept checkouts would be paused; had a row been written otherwise than
  // answered, the tests' read-back would have counted it.
  expect(stockMoving([mug.variantId], s.clock.now().getTime())).toBe(false);
  expect(writtenMismatches()).toBe(mismatches);

  const { orderId, paymentGatewayOrderId } = placed.body;
  const number = await numberOf(orderId);
  expect(Number(number)).toBeGreaterThan(10000);
  const created = (await eventsOf(orderId)).filter((e) => e.eventType === 'wix.ecom.v1.order_created');
  expect(created.map((e) => e.createdEvent?.entity.number)).toEqual([number]);
  const cartEvents = (await eventsOf(cartId)).map((e) => e.eventType);
  expect(cartEvents.filter((t) => t === 'wix.ecom.v1.cart_deleted')).toHaveLength(1);
  expect((await s.request('GET', '/ecom/v1/carts/current', { auth })).status).toBe(404);

  // The payment starts from the order as this process kept it: it too carries the number.
  await payAsBuyer(s, auth, paymentGatewayOrderId);
  expect(writtenMismatches()).toBe(mismatches);
  const after = await eventsOf(orderId);
  expect(after.length).toBeGreaterThan(created.length);
  expect(new Set(numbersIn(after))).toEqual(new Set([number]));
  expect(JSON.stringify(after)).not.toMatch(/vitrine-order-number|NaN/);
});

it('places the order from a read when the cart went meanwhile, with the cart deleted once', async () => {
  s.clock.advance(STOCK_MOVING_MS);
  const { auth, id, cartId } = await keptCheckoutOfCart();
  const gone = await other.request('DELETE', '/ecom/v1/carts/current', { auth });
  expect(gone.status, JSON.stringify(gone.body)).toBe(200);
  const placed = await createOrder(s, auth, id);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const cartEvents = (await eventsOf(cartId)).map((e) => e.eventType);
  expect(cartEvents.filter((t) => t === 'wix.ecom.v1.cart_deleted')).toHaveLength(1);
  const number = await numberOf(placed.body.orderId);
  expect(numbersIn(await eventsOf(placed.body.orderId))).toEqual([number]);
});

it('gives orders placed at once from kept checkouts, by two processes, each its own number in its event', async () => {
  s.clock.advance(STOCK_MOVING_MS);
  const checkouts = await Promise.all(
    Array.from({ length: 6 }, (_, i) => keptCheckoutOfCart(i % 2 ? other : s)),
  );
  const placed = await Promise.all(checkouts.map((c, i) => createOrder(i % 2 ? other : s, c.auth, c.id)));
  for (const p of placed) expect(p.status, JSON.stringify(p.body)).toBe(200);
  const numbers = await Promise.all(placed.map((p) => numberOf(p.body.orderId)));
  expect(new Set(numbers).size).toBe(numbers.length);
  for (const [i, p] of placed.entries())
    expect(numbersIn(await eventsOf(p.body.orderId))).toEqual([numbers[i]]);
});

/** A new coupon of 10% off with `usageLimit` uses; its code. */
async function newCoupon(usageLimit: number) {
  const code = `KEPT${usageLimit}${Date.now()}`;
  const made = await s.admin('POST', '/stores/v2/coupons', {
    specification: {
      name: 'Kept',
      code,
      startTime: new Date(0).toISOString(),
      usageLimit,
      percentOffRate: 10,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return code;
}

it('redeems a coupon from the kept checkout without a failed try, and refuses one used up meanwhile from a read', async () => {
  s.clock.advance(STOCK_MOVING_MS);
  const code = await newCoupon(1);
  const withCoupon = async () => {
    const c = await keptCheckoutOfCart();
    const applied = await s.request('PATCH', `${K}/${c.id}`, {
      auth: c.auth,
      body: { checkout: {}, couponCode: code },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(keptCheckout(c.id), 'the checkout is kept').toBeDefined();
    return c;
  };
  const first = await withCoupon();
  const second = await withCoupon();
  const mismatches = writtenMismatches();
  const placed = await createOrder(s, first.auth, first.id);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  expect(stockMoving([mug.variantId], s.clock.now().getTime())).toBe(false);
  expect(writtenMismatches()).toBe(mismatches);
  const order = await s.admin<{ order: { appliedDiscounts: { coupon?: { code: string } }[] } }>(
    'GET',
    `/ecom/v1/orders/${placed.body.orderId}`,
  );
  expect(order.body.order.appliedDiscounts.map((d) => d.coupon?.code)).toEqual([code]);

  // The second kept checkout still holds the coupon, used up by the first order: refused, with why.
  const refused = await createOrder(other, second.auth, second.id);
  expect(refused.status, JSON.stringify(refused.body)).toBe(400);
  expect(appError(refused.body).code).toBe('ERROR_COUPON_USAGE_EXCEEDED');
  const checkout = await s.request<{ checkout: { completed: boolean } }>('GET', `${K}/${second.id}`, {
    auth: second.auth,
  });
  expect(checkout.body.checkout.completed).toBe(false);
  const coupons = await s.admin<{ coupons: { numberOfUsages: number }[] }>(
    'POST',
    '/stores/v2/coupons/query',
    {
      query: { filter: { 'specification.code': code } },
    },
  );
  expect(coupons.body.coupons.map((c) => c.numberOfUsages)).toEqual([1]);
});

it('places exactly as many orders as a coupon has uses left when kept checkouts race for it, through two processes', async () => {
  s.clock.advance(STOCK_MOVING_MS);
  const code = await newCoupon(2);
  const checkouts = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const server = i % 2 ? other : s;
      const c = await keptCheckoutOfCart(server);
      const applied = await server.request('PATCH', `${K}/${c.id}`, {
        auth: c.auth,
        body: { checkout: {}, couponCode: code },
      });
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      return c;
    }),
  );
  const placed = await Promise.all(checkouts.map((c, i) => createOrder(i % 2 ? other : s, c.auth, c.id)));
  expect(placed.filter((p) => p.status === 200)).toHaveLength(2);
  for (const p of placed.filter((x) => x.status !== 200)) expect(p.status).toBe(400);
  const coupons = await s.admin<{ coupons: { numberOfUsages: number }[] }>(
    'POST',
    '/stores/v2/coupons/query',
    {
      query: { filter: { 'specification.code': code } },
    },
  );
  expect(coupons.body.coupons.map((c) => c.numberOfUsages)).toEqual([2]);
});

/** A new item whose stock is tracked, with `quantity` in stock. */
const trackedItem = (name: string, quantity: number) => shopProduct(s, { name, price: '5', quantity });

type Inventory = { id: string; quantity: number; revision: string; updatedDate: string; product?: unknown };
const inventoryOf = async (variantId: string) => {
  const r = await s.admin<{ inventoryItems: Inventory[] }>('POST', '/stores/v3/inventory-items/query', {
    query: { filter: { variantId } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.inventoryItems[0]!;
};
type InventoryEvent = {
  eventType: string;
  updatedEvent?: { currentEntity: Inventory; modifiedFields: { quantity: number } };
  actionEvent?: { body: { currentEntity?: Inventory; reason?: string; inStock?: boolean } };
};
const inventoryEventsOf = async (inventoryId: string) =>
  (await eventsOf(inventoryId)) as unknown as InventoryEvent[];

it('decrements tracked stock as read from the kept checkout without a failed try; its events tell what was written', async () => {
  s.clock.advance(STOCK_MOVING_MS);
  const lamp = await trackedItem('Kept Tracked Lamp', 5);
  const before = await inventoryOf(lamp.variantId);
  const { auth, id } = await keptCheckoutOfCart(s, [shopLine(lamp, 2), shopLine(mug, 1), shopLine(lamp, 1)]);
  const hits = keptCheckoutsSize().hits;
  const mismatches = writtenMismatches();
  const placed = await createOrder(s, auth, id);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  expect(keptCheckoutsSize().hits).toBe(hits + 1);
  expect(stockMoving([lamp.variantId], s.clock.now().getTime())).toBe(false);
  expect(writtenMismatches()).toBe(mismatches);

  // Both lines of the lamp taken at once, from the row as read.
  // The inventory item as the query answers it, without the product it adds.
  const { product: _, ...after } = await inventoryOf(lamp.variantId);
  expect(after).toMatchObject({ quantity: 2, revision: String(Number(before.revision) + 1) });
  const events = (await inventoryEventsOf(before.id)).filter((e) => !e.eventType.endsWith('_created'));
  const kind = (k: string) =>
    events.filter((e) => e.eventType === `wix.stores.catalog.v3.inventory_item_${k}`);
  expect(events).toHaveLength(2);
  expect(kind('updated').map((e) => e.updatedEvent)).toEqual([
    { currentEntity: after, modifiedFields: { quantity: 5 } },
  ]);
  expect(kind('updated_with_reason').map((e) => e.actionEvent?.body)).toMatchObject([
    { currentEntity: after, reason: 'ORDER' },
  ]);
});

it('sells tracked stock exactly once to kept checkouts racing over two processes', async () => {
  s.clock.advance(STOCK_MOVING_MS);
  const lamp = await trackedItem('Kept Raced Lamp', 3);
  const { id: inventoryId } = await inventoryOf(lamp.variantId);
  const mismatches = writtenMismatches();
  const checkouts = await Promise.all(
    Array.from({ length: 8 }, (_, i) => keptCheckoutOfCart(i % 2 ? other : s, [shopLine(lamp, 1)])),
  );
  const placed = await Promise.all(checkouts.map((c, i) => createOrder(i % 2 ? other : s, c.auth, c.id)));
  const ok = placed.filter((p) => p.status === 200);
  expect(ok).toHaveLength(3);
  for (const p of placed.filter((x) => x.status !== 200))
    expect([p.status, appError(p.body).code]).toEqual([400, 'FULL_OUT_OF_STOCK']);
  expect(writtenMismatches()).toBe(mismatches);
  expect((await inventoryOf(lamp.variantId)).quantity).toBe(0);
  // Each sale's event tells the quantity it left, once each, whichever process and path sold it.
  const updated = (await inventoryEventsOf(inventoryId)).filter(
    (e) => e.eventType === 'wix.stores.catalog.v3.inventory_item_updated',
  );
  expect(updated.map((e) => e.updatedEvent!.currentEntity.quantity).sort()).toEqual([0, 1, 2]);
  expect(updated.map((e) => e.updatedEvent!.modifiedFields.quantity).sort()).toEqual([1, 2, 3]);
});
