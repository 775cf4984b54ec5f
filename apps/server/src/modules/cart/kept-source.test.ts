/**
 * create-checkout makes the checkout from the cart this process last wrote (kept.ts KeptCartSource)
 * without reading it; the link it writes on the cart checks that the cart, the catalog, the
 * configuration and the stock are as kept. Every change made elsewhere must show in the checkout,
 * and no answer or error may come from a kept cart that was not current.
 *
 * The tests' server processes share one Node process, and so one kept store. A process that did not
 * see a change is made by putting back the cart kept before it (`keepCartSource`), as that process
 * would still hold it.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, type TestServer } from '../../test/server.ts';
import { anonymousTokens, bundledClientId } from '../../test/oauth.ts';
import { inventoryItemOf, keptStateStore, setPrice, type PricedProduct } from '../../test/shop.ts';
import {
  cartSourceBytes,
  KEPT_CART_SOURCES_BUDGET,
  keepCartSource,
  keptCartSource,
  keptCartSourcesSize,
  type KeptCartSource,
} from './kept.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const C = '/ecom/v1/carts/current';
type Money = { amount: string };
interface Checkout {
  id: string;
  cartId?: string;
  currency: string;
  lineItems: {
    quantity: number;
    price: Money;
    availability: { status: string; quantityAvailable?: number };
  }[];
}
let s: TestServer;
/** Another server process on the same database (PostgreSQL), else the same one. */
let other: TestServer;
let lamp: PricedProduct;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ s, other, product: lamp, stop } = await keptStateStore('Kept Cart Lamp'));
});
afterAll(async () => {
  await stop?.();
});

const lampLine = (quantity = 1) => ({
  catalogReference: {
    catalogItemId: lamp.id,
    appId: APP,
    options: { variantId: lamp.variantsInfo.variants[0]!.id },
  },
  quantity,
});

/** A new visitor with `quantity` lamps in their cart (added through `server`): their token and cart owner key. */
async function cartOf(quantity = 1, server = s) {
  const auth = (await anonymousTokens(s, bundledClientId(s))).access_token;
  const added = await server.request('POST', `${C}/add-to-cart`, {
    auth,
    body: { lineItems: [lampLine(quantity)] },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { auth, owner: `visitor:${decodeJwt(auth).sub}` };
}

/** create-checkout on `s`: the checkout as GET answers it, and whether it was made from a kept cart. */
async function checkoutFrom(auth: string) {
  const hits = keptCartSourcesSize().hits;
  const made = await s.request<{ checkoutId: string }>('POST', `${C}/create-checkout`, {
    auth,
    body: { channelType: 'WEB' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const got = await s.request<{ checkout: Checkout }>('GET', `/ecom/v1/checkouts/${made.body.checkoutId}`, {
    auth,
  });
  expect(got.status).toBe(200);
  return { checkout: got.body.checkout, fromKept: keptCartSourcesSize().hits > hits };
}

/** The cart this process keeps for `owner` now (entries are replaced, never edited). */
const snapshot = (owner: string): KeptCartSource => {
  const k = keptCartSource(owner);
  expect(k, 'the cart is kept').toBeDefined();
  return k!;
};

const quantityLeft = () => inventoryItemOf(s, lamp.id);

describe('a checkout made from the kept cart', () => {
  it('is made without reading the cart, from what the cart holds, and linked to it', async () => {
    const { auth, owner } = await cartOf(2);
    const { checkout, fromKept } = await checkoutFrom(auth);
    expect(fromKept).toBe(true);
    // The checkout is kept from here on, not the cart.
    expect(keptCartSource(owner)).toBeUndefined();
    expect(checkout.lineItems).toMatchObject([{ quantity: 2, price: { amount: '10.00' } }]);
    const cart = await s.request<{ cart: { id: string; checkoutId?: string } }>('GET', C, { auth });
    expect(cart.body.cart.checkoutId).toBe(checkout.id);
    expect(checkout.cartId).toBe(cart.body.cart.id);
  });

  it('shows a price changed by another process since the cart was written', async () => {
    const { auth, owner } = await cartOf();
    const kept = snapshot(owner);
    lamp = await setPrice(other, lamp, '12');
    keepCartSource(owner, kept);
    const { checkout } = await checkoutFrom(auth);
    expect(checkout.lineItems[0]!.price.amount).toBe('12.00');
    lamp = await setPrice(other, lamp, '10');
  });

  it('holds a line another process added to the cart, that this one did not see', async () => {
    const { auth, owner } = await cartOf();
    const kept = snapshot(owner);
    const more = await other.request('POST', `${C}/add-to-cart`, {
      auth,
      body: { lineItems: [lampLine(3)] },
    });
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    keepCartSource(owner, kept);
    const { checkout } = await checkoutFrom(auth);
    expect(checkout.lineItems.map((l) => l.quantity)).toEqual([4]);
  });

  it('shows stock sold since, and is not used for a minute for carts of that item', async () => {
    const { auth, owner } = await cartOf(2);
    const kept = snapshot(owner);
    const item = await quantityLeft();
    const sold = await other.admin('POST', '/stores/v3/bulk/inventory-items/decrement', {
      decrementData: [{ inventoryItemId: item.id, decrementBy: item.quantity - 1 }],
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    keepCartSource(owner, kept);
    const { checkout } = await checkoutFrom(auth);
    expect(checkout.lineItems[0]!.availability).toEqual({
      status: 'PARTIALLY_AVAILABLE',
      quantityAvailable: 1,
    });
    const next = await cartOf();
    expect((await checkoutFrom(next.auth)).fromKept).toBe(false);
    const back = await other.admin('POST', '/stores/v3/bulk/inventory-items/increment', {
      incrementData: [{ inventoryItemId: item.id, incrementBy: 49 }],
    });
    expect(back.status).toBe(200);
  });

  it('answers an error only when the current cart has it: a cart emptied or deleted elsewhere', async () => {
    const { auth, owner } = await cartOf();
    const kept = snapshot(owner);
    expect((await other.request('DELETE', C, { auth })).status).toBe(200);
    keepCartSource(owner, kept);
    const gone = await s.request('POST', `${C}/create-checkout`, { auth, body: { channelType: 'WEB' } });
    expect(gone.status).toBe(404);
    expect(appError(gone.body).code).toBe('OWNED_CART_NOT_FOUND');
  });
});

describe('the kept carts budget', () => {
  it('lets the least recently kept go past the budget', async () => {
    const { owner } = await cartOf();
    const base = snapshot(owner);
    // Each with as many lines as makes about a quarter of the budget: four fit.
    const perLine = cartSourceBytes(1) - cartSourceBytes(0);
    const lines = Math.floor((KEPT_CART_SOURCES_BUDGET / 4 - cartSourceBytes(0)) / perLine);
    const entry = (): KeptCartSource => ({
      ...base,
      row: { ...base.row, line_items: Array.from({ length: lines }, () => base.row.line_items[0]!) },
    });
    for (const o of ['a', 'b', 'c', 'd', 'e']) keepCartSource(`budget:${o}`, entry());
    expect(keptCartSource('budget:a')).toBeUndefined();
    expect(keptCartSource('budget:b')).toBeDefined();
    expect(keptCartSource('budget:e')).toBeDefined();
    expect(keptCartSourcesSize().bytes).toBeLessThanOrEqual(KEPT_CART_SOURCES_BUDGET);
  });
});
