import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { memberTokens } from '../../test/oauth.ts';
import { shopperKit } from '../../test/shop.ts';

const K = '/ecom/v1/checkouts';
const DAY = 86_400_000;

let s: TestServer;
let kit: Awaited<ReturnType<typeof shopperKit>>;

beforeAll(async () => {
  s = await startTestServer();
  kit = await shopperKit(s, '12');
});
afterAll(async () => {
  await s?.stop();
});

/** A checkout of the book, made by `auth` (a shopper's token, or undefined for the app). */
async function checkout(auth?: string): Promise<string> {
  const body = { channelType: 'WEB', lineItems: [kit.line] };
  const r = auth
    ? await s.request<{ checkout: { id: string } }>('POST', K, { auth, body })
    : await s.admin<{ checkout: { id: string } }>('POST', K, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.checkout.id;
}
const stored = async (ids: string[]) =>
  (await s.db.handle.db.selectFrom('checkout').select('id').where('id', 'in', ids).execute()).map(
    (r) => r.id,
  );

describe("visitors' abandoned checkouts their shoppers can no longer reach", () => {
  it("are deleted 150 days after their last change; completed, members', apps' and recent ones stay", async () => {
    const abandoned = await checkout(await kit.visitor());
    const completed = await checkout(await kit.visitor());
    const done = await s.admin('POST', `${K}/${completed}/mark-as-completed`, { id: completed });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const members = await checkout((await memberTokens(s, kit.clientId)).tokens.access_token);
    const apps = await checkout();
    s.clock.advance(100 * DAY);
    const recent = await checkout(await kit.visitor());
    const all = [abandoned, completed, members, apps, recent];
    expect(await stored(all)).toHaveLength(5);

    s.clock.advance(50 * DAY + 3_600_000);
    await s.until(async () => (await stored([abandoned])).length === 0, 10_000);
    expect((await stored(all)).sort()).toEqual([completed, members, apps, recent].sort());
  });
});
