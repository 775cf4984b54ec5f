/**
 * A visitor this process has just created makes their first cart of items kept from an earlier
 * read (kept.ts KeptItems) without reading: the transaction checks that the catalog, the
 * configuration and the items' stock are as kept, and the insert that the visitor has no cart.
 * Every change made elsewhere must show, and no answer or error may come from items that were not
 * current.
 *
 * The tests' server processes share one Node process, and so one kept store. A process that did not
 * see a change is made by putting back the items kept before it (`keepItems`), as that process would
 * still hold them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { appError, type TestServer } from '../../test/server.ts';
import {
  inventoryItemOf,
  keptStateStore,
  setPrice,
  STORES_APP,
  visitorOf,
  type PricedProduct,
} from '../../test/shop.ts';
import { noteNewVisitor } from '../oauth/index.ts';
import { decodeJwt } from 'jose';
import { KEPT_ITEMS_PAUSE_MS, keepItems, keptItems, keptItemsSize, type KeptItems } from './kept.ts';

const C = '/ecom/v1/carts/current';
interface Cart {
  id: string;
  lineItems: { quantity: number; price: { amount: string } }[];
  subtotal: { amount: string };
}
let s: TestServer;
/** Another server process on the same database (PostgreSQL), else the same one. */
let other: TestServer;
let pen: PricedProduct;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ s, other, product: pen, stop } = await keptStateStore('Kept Items Pen'));
});
afterAll(async () => {
  await stop?.();
});

const variantIds = () => [pen.variantsInfo.variants[0]!.id];
const penLine = (quantity = 1) => ({
  catalogReference: { catalogItemId: pen.id, appId: STORES_APP, options: { variantId: variantIds()[0] } },
  quantity,
});

/** A new visitor's token, from `s`'s anonymous grant. */
const newVisitor = () => visitorOf(s);

/** add-to-cart on `server`; whether the cart was made from kept items. */
async function add(auth: string, quantity = 1, server = s) {
  const hits = keptItemsSize().hits;
  const r = await server.request<{ cart: Cart }>('POST', `${C}/add-to-cart`, {
    auth,
    body: { lineItems: [penLine(quantity)] },
  });
  return { ...r, fromKept: keptItemsSize().hits > hits };
}

/** The items kept now (entries are replaced, never edited), after a new visitor's add-to-cart read them. */
async function keptNow(): Promise<KeptItems> {
  const first = await add(await newVisitor());
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const k = keptItems(variantIds());
  expect(k, 'the items are kept').toBeDefined();
  return k!;
}

describe("a new visitor's first cart, from kept items", () => {
  it('is made without a read, and is the cart a read answers', async () => {
    await keptNow();
    const auth = await newVisitor();
    const made = await add(auth, 2);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.fromKept).toBe(true);
    expect(made.body.cart.lineItems).toMatchObject([{ quantity: 2, price: { amount: '10.00' } }]);
    expect(made.body.cart.subtotal.amount).toBe('20.00');
    const got = await s.request<{ cart: Cart }>('GET', C, { auth });
    expect(got.status).toBe(200);
    expect(got.body.cart).toEqual(made.body.cart);
  });

  it('is used once per visitor: their next change reads the cart', async () => {
    await keptNow();
    const auth = await newVisitor();
    expect((await add(auth)).fromKept).toBe(true);
    const again = await add(auth, 2);
    expect(again.fromKept).toBe(false);
    expect(again.body.cart.lineItems.map((l) => l.quantity)).toEqual([3]);
  });

  it('is not used for a visitor whose first change was of another kind', async () => {
    await keptNow();
    const auth = await newVisitor();
    const noted = await s.request('PATCH', C, { auth, body: { cartInfo: { buyerNote: 'gift' } } });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    const added = await add(auth);
    expect(added.fromKept).toBe(false);
    expect(added.body.cart.lineItems).toHaveLength(1);
  });

  it('shows a price changed by another process since the items were read', async () => {
    const kept = await keptNow();
    pen = await setPrice(other, pen, '12');
    keepItems(variantIds(), kept);
    const made = await add(await newVisitor());
    expect(made.status).toBe(200);
    expect(made.fromKept).toBe(false);
    expect(made.body.cart.lineItems[0]!.price.amount).toBe('12.00');
    pen = await setPrice(other, pen, '10');
  });

  it('adds to the cart another process made for the visitor, that this one did not see', async () => {
    await keptNow();
    const auth = await newVisitor();
    const there = await add(auth, 2, other);
    expect(there.status).toBe(200);
    // This process still takes the visitor for a new one.
    noteNewVisitor(String(decodeJwt(auth).sub));
    const added = await add(auth);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.fromKept).toBe(false);
    expect(added.body.cart.id).toBe(there.body.cart.id);
    expect(added.body.cart.lineItems.map((l) => l.quantity)).toEqual([3]);
  });

  it('is not tried when this process sold the item since: read again, and kept from that read', async () => {
    // Past any pause an earlier test's failed try left, with the items kept from a read.
    s.clock.advance(KEPT_ITEMS_PAUSE_MS);
    await keptNow();
    s.clock.advance(KEPT_ITEMS_PAUSE_MS);
    const item = await inventoryItemOf(s, pen.id);
    const sold = await s.admin('POST', '/stores/v3/bulk/inventory-items/decrement', {
      decrementData: [{ inventoryItemId: item.id, decrementBy: 1 }],
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    // Known stale here (catalog stock-moves.ts): not tried, so it neither fails its check nor
    // pauses the item, and the read keeps the items again for the next new visitor.
    const read = await add(await newVisitor());
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.fromKept).toBe(false);
    expect(keptItems(variantIds())?.notBefore ?? 0).toBeLessThanOrEqual(s.clock.now().getTime());
    const next = await add(await newVisitor());
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.fromKept).toBe(true);
  });

  // A sale this process did not see: on PostgreSQL, made by the other process (on PGlite there is
  // only this one, which notes its own sales and so would not try the items at all).
  it.skipIf(testEngine() !== 'postgres')(
    'refuses more than the stock sold since left, and is not tried for a minute for that item',
    async () => {
      const kept = await keptNow();
      const item = await inventoryItemOf(s, pen.id);
      const sold = await other.admin('POST', '/stores/v3/bulk/inventory-items/decrement', {
        decrementData: [{ inventoryItemId: item.id, decrementBy: item.quantity - 1 }],
      });
      expect(sold.status, JSON.stringify(sold.body)).toBe(200);
      keepItems(variantIds(), kept);
      const refused = await add(await newVisitor(), 2);
      expect(refused.status).toBe(400);
      expect(appError(refused.body).code).toBe('INSUFFICIENT_INVENTORY');
      // The items are kept again from the next read, but the stock moved: not tried for a minute.
      expect((await add(await newVisitor())).status).toBe(200);
      const next = await add(await newVisitor());
      expect(next.status).toBe(200);
      expect(next.fromKept).toBe(false);
      const back = await other.admin('POST', '/stores/v3/bulk/inventory-items/increment', {
        incrementData: [{ inventoryItemId: item.id, incrementBy: 49 }],
      });
      expect(back.status).toBe(200);
    },
  );
});
