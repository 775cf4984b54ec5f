/**
 * Get-current-cart answers are kept per process between changes (kept.ts): every kind of change
 * must show in the very next read, with no waiting, also one made by another server process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { anonymousTokens, bundledClientId, shopClient, signInFrom } from '../../test/oauth.ts';
import { freshEmail, GOOD_PASSWORD, register } from '../../test/identity.ts';
import { setPrice } from '../../test/shop.ts';
import { KEPT_CARTS_BUDGET, keepCart, keptCart, keptCartsSize } from './kept.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const C = '/ecom/v1/carts/current';
type Money = { amount: string; formattedAmount: string };
interface Cart {
  id: string;
  revision: string;
  checkoutId?: string;
  currency: string;
  subtotal: Money;
  lineItems: {
    quantity: number;
    price: Money;
    availability: { status: string; quantityAvailable?: number };
  }[];
}
interface Product {
  id: string;
  revision: string;
  variantsInfo: { variants: { id: string }[] };
}

let s: TestServer;
let lamp: Product;
beforeAll(async () => {
  s = await startTestServer();
  const made = await s.admin<{ product: Product }>('POST', '/stores/v3/products', {
    product: {
      name: 'Kept Lamp',
      variantsInfo: {
        variants: [{ price: { actualPrice: { amount: '10' } }, inventoryItem: { quantity: 5 } }],
      },
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  lamp = made.body.product;
});
afterAll(async () => {
  await s?.stop();
});

const visitor = async () => (await anonymousTokens(s, bundledClientId(s))).access_token;
const lampRef = () => ({
  catalogItemId: lamp.id,
  appId: APP,
  options: { variantId: lamp.variantsInfo.variants[0]!.id },
});
const get = async (auth: string, server = s) => {
  const r = await server.request<{ cart: Cart }>('GET', C, { auth });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.cart;
};
const setLampPrice = async (amount: string, server = s) => {
  lamp = await setPrice(server, lamp, amount);
};

/** A new product whose stock is not tracked, `quantity` of it put in `auth`'s cart; the product. */
async function untrackedInCart(auth: string, name: string, quantity: number): Promise<Product> {
  const made = await s.admin<{ product: Product }>('POST', '/stores/v3/products', {
    product: { name, variantsInfo: { variants: [{ price: { actualPrice: { amount: '5' } } }] } },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const p = made.body.product;
  const ref = { catalogItemId: p.id, appId: APP, options: { variantId: p.variantsInfo.variants[0]!.id } };
  const added = await s.request('POST', `${C}/add-to-cart`, {
    auth,
    body: { lineItems: [{ catalogReference: ref, quantity }] },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return p;
}

describe('the kept cart answer', () => {
  it('is kept after a read and answered again while nothing changed', async () => {
    const v = await visitor();
    await s.request('POST', `${C}/add-to-cart`, {
      auth: v,
      body: { lineItems: [{ catalogReference: lampRef(), quantity: 1 }] },
    });
    const before = keptCartsSize().count;
    const first = await s.request('GET', C, { auth: v });
    expect(keptCartsSize().count).toBe(before + 1);
    // The lamp's stock is tracked: the kept answer's version is read with its inventory row's.
    const hits = keptCartsSize().hits;
    const again = await s.request('GET', C, { auth: v });
    expect(again.body).toEqual(first.body);
    expect(keptCartsSize()).toMatchObject({ count: before + 1, hits: hits + 1 });
  });

  it('shows a line added, a price change, a stock change, a linked checkout, a currency change and a deletion at once', async () => {
    const v = await visitor();
    const add = (quantity: number) =>
      s.request('POST', `${C}/add-to-cart`, {
        auth: v,
        body: { lineItems: [{ catalogReference: lampRef(), quantity }] },
      });
    await add(1);
    expect((await get(v)).lineItems[0]!.quantity).toBe(1);
    await add(1);
    expect((await get(v)).lineItems[0]!.quantity).toBe(2);

    await setLampPrice('12');
    expect((await get(v)).subtotal.amount).toBe('24.00');

    const items = await s.admin<{ inventoryItems: { id: string }[] }>(
      'POST',
      '/stores/v3/inventory-items/query',
      {
        query: { filter: { productId: lamp.id } },
      },
    );
    const dec = await s.admin('POST', '/stores/v3/bulk/inventory-items/decrement', {
      decrementData: [{ inventoryItemId: items.body.inventoryItems[0]!.id, decrementBy: 4 }],
    });
    expect(dec.status, JSON.stringify(dec.body)).toBe(200);
    // One left, two in the cart: the item is still in stock, so only its own quantity moved.
    expect((await get(v)).lineItems[0]!.availability).toEqual({
      status: 'PARTIALLY_AVAILABLE',
      quantityAvailable: 1,
    });

    // Linking the checkout leaves the cart's revision as it is: the kept answer must still go.
    const { revision } = await get(v);
    const made = await s.request<{ checkoutId: string }>('POST', `${C}/create-checkout`, {
      auth: v,
      body: { channelType: 'WEB' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const linked = await get(v);
    expect(linked.checkoutId).toBe(made.body.checkoutId);
    expect(linked.revision).toBe(revision);

    expect(
      (await s.admin('PATCH', '/platform/v1/store-settings', { settings: { currency: 'EUR' } })).status,
    ).toBe(200);
    try {
      const euro = await get(v);
      expect(euro.currency).toBe('EUR');
      expect(euro.subtotal.formattedAmount).toContain('€');
    } finally {
      await s.admin('PATCH', '/platform/v1/store-settings', { settings: { currency: 'USD' } });
    }

    expect((await s.request('DELETE', C, { auth: v })).status).toBe(200);
    expect((await s.request('GET', C, { auth: v })).status).toBe(404);
  });

  it("shows stock tracking switched on for a line kept without its stock, and that line's quantities from then on", async () => {
    const v = await visitor();
    const poster = await untrackedInCart(v, 'Kept Poster', 2);
    // Untracked: kept (twice read) with a version that leaves the line's stock out.
    expect((await get(v)).lineItems[0]!.availability).toEqual({ status: 'AVAILABLE' });
    expect((await get(v)).lineItems[0]!.availability).toEqual({ status: 'AVAILABLE' });

    const items = await s.admin<{ inventoryItems: { id: string }[] }>(
      'POST',
      '/stores/v3/inventory-items/query',
      {
        query: { filter: { productId: poster.id } },
      },
    );
    const id = items.body.inventoryItems[0]!.id;
    const tracked = await s.admin('PATCH', `/stores/v3/inventory-items/${id}`, {
      inventoryItem: { trackQuantity: true, quantity: 1 },
    });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    expect((await get(v)).lineItems[0]!.availability).toEqual({
      status: 'PARTIALLY_AVAILABLE',
      quantityAvailable: 1,
    });
    // Now tracked, it is kept with its stock: a quantity moving alone shows too.
    const inc = await s.admin('POST', '/stores/v3/bulk/inventory-items/increment', {
      incrementData: [{ inventoryItemId: id, incrementBy: 5 }],
    });
    expect(inc.status, JSON.stringify(inc.body)).toBe(200);
    expect((await get(v)).lineItems[0]!.availability).toEqual({ status: 'AVAILABLE', quantityAvailable: 6 });
  });

  it("answers a member signed in from a visitor's session from the kept store", async () => {
    const clientId = await shopClient(s);
    const v = (await anonymousTokens(s, clientId)).access_token;
    const email = freshEmail('kept-member');
    expect((await register(s, email, GOOD_PASSWORD)).status).toBe(200);
    const m = await signInFrom(s, {
      clientId,
      visitorToken: v,
      email,
      password: GOOD_PASSWORD,
    });
    await untrackedInCart(m, 'Kept Card', 1);
    const first = await get(m);
    const before = keptCartsSize().hits;
    expect(await get(m)).toEqual(first);
    expect(await get(m)).toEqual(first);
    expect(keptCartsSize().hits - before).toBe(2);
  });

  it.skipIf(testEngine() !== 'postgres')(
    'shows a change made through another server process on the same database at once (PostgreSQL)',
    async () => {
      // Behind one load balancer: the same public URL (the tokens' issuer), a pool of its own.
      const other = await startTestServer({
        database: s.db.another(),
        clock: s.clock,
        env: { JOBS: 'false', PUBLIC_URL: s.url },
      });
      try {
        const v = await visitor();
        await s.request('POST', `${C}/add-to-cart`, {
          auth: v,
          body: { lineItems: [{ catalogReference: lampRef(), quantity: 1 }] },
        });
        expect((await get(v)).subtotal.amount).toBe('12.00');
        await setLampPrice('13', other);
        expect((await get(v)).subtotal.amount).toBe('13.00');
        const items = await other.admin<{ inventoryItems: { id: string }[] }>(
          'POST',
          '/stores/v3/inventory-items/query',
          { query: { filter: { productId: lamp.id } } },
        );
        const inc = await other.admin('POST', '/stores/v3/bulk/inventory-items/increment', {
          incrementData: [{ inventoryItemId: items.body.inventoryItems[0]!.id, incrementBy: 5 }],
        });
        expect(inc.status, JSON.stringify(inc.body)).toBe(200);
        const added = await other.request('POST', `${C}/add-to-cart`, {
          auth: v,
          body: { lineItems: [{ catalogReference: lampRef(), quantity: 1 }] },
        });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        expect((await get(v)).subtotal.amount).toBe('26.00');
      } finally {
        await other.stop();
      }
    },
  );
});

describe('the kept answers budget', () => {
  it('lets the least recently used answers go past the budget, and never keeps one larger than it', () => {
    const big = 'x'.repeat(Math.floor(KEPT_CARTS_BUDGET / 4));
    for (const o of ['a', 'b', 'c']) keepCart(`budget:${o}`, '1', big);
    expect(keptCart('budget:a', '1')).toBeDefined(); // a is now the most recently used
    keepCart('budget:d', '1', big);
    keepCart('budget:e', '1', big);
    expect(keptCart('budget:b', '1')).toBeUndefined();
    expect(keptCart('budget:a', '1')).toBeDefined();
    expect(keptCart('budget:e', '1')).toBeDefined();
    expect(keptCart('budget:e', '2')).toBeUndefined();
    expect(keptCartsSize().bytes).toBeLessThanOrEqual(KEPT_CARTS_BUDGET);
    keepCart('budget:huge', '1', 'x'.repeat(KEPT_CARTS_BUDGET + 1));
    expect(keptCart('budget:huge', '1')).toBeUndefined();
  });
});
