/**
 * Abandoned checkouts over HTTP: a checkout left an hour with an e-mail is found once (by every
 * process that looks), e-mailed its recovery link, which opens it again on the hosted checkout page;
 * the order placed from it marks it RECOVERED. The merchant's calls: query, search, analytics,
 * activities, the e-mail again, delete. On PostgreSQL with TEST_DATABASE_URL (two processes).
 */
import { ENTITY_FQDN, type WireAbandonedCheckout } from '@vitrine/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../test/discounts.ts';
import { freshEmail, GOOD_PASSWORD, linkIn, mailsTo, register } from '../../test/identity.ts';
import { memberTokens, signInFrom } from '../../test/oauth.ts';
import { createOrder, orderBody } from '../../test/orders.ts';
import { expectTabledRoles, shopCallers, walkRoles, type Expected } from '../../test/permissions.ts';
import { testEngine } from '../../test/database.ts';
import { appError, startTestServer, type TestServer } from '../../test/server.ts';
import { shopperKit } from '../../test/shop.ts';

const K = '/ecom/v1/checkouts';
const AC = '/ecom/v1/abandoned-checkout';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let s: TestServer;
let other: TestServer;
let kit: Awaited<ReturnType<typeof shopperKit>>;

beforeAll(async () => {
  s = await startTestServer();
  // A second process on the same database and clock (PGlite is one session: the same handle).
  other = await startTestServer({
    database: testEngine() === 'postgres' ? s.db.another() : s.db.handle,
    clock: s.clock,
    env: { PUBLIC_URL: s.url },
  });
  kit = await shopperKit(s, '12.50');
});
afterAll(async () => {
  await other?.stop();
  await s?.stop();
});

/** A visitor's checkout of two books with `email` (none: no e-mail) and a name; its id and the visitor. */
async function leftCheckout(email?: string, firstName = 'Ada') {
  const auth = await kit.visitor();
  const made = await s.request<{ checkout: { id: string } }>('POST', K, {
    auth,
    body: { channelType: 'WEB', lineItems: [{ ...kit.line, quantity: 2 }] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = made.body.checkout.id;
  const patched = await s.request('PATCH', `${K}/${id}`, {
    auth,
    body: {
      checkout: {
        ...(email ? { buyerInfo: { email } } : {}),
        shippingInfo: { shippingDestination: { contactDetails: { firstName, lastName: 'Lovelace' } } },
      },
    },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  return { id, auth };
}

const search = (body: unknown) =>
  s.admin<{ abandonedCheckouts: WireAbandonedCheckout[]; pagingMetadata: { count: number } }>(
    'POST',
    `${AC}/search`,
    { search: body },
  );
const byCheckout = async (checkoutId: string) =>
  (await search({ filter: { checkoutId } })).body.abandonedCheckouts[0];
/** Opens a recovery link without following it: where it leads. */
const open = (link: string) => fetch(link, { redirect: 'manual' });

describe('abandoned checkouts', () => {
  const found: Record<'ada' | 'grace', WireAbandonedCheckout> = {} as never;
  let ada: { id: string; auth: string };
  /** A member's checkout whose record the merchant deleted (the newest then). */
  let memberCheckout = '';

  it('are found an hour after the last change (once, with two processes looking), and e-mailed their recovery link once', async () => {
    ada = await leftCheckout('ada@example.test');
    const grace = await leftCheckout('Grace@Example.test', 'Grace');
    const noEmail = await leftCheckout();
    s.clock.advance(40 * 60_000);
    const recent = await leftCheckout('recent@example.test');
    // Both processes' runners look, once the clock has passed the hour.
    s.clock.advance(25 * 60_000);
    // Recorded, then e-mailed by a job: waited for until the e-mail is sent.
    const mailed = (id: string) =>
      s.until(async () => {
        const r = await byCheckout(id);
        return r?.activities.some((x) => x.type === 'EMAIL_SENT') && r;
      });
    const a = await mailed(ada.id);
    found.ada = a;
    found.grace = await mailed(grace.id);
    expect(a).toMatchObject({
      checkoutId: ada.id,
      status: 'ABANDONED',
      buyerInfo: { email: 'ada@example.test' },
      contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
      currency: 'USD',
      totalPrice: { amount: '25.00', formattedAmount: '$25.00' },
      lineItems: [{ quantity: 2, price: { amount: '12.50' } }],
    });
    expect(a.activities.map((x) => x.type)).toEqual(['SCHEDULED', 'EMAIL_SENT']);
    const events = await eventsOf(s, ENTITY_FQDN.abandonedCheckout, a.id);
    expect(events.map((e) => e.eventType)).toEqual([
      'wix.ecom.v1.abandoned_checkout_created',
      'wix.ecom.v1.abandoned_checkout_updated',
    ]);
    expect(await byCheckout(noEmail.id)).toBeUndefined();
    expect(await byCheckout(recent.id)).toBeUndefined();

    // One row and one e-mail each, though both processes searched.
    const all = await search({ filter: { checkoutId: { $in: [ada.id, grace.id] } } });
    expect(all.body.abandonedCheckouts).toHaveLength(2);
    const mails = await mailsTo(s, 'ada@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/You left something at/);
    expect(mails[0]!.text).toContain('× 2');
    expect(linkIn(mails[0]!.text.slice(mails[0]!.text.indexOf('Finish')))).toMatch(
      new RegExp(`/ecom/v1/abandoned-checkout/${a.id}/redirect-to-checkout\\?token=`),
    );
    // The address as the shopper wrote it is matched lower-cased.
    expect(found.grace.buyerInfo.email).toBe('Grace@Example.test');
    expect(await mailsTo(s, 'grace@example.test')).toHaveLength(1);

    // Later, the 40-minute-old one is found too.
    s.clock.advance(40 * 60_000);
    await s.until(() => byCheckout(recent.id));
  });

  it('open their checkout again from the link, as the shopper who left it; a forged or foreign link opens nothing', async () => {
    const link = (await mailsTo(s, 'ada@example.test'))[0]!.text.match(/Finish your purchase: (\S+)/)![1]!;
    const r = await open(link);
    expect(r.status).toBe(302);
    const to = new URL(r.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(`${s.url}/checkout`);
    expect(to.searchParams.get('checkoutId')).toBe(ada.id);
    const session = await s.request<{ accessToken: string; checkoutId: string }>(
      'POST',
      '/_api/hosted-checkout/v1/session',
      { body: { checkoutToken: to.searchParams.get('checkoutToken'), checkoutId: ada.id } },
    );
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const read = await s.request<{ checkout: { lineItems: { quantity: number }[] } }>(
      'GET',
      `${K}/${ada.id}`,
      {
        auth: session.body.accessToken,
      },
    );
    expect(read.body.checkout.lineItems[0]!.quantity).toBe(2);

    const refused = async (url: string) => {
      const res = await open(url);
      expect(res.status, url).toBe(400);
      expect(appError(await res.json()).code).toBe('RECOVERY_LINK_INVALID');
    };
    const token = new URL(link).searchParams.get('token')!;
    const forged = link.replace(token, `${token.slice(0, -2)}xx`);
    await refused(forged);
    // A browser gets a page that says so and leads to the shop.
    const page = await fetch(forged, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain(`<a href="${s.url}/">Continue shopping at`);
    await refused(`${s.url}${AC}/${found.ada.id}/redirect-to-checkout`);
    // Grace's token on Ada's checkout.
    const graceToken = new URL(found.grace.checkoutUrl).searchParams.get('token')!;
    await refused(
      `${s.url}${AC}/${found.ada.id}/redirect-to-checkout?token=${encodeURIComponent(graceToken)}`,
    );
  });

  it("of a member lead to the store's sign-in and then their cart resuming that checkout, never signed in by the link", async () => {
    const member = await memberTokens(s, kit.clientId);
    const auth = member.tokens.access_token;
    const added = await s.request('POST', '/ecom/v1/carts/current/add-to-cart', {
      auth,
      body: { lineItems: [kit.line] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const made = await s.request<{ checkoutId: string }>('POST', '/ecom/v1/carts/current/create-checkout', {
      auth,
      body: { channelType: 'WEB' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    s.clock.advance(61 * 60_000);
    const r = await s.until(() => byCheckout(made.body.checkoutId));
    expect(r.buyerInfo.memberId).toBe(member.memberId);
    const opened = await open(r.checkoutUrl);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(
      `${s.url}/login?returnTo=${encodeURIComponent(`/cart?resume=${made.body.checkoutId}`)}`,
    );
    // The sign-in page reads `returnTo` back whole: the cart with the checkout to resume.
    const to = new URL(opened.headers.get('location')!);
    expect(to.searchParams.get('returnTo')).toBe(`/cart?resume=${made.body.checkoutId}`);
    // Still no sign-in and no checkout token in the link: the member signs in on the store.
    expect(opened.headers.get('location')).not.toMatch(/checkoutToken|access_token/);
    expect((await s.admin('DELETE', `${AC}/${r.id}`)).status).toBe(200);
    memberCheckout = made.body.checkoutId;
  });

  it('are RECOVERED once the checkout becomes an order; their link then leads to the shop', async () => {
    const placed = await s.request<{ orderId: string }>('POST', `${K}/${ada.id}/create-order`, {
      auth: ada.auth,
      body: { id: ada.id },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    s.clock.advance(61_000);
    const recovered = await s.until(async () => {
      const r = await byCheckout(ada.id);
      return r?.status === 'RECOVERED' && r;
    });
    expect(Date.parse(recovered.checkoutRecoveredDate!)).toBeGreaterThanOrEqual(
      Date.parse(found.ada.createdDate),
    );
    const events = await eventsOf(s, ENTITY_FQDN.abandonedCheckout, recovered.id);
    expect(events.at(-1)?.eventType).toBe('wix.ecom.v1.abandoned_checkout_recovered');
    const r = await open(recovered.checkoutUrl);
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe(`${s.url}/`);
    const again = await s.admin(
      'POST',
      `/ecom/v1/abandoned-checkouts/${recovered.id}/send-recovery-email`,
      {},
    );
    expect([again.status, appError(again.body).code]).toEqual([409, 'ABANDONED_CHECKOUT_RECOVERED']);
  });

  it("answer the merchant's search, analytics, activities, a second e-mail (not within the hour) and deletes", async () => {
    const grace = found.grace.id;
    const words = await search({ search: { expression: 'gra LOVE' } });
    expect(words.body.abandonedCheckouts.map((c) => c.id)).toEqual([grace]);
    const open = await search({ filter: { status: 'ABANDONED' } });
    expect(open.body.abandonedCheckouts.map((c) => c.checkoutId)).not.toContain(ada.id);
    const queried = await s.admin<{ abandonedCheckouts: WireAbandonedCheckout[] }>('POST', `${AC}/query`, {
      query: { filter: { status: 'RECOVERED' }, cursorPaging: { limit: 5 } },
    });
    expect(queried.body.abandonedCheckouts.map((c) => c.checkoutId)).toEqual([ada.id]);
    // Offset paging too, as the platform's queries take it, with the total.
    const second = await s.admin<{
      abandonedCheckouts: WireAbandonedCheckout[];
      metadata: { offset: number; total: number };
    }>('POST', `${AC}/query`, {
      query: { sort: [{ fieldName: 'createdDate', order: 'ASC' }], paging: { limit: 1, offset: 1 } },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.metadata).toMatchObject({ offset: 1, total: 3 });
    expect(second.body.abandonedCheckouts).toHaveLength(1);

    const day = s.clock.now().toISOString().slice(0, 10);
    const figures = await s.admin('POST', `${AC}/get-analytics`, { startDate: '2020-01-01', endDate: day });
    expect(figures.body).toEqual({
      currency: 'USD',
      recoverableValue: '50.00',
      recoverableCheckoutCount: 2,
      averageRecoverableCheckoutValue: '25.00',
      recoveredValue: '25.00',
      recoveredCheckoutCount: 1,
      recoveryRate: 1 / 3,
    });
    const some = await s.admin('POST', `${AC}/get-analytics`, {
      startDate: found.ada.createdDate.slice(0, 10),
      endDate: day,
      metrics: ['RECOVERY_RATE'],
    });
    expect(some.body).toEqual({ currency: 'USD', recoveryRate: 1 / 3 });
    const bad = await s.admin('POST', `${AC}/get-analytics`, { startDate: 'yesterday', endDate: day });
    expect(bad.status).toBe(400);

    const task = await s.admin<{ abandonedCheckout: WireAbandonedCheckout }>(
      'POST',
      `/ecom/v1/abandoned-checkouts/${grace}/add-activity`,
      { abandonedCheckoutId: grace, activityType: 'TASK_CREATED' },
    );
    expect(task.body.abandonedCheckout.activities.map((a) => a.type)).toEqual([
      'SCHEDULED',
      'EMAIL_SENT',
      'TASK_CREATED',
    ]);

    const send = () => s.admin('POST', `/ecom/v1/abandoned-checkouts/${grace}/send-recovery-email`, {});
    // The automatic one went over an hour ago: again now, then not again within the hour.
    const mailed = (await mailsTo(s, 'grace@example.test')).length;
    const later = await send();
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(await mailsTo(s, 'grace@example.test')).toHaveLength(mailed + 1);
    const recent = await send();
    expect([recent.status, appError(recent.body).code]).toEqual([409, 'RECOVERY_EMAIL_RECENT']);
    s.clock.advance(HOUR);
    expect((await send()).status).toBe(200);

    for (const id of ['not-an-id', '0190c0de-0000-7000-8000-00000000dead']) {
      const r = await s.admin('GET', `${AC}/${id}`);
      expect([r.status, appError(r.body).code]).toEqual([404, 'ABANDONED_CHECKOUT_NOT_FOUND']);
    }
    const bulk = await s.admin<{
      results: { itemMetadata: { success: boolean } }[];
      bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
    }>('POST', '/ecom/v1/bulk/abandoned-checkout/delete', { abandonedCheckoutIds: [grace, 'nope'] });
    expect(bulk.body.results.map((r) => r.itemMetadata.success)).toEqual([true, false]);
    expect(bulk.body.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect((await s.admin('GET', `${AC}/${grace}`)).status).toBe(404);
    // A deleted record stays deleted, even the newest: the next search, which finds a newer one,
    // passes their checkouts by.
    const newest = (await search({ filter: { 'buyerInfo.email': 'recent@example.test' } })).body
      .abandonedCheckouts[0]!;
    expect((await s.admin('DELETE', `${AC}/${newest.id}`)).status).toBe(200);
    const late = await leftCheckout('late@example.test');
    s.clock.advance(61 * 60_000);
    await s.until(() => byCheckout(late.id));
    expect(await byCheckout(found.grace.checkoutId)).toBeUndefined();
    expect(await byCheckout(newest.checkoutId)).toBeUndefined();
    expect(await byCheckout(memberCheckout)).toBeUndefined();
    const gone = await s.admin('DELETE', `${AC}/${found.ada.id}`);
    expect(gone.status).toBe(200);
    expect((await s.admin('DELETE', `${AC}/${found.ada.id}`)).status).toBe(404);
  });
});

describe('a buyer who has bought since', () => {
  /** A checkout of `auth` with `email` (a name, two books), or from their cart with `fromCart`. */
  async function checkoutOf(auth: string, email: string, fromCart = false) {
    const made = fromCart
      ? await s.request<{ checkoutId: string }>('POST', '/ecom/v1/carts/current/create-checkout', {
          auth,
          body: { channelType: 'WEB' },
        })
      : await s.request<{ checkout: { id: string } }>('POST', K, {
          auth,
          body: { channelType: 'WEB', lineItems: [{ ...kit.line, quantity: 2 }] },
        });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = 'checkoutId' in made.body ? made.body.checkoutId : made.body.checkout.id;
    const patched = await s.request('PATCH', `${K}/${id}`, {
      auth,
      body: {
        checkout: {
          buyerInfo: { email },
          shippingInfo: { shippingDestination: { contactDetails: { firstName: 'Bo', lastName: 'Ught' } } },
        },
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    return id;
  }
  const order = async (auth: string, id: string) => {
    const placed = await s.request('POST', `${K}/${id}/create-order`, { auth, body: { id } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  };
  const reminded = async (email: string) =>
    (await mailsTo(s, email)).filter((m) => /You left something/.test(m.subject));
  /** Waits for the runner to have recorded the checkout and for its reminder to have arrived. */
  const remindedOnce = async (checkoutId: string, email: string) => {
    await s.until(() => byCheckout(checkoutId));
    await s.until(async () => (await reminded(email)).length > 0);
  };

  it('is not recorded nor reminded: an order since from the same cart, member or e-mail (older orphans too)', async () => {
    // A cart checked out twice before checkouts were reused (its link to the first checkout is
    // taken off, as it was then), the second one paid by the member the visitor signed in as.
    const v = await kit.visitor();
    await s.request('POST', '/ecom/v1/carts/current/add-to-cart', {
      auth: v,
      body: { lineItems: [kit.line] },
    });
    const orphan = await checkoutOf(v, 'orphan@example.test', true);
    const { cartId } = (
      await s.request<{ checkout: { cartId: string } }>('GET', `${K}/${orphan}`, { auth: v })
    ).body.checkout;
    await sql`update cart set checkout_id = null where id = ${cartId}`.execute(s.db.handle.db);
    const email = freshEmail('bought');
    expect((await register(s, email, GOOD_PASSWORD)).status).toBe(200);
    const m = await signInFrom(s, {
      clientId: kit.clientId,
      visitorToken: v,
      email,
      password: GOOD_PASSWORD,
    });
    // The same e-mail on another visitor's checkout; the same member with another e-mail.
    const v2 = await kit.visitor();
    const sameEmail = await checkoutOf(v2, 'Same@Example.test');
    const member = (await memberTokens(s, kit.clientId)).tokens.access_token;
    const sameMember = await checkoutOf(member, 'member-a@example.test');
    // Controls: bought before leaving a checkout; nobody else's order.
    const v4 = await kit.visitor();
    await order(v4, await checkoutOf(v4, 'before@example.test'));
    s.clock.advance(60_000);
    const boughtBefore = await checkoutOf(v4, 'before@example.test');
    const unrelated = await checkoutOf(await kit.visitor(), 'unrelated@example.test');
    s.clock.advance(60_000);

    const paid = await checkoutOf(m, email, true);
    expect(paid).not.toBe(orphan);
    await order(m, paid);
    const v3 = await kit.visitor();
    await order(v3, await checkoutOf(v3, 'same@example.test'));
    await order(member, await checkoutOf(member, 'member-b@example.test'));

    s.clock.advance(61 * 60_000);
    await remindedOnce(unrelated, 'unrelated@example.test');
    await remindedOnce(boughtBefore, 'before@example.test');
    for (const id of [orphan, sameEmail, sameMember]) expect(await byCheckout(id)).toBeUndefined();
    expect(await reminded('orphan@example.test')).toHaveLength(0);
    expect(await reminded('same@example.test')).toHaveLength(0);
    expect(await reminded('member-a@example.test')).toHaveLength(0);
    expect(await reminded('unrelated@example.test')).toHaveLength(1);
    expect(await reminded('before@example.test')).toHaveLength(1);
  });

  it('is not recorded nor reminded: an order an app made for the same e-mail since, without a checkout', async () => {
    // Controls: the app's order came before the checkout was left; another buyer's order.
    await createOrder(s, orderBody({ email: 'phoned-before@example.test' }));
    s.clock.advance(60_000);
    const before = await checkoutOf(await kit.visitor(), 'phoned-before@example.test');
    const phoned = await checkoutOf(await kit.visitor(), 'phoned@example.test');
    const other = await checkoutOf(await kit.visitor(), 'not-phoned@example.test');
    s.clock.advance(60_000);
    await createOrder(s, orderBody({ email: 'Phoned@Example.test' }));
    await createOrder(s, orderBody({ email: 'someone-else@example.test' }));

    s.clock.advance(61 * 60_000);
    await remindedOnce(other, 'not-phoned@example.test');
    await remindedOnce(before, 'phoned-before@example.test');
    expect(await byCheckout(phoned)).toBeUndefined();
    expect(await reminded('phoned@example.test')).toHaveLength(0);
    expect(await reminded('not-phoned@example.test')).toHaveLength(1);
    expect(await reminded('phoned-before@example.test')).toHaveLength(1);
  });

  it('once recorded, is RECOVERED when the buyer then buys through another checkout (same e-mail, another device)', async () => {
    const first = await kit.visitor();
    const left = await checkoutOf(first, 'came-back@example.test');
    const control = await checkoutOf(await kit.visitor(), 'stays@example.test');
    s.clock.advance(61 * 60_000);
    const recorded = await s.until(() => byCheckout(left));
    await s.until(() => byCheckout(control));
    expect(recorded.status).toBe('ABANDONED');

    const device = await kit.visitor();
    const paid = await checkoutOf(device, 'Came-Back@example.test');
    const placed = await s.request<{ orderId: string }>('POST', `${K}/${paid}/create-order`, {
      auth: device,
      body: { id: paid },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    s.clock.advance(61_000);
    const recovered = await s.until(async () => {
      const r = await byCheckout(left);
      return r?.status === 'RECOVERED' && r;
    });
    expect(Date.parse(recovered.checkoutRecoveredDate!)).toBeGreaterThanOrEqual(
      Date.parse(recorded.createdDate),
    );
    const row = await sql<{
      order_id: string;
    }>`select order_id from abandoned_checkout where id = ${recovered.id}`.execute(s.db.handle.db);
    expect(row.rows[0]!.order_id).toBe(placed.body.orderId);
    const events = await eventsOf(s, ENTITY_FQDN.abandonedCheckout, recovered.id);
    expect(events.at(-1)?.eventType).toBe('wix.ecom.v1.abandoned_checkout_recovered');
    // Its link leads to the shop now, and the merchant cannot mail it again.
    expect((await open(recovered.checkoutUrl)).headers.get('location')).toBe(`${s.url}/`);
    const again = await s.admin(
      'POST',
      `/ecom/v1/abandoned-checkouts/${recovered.id}/send-recovery-email`,
      {},
    );
    expect(appError(again.body).code).toBe('ABANDONED_CHECKOUT_RECOVERED');
    // Nobody else's order recovers another buyer's checkout.
    expect((await byCheckout(control))!.status).toBe('ABANDONED');
    await s.admin('DELETE', `${AC}/${recovered.id}`);
    await s.admin('DELETE', `${AC}/${(await byCheckout(control))!.id}`);
  });
});

describe('with the automatic e-mail turned off (store settings)', () => {
  it('records what is left as skipped, mails nothing, and the merchant can still send it', async () => {
    const off = await s.admin('PATCH', '/platform/v1/store-settings', {
      settings: { abandonedCheckoutEmails: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const quiet = await leftCheckout('quiet@example.test', 'Quentin');
    s.clock.advance(61 * 60_000);
    const r = await s.until(() => byCheckout(quiet.id));
    expect(r.activities.map((a) => a.type)).toEqual(['AUTOMATION_SKIPPED']);
    // Given time, still nothing goes out.
    await new Promise((done) => setTimeout(done, 300));
    expect(await mailsTo(s, 'quiet@example.test')).toHaveLength(0);
    const sent = await s.admin('POST', `/ecom/v1/abandoned-checkouts/${r.id}/send-recovery-email`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await mailsTo(s, 'quiet@example.test')).toHaveLength(1);
    await s.admin('PATCH', '/platform/v1/store-settings', { settings: { abandonedCheckoutEmails: true } });
  });
});

describe('permission matrix', () => {
  it('walks every route: the merchant only, but the recovery link opens for anyone with it', async () => {
    const routes = s.app.router.routes.filter((r) => r.url.includes('abandoned-checkout'));
    const table: Record<string, Expected> = {
      [`POST ${AC}/query`]: ['admin'],
      [`POST ${AC}/search`]: ['admin'],
      [`POST ${AC}/get-analytics`]: ['admin'],
      'POST /ecom/v1/bulk/abandoned-checkout/delete': ['admin'],
      [`GET ${AC}/:abandonedCheckoutId`]: ['admin'],
      [`DELETE ${AC}/:abandonedCheckoutId`]: ['admin'],
      'POST /ecom/v1/abandoned-checkouts/:abandonedCheckoutId/add-activity': ['admin'],
      'POST /ecom/v1/abandoned-checkouts/:abandonedCheckoutId/send-recovery-email': ['admin'],
      [`GET ${AC}/:abandonedCheckoutId/redirect-to-checkout`]: 'any',
    };
    expect(routes).toHaveLength(9);
    expectTabledRoles(routes, table, (r) => `${r.method} ${r.url}`);
    const seen = await walkRoles(s, routes, table, (r) => `${r.method} ${r.url}`, await shopCallers(s));
    expect(seen).toHaveLength(36);
  });
});

describe('a month later', () => {
  it('the recovery links have expired: they open nothing', async () => {
    const r = await search({ filter: { status: 'ABANDONED' } });
    const url = r.body.abandonedCheckouts[0]!.checkoutUrl;
    expect((await open(url)).status).toBe(302);
    s.clock.advance(31 * DAY);
    const res = await open(url);
    expect(res.status).toBe(400);
    expect(appError(await res.json()).code).toBe('RECOVERY_LINK_INVALID');
  });
});
