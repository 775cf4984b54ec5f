import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { signInFrom } from '../../test/oauth.ts';
import { freshEmail, GOOD_PASSWORD, register } from '../../test/identity.ts';
import { shopperKit } from '../../test/shop.ts';

const DAY = 86_400_000;

let s: TestServer;
let kit: Awaited<ReturnType<typeof shopperKit>>;

beforeAll(async () => {
  s = await startTestServer();
  kit = await shopperKit(s, '8');
});
afterAll(async () => {
  await s?.stop();
});

/** Adds the product to the caller's current cart; the cart's id. */
async function fill(auth: string): Promise<string> {
  const r = await s.request<{ cart: { id: string } }>('POST', '/ecom/v1/carts/current/add-to-cart', {
    auth,
    body: { lineItems: [kit.line] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.cart.id;
}
/** A new member's token, signed in from `visitorToken`'s session. */
async function memberFrom(visitorToken: string): Promise<string> {
  const email = freshEmail('kept-cart');
  expect((await register(s, email, GOOD_PASSWORD)).status).toBe(200);
  return signInFrom(s, { clientId: kit.clientId, visitorToken, email, password: GOOD_PASSWORD });
}
const stored = async (ids: string[]) =>
  (await s.db.handle.db.selectFrom('cart').select('id').where('id', 'in', ids).execute()).map((r) => r.id);

describe("visitors' carts their shoppers can no longer reach", () => {
  it("are deleted 150 days after their last change; members' carts and recent ones stay", async () => {
    const abandoned = await fill(await kit.visitor());
    const members = await fill(await memberFrom(await kit.visitor()));
    // A visitor's cart a member took over (it keeps its visitor id).
    const fromVisitor = await kit.visitor();
    await fill(fromVisitor);
    const takenOver = (
      await s.request<{ cart: { id: string } }>('GET', '/ecom/v1/carts/current', {
        auth: await memberFrom(fromVisitor),
      })
    ).body.cart.id;
    s.clock.advance(100 * DAY);
    const recent = await fill(await kit.visitor());
    expect(await stored([abandoned, members, takenOver, recent])).toHaveLength(4);

    // 150 days after the first carts were last changed, the abandoned one goes; the recent one has 100 days to go.
    s.clock.advance(50 * DAY + 3_600_000);
    await s.until(async () => (await stored([abandoned])).length === 0, 10_000);
    expect((await stored([members, takenOver, recent])).sort()).toEqual([members, takenOver, recent].sort());
  });
});
