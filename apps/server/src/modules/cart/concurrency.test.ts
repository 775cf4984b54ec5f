/**
 * One shopper's cart and checkout written by calls at the same moment, through two server processes
 * on one PostgreSQL. Each write checks the revision it read (optimistic concurrency); a call whose
 * write found the row changed reads again and retries, so every item lands once, each change has
 * one event, and only a call that lost five times in a row answers CART_CHANGED or
 * CHECKOUT_CHANGED. (PGlite is a single session: skipped there.)
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { appError, startTwoProcesses, type TestServer } from '../../test/server.ts';
import { anonymousTokens, bundledClientId } from '../../test/oauth.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const CALLS = 8;
let s: TestServer;
let other: TestServer;

async function items(n: number, name: string) {
  const refs: { catalogItemId: string; appId: string; options: { variantId: string } }[] = [];
  for (let i = 0; i < n; i++) {
    const r = await s.admin<{ product: { id: string; variantsInfo: { variants: { id: string }[] } } }>(
      'POST',
      '/stores/v3/products',
      {
        product: {
          name: `${name} ${i}`,
          productType: 'DIGITAL',
          variantsInfo: { variants: [{ price: { actualPrice: { amount: '3' } } }] },
        },
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const variantId = r.body.product.variantsInfo.variants[0]!.id;
    refs.push({ catalogItemId: r.body.product.id, appId: APP, options: { variantId } });
  }
  return refs;
}

/** The answers' outcomes (200 or the error code), and the items of the calls that succeeded. */
function outcomes(answers: { status: number; body: unknown }[], refs: { catalogItemId: string }[]) {
  const codes = answers.map((a) => (a.status === 200 ? '200' : `${a.status} ${appError(a.body).code}`));
  const added = refs.filter((_, i) => codes[i] === '200').map((r) => r.catalogItemId);
  return { codes, added };
}

async function eventsOf(entityId: string) {
  const { rows } = await sql<{ slug: string; entity_event_sequence: number }>`
    select slug, entity_event_sequence from event where entity_id = ${entityId}
    order by entity_event_sequence`.execute(s.db.handle.db);
  return rows.map((r) => `${r.entity_event_sequence} ${r.slug}`);
}

describe.skipIf(testEngine() !== 'postgres')('a cart and a checkout written at the same moment', () => {
  beforeAll(async () => {
    ({ s, other } = await startTwoProcesses());
  });
  afterAll(async () => {
    await other?.stop();
    await s?.stop();
  });

  it('keeps every item added by calls at once, the first of which make the cart, with one event per change', async () => {
    const refs = await items(CALLS, 'Cart Race');
    const v = (await anonymousTokens(s, bundledClientId(s))).access_token;
    const answers = await Promise.all(
      refs.map((ref, i) =>
        (i % 2 ? other : s).request('POST', '/ecom/v1/carts/current/add-to-cart', {
          auth: v,
          body: { lineItems: [{ catalogReference: ref, quantity: 1 }] },
        }),
      ),
    );
    const { codes, added } = outcomes(answers, refs);
    // A call that lost five times in a row answers CART_CHANGED; it added nothing.
    for (const c of codes) expect(['200', '409 CART_CHANGED']).toContain(c);
    expect(added.length).toBeGreaterThanOrEqual(5); // with 5 at once, none can lose five times
    const cart = await s.request<{
      cart: { id: string; lineItems: { quantity: number; catalogReference: { catalogItemId: string } }[] };
    }>('GET', '/ecom/v1/carts/current', { auth: v });
    const lines = cart.body.cart.lineItems;
    expect(lines.map((l) => l.catalogReference.catalogItemId).sort()).toEqual([...added].sort());
    expect(lines.every((l) => l.quantity === 1)).toBe(true);
    expect(await eventsOf(cart.body.cart.id)).toEqual(
      added.map((_, i) => `${i + 1} ${i === 0 ? 'created' : 'updated'}`),
    );
  }, 60_000);

  it('keeps every item added to one checkout by calls at once, with one event per change', async () => {
    const [first, ...refs] = await items(CALLS + 1, 'Checkout Race');
    const v = (await anonymousTokens(s, bundledClientId(s))).access_token;
    const created = await s.request<{ checkout: { id: string } }>('POST', '/ecom/v1/checkouts', {
      auth: v,
      body: { channelType: 'WEB', lineItems: [{ catalogReference: first, quantity: 1 }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.checkout.id;
    const answers = await Promise.all(
      refs.map((ref, i) =>
        (i % 2 ? other : s).request('POST', `/ecom/v1/checkouts/${id}/add-to-checkout`, {
          auth: v,
          body: { lineItems: [{ catalogReference: ref, quantity: 1 }] },
        }),
      ),
    );
    const { codes, added } = outcomes(answers, refs);
    for (const c of codes) expect(['200', '409 CHECKOUT_CHANGED']).toContain(c);
    expect(added.length).toBeGreaterThanOrEqual(5);
    const read = await s.request<{
      checkout: { lineItems: { catalogReference: { catalogItemId: string } }[] };
    }>('GET', `/ecom/v1/checkouts/${id}`, { auth: v });
    expect(read.body.checkout.lineItems.map((l) => l.catalogReference.catalogItemId).sort()).toEqual(
      [first!.catalogItemId, ...added].sort(),
    );
    expect(await eventsOf(id)).toEqual(['1 created', ...added.map((_, i) => `${i + 2} updated`)]);
  }, 60_000);
});
