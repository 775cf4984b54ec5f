import { existsSync } from 'node:fs';
import type { HostedCheckoutSession } from '@vitrine/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../../platform/http/static.ts';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';
import { anonymousTokens, bundledClientId, memberTokens, shopClient, SHOP } from '../../test/oauth.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const SESSION = '/_api/hosted-checkout/v1/session';
let s: TestServer;
let book: { productId: string; variantId: string };
let clientId: string;

beforeAll(async () => {
  s = await startTestServer();
  clientId = await shopClient(s);
  const r = await s.admin<{ product: { id: string; variantsInfo: { variants: { id: string }[] } } }>(
    'POST',
    '/stores/v3/products',
    {
      product: {
        name: 'Link Book',
        productType: 'DIGITAL',
        variantsInfo: {
          variants: [{ price: { actualPrice: { amount: '8' } }, inventoryItem: { quantity: 100 } }],
        },
      },
    },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  book = { productId: r.body.product.id, variantId: r.body.product.variantsInfo.variants[0]!.id };
});
afterAll(async () => {
  await s?.stop();
});

const visitor = async () => (await anonymousTokens(s, bundledClientId(s))).access_token;
async function checkoutOf(auth: string): Promise<string> {
  const r = await s.request<{ checkout: { id: string } }>('POST', '/ecom/v1/checkouts', {
    auth,
    body: {
      channelType: 'WEB',
      lineItems: [
        {
          catalogReference: {
            catalogItemId: book.productId,
            appId: APP,
            options: { variantId: book.variantId },
          },
          quantity: 1,
        },
      ],
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.checkout.id;
}
async function linkOf(auth: string, checkoutId: string): Promise<{ url: URL; token: string }> {
  const r = await s.request<{ checkoutUrl: string }>('GET', `/ecom/v1/checkouts/${checkoutId}/checkout-url`, {
    auth,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const url = new URL(r.body.checkoutUrl);
  return { url, token: url.searchParams.get('checkoutToken')! };
}
const exchange = (body: unknown, cookie?: string) =>
  s.request<HostedCheckoutSession>('POST', SESSION, { body, ...(cookie ? { headers: { cookie } } : {}) });
/** The `name=value` of a Set-Cookie answer, as the browser would send it back. */
const cookieOf = (r: { headers: Headers }) => r.headers.get('set-cookie')?.split(';')[0] ?? '';
const errorOf = (r: { status: number; body: unknown }) => [r.status, appError(r.body).code];

describe('hosted checkout links', () => {
  it('turn into an access token of the same visitor, once', async () => {
    const v = await visitor();
    const id = await checkoutOf(v);
    const { url, token } = await linkOf(v, id);
    expect(`${url.origin}${url.pathname}`).toBe(`${s.url}/checkout`);
    expect(url.searchParams.get('checkoutId')).toBe(id);

    const first = await exchange({ checkoutToken: token, checkoutId: id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ checkoutId: id, role: 'visitor', expiresIn: 3600 });
    expect(first.body).not.toHaveProperty('refresh_token');
    expect(decodeJwt(first.body.accessToken).sub).toBe(decodeJwt(v).sub);
    const read = await s.request<{ checkout: { id: string } }>('GET', `/ecom/v1/checkouts/${id}`, {
      auth: first.body.accessToken,
    });
    expect(read.body.checkout.id).toBe(id);
    // The answer carries the checkout as its shopper reads it: the page need not ask again.
    expect(first.body.checkout).toEqual(read.body.checkout);
    // The store offers no manual payment method: the card alone (payments' offline.test.ts has them).
    expect(first.body.manualPaymentMethods).toEqual([]);

    expect(errorOf(await exchange({ checkoutToken: token, checkoutId: id }))).toEqual([
      401,
      'CHECKOUT_LINK_USED',
    ]);
  });

  it('leave a checkout cookie with which the same browser reopens the checkout (F5, a second tab, the spent link) until it completes', async () => {
    const v = await visitor();
    const id = await checkoutOf(v);
    const { token } = await linkOf(v, id);
    const opened = await exchange({ checkoutToken: token, checkoutId: id });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const setCookie = opened.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      new RegExp(
        `^vitrine_checkout_${id}=[\\w-]+\\.[\\w-]+\\.[\\w-]+; Path=/_api/hosted-checkout/v1/session; HttpOnly; SameSite=Strict; Max-Age=86400$`,
      ),
    );
    expect(opened.headers.get('cache-control')).toBe('no-store');
    const cookie = cookieOf(opened);
    const otherId = await checkoutOf(v);
    const otherLink = (await linkOf(v, otherId)).token;
    const otherCookie = cookieOf(await exchange({ checkoutToken: otherLink }));
    const linkAsCookie = `vitrine_checkout_${id}=${(await linkOf(v, id)).token}`;

    // A reload: the checkout id and the cookie, no token.
    const again = await exchange({ checkoutId: id }, cookie);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ checkoutId: id, role: 'visitor' });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(decodeJwt(again.body.accessToken).sub).toBe(decodeJwt(v).sub);
    // The spent link, in the same browser (a second tab, clicked twice): reopens too; elsewhere it is spent.
    expect((await exchange({ checkoutToken: token, checkoutId: id }, cookie)).status).toBe(200);
    expect(errorOf(await exchange({ checkoutToken: token, checkoutId: id }))).toEqual([
      401,
      'CHECKOUT_LINK_USED',
    ]);
    // Hours later the access token has expired; the cookie still opens the checkout, for 24 hours.
    s.clock.advance(23 * 3_600_000);
    const later = await exchange({ checkoutId: id }, cookie);
    expect(later.status).toBe(200);
    expect(
      (await s.request('GET', `/ecom/v1/checkouts/${id}`, { auth: opened.body.accessToken })).status,
    ).toBe(401);
    expect(
      (await s.request('GET', `/ecom/v1/checkouts/${id}`, { auth: later.body.accessToken })).status,
    ).toBe(200);

    // Another browser (no cookie, or another checkout's cookie) gets nothing.
    expect(errorOf(await exchange({ checkoutId: id }))).toEqual([401, 'CHECKOUT_NOT_OPEN_HERE']);
    expect(errorOf(await exchange({ checkoutId: id }, otherCookie.replace(otherId, id)))).toEqual([
      401,
      'CHECKOUT_NOT_OPEN_HERE',
    ]);
    expect(errorOf(await exchange({ checkoutId: id }, `${cookie}x`))).toEqual([
      401,
      'CHECKOUT_NOT_OPEN_HERE',
    ]);
    // A link token is not a cookie, and a cookie is not a link.
    expect(errorOf(await exchange({ checkoutToken: cookie.split('=')[1] }))).toEqual([
      401,
      'CHECKOUT_LINK_INVALID',
    ]);
    expect(errorOf(await exchange({ checkoutId: id }, linkAsCookie))).toEqual([
      401,
      'CHECKOUT_NOT_OPEN_HERE',
    ]);

    // The order is placed: the checkout no longer opens, and says so.
    const auth = later.body.accessToken;
    await s.request('PATCH', `/ecom/v1/checkouts/${id}`, {
      auth,
      body: { checkout: { buyerInfo: { email: 'ada@example.test' } } },
    });
    const placed = await s.request<{ orderId: string }>('POST', `/ecom/v1/checkouts/${id}/create-order`, {
      auth,
      body: {},
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(errorOf(await exchange({ checkoutId: id }, cookie))).toEqual([401, 'CHECKOUT_COMPLETED']);
    expect((await exchange({ checkoutId: otherId }, otherCookie)).status).toBe(200);
    s.clock.advance(3_600_000);
    expect(errorOf(await exchange({ checkoutId: otherId }, otherCookie))).toEqual([
      401,
      'CHECKOUT_NOT_OPEN_HERE',
    ]);
  });

  it('expire after 30 minutes (and a used link stays refused after its rows are forgotten)', async () => {
    const v = await visitor();
    const id = await checkoutOf(v);
    const late = await linkOf(v, id);
    const used = await linkOf(v, id);
    expect((await exchange({ checkoutToken: used.token })).status).toBe(200);
    s.clock.advance(29 * 60_000);
    const fresh = await linkOf(v, id);
    s.clock.advance(2 * 60_000);
    expect(errorOf(await exchange({ checkoutToken: late.token }))).toEqual([401, 'CHECKOUT_LINK_EXPIRED']);
    expect((await exchange({ checkoutToken: fresh.token })).status).toBe(200);
    s.clock.advance(60 * 60_000);
    expect(errorOf(await exchange({ checkoutToken: used.token }))).toEqual([401, 'CHECKOUT_LINK_EXPIRED']);
  });

  it('refuse tampered or foreign tokens', async () => {
    const v = await visitor();
    const id = await checkoutOf(v);
    const { token } = await linkOf(v, id);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(
      JSON.stringify({ ...claims, own: `visitor:${decodeJwt(await visitor()).sub}` }),
    ).toString('base64url');
    expect(errorOf(await exchange({ checkoutToken: `${header}.${forged}.${signature}` }))).toEqual([
      401,
      'CHECKOUT_LINK_INVALID',
    ]);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'vitrine-checkout-link+jwt' })).toString('base64url')}.${payload}.`;
    expect(errorOf(await exchange({ checkoutToken: none }))).toEqual([401, 'CHECKOUT_LINK_INVALID']);
    expect(errorOf(await exchange({ checkoutToken: 'not-a-token' }))).toEqual([401, 'CHECKOUT_LINK_INVALID']);
    // An access token is signed by other keys and is not a checkout link.
    expect(errorOf(await exchange({ checkoutToken: v }))).toEqual([401, 'CHECKOUT_LINK_INVALID']);
    expect(violations((await exchange({})).body)[0]).toMatchObject({ field: 'checkoutToken' });
    // The genuine token was never spent by those attempts.
    expect((await exchange({ checkoutToken: token })).status).toBe(200);
  });

  it("is refused for another checkout's id, and its token never opens another shopper's checkout", async () => {
    const [a, b] = [await visitor(), await visitor()];
    const [mine, theirs] = [await checkoutOf(a), await checkoutOf(b)];
    const { token } = await linkOf(a, mine);
    expect(errorOf(await exchange({ checkoutToken: token, checkoutId: theirs }))).toEqual([
      401,
      'CHECKOUT_LINK_MISMATCH',
    ]);
    const ok = await exchange({ checkoutToken: token, checkoutId: mine });
    expect(ok.status).toBe(200);
    const other = await s.request('GET', `/ecom/v1/checkouts/${theirs}`, { auth: ok.body.accessToken });
    expect(errorOf(other)).toEqual([404, 'CHECKOUT_NOT_FOUND']);
    // Someone else asking for the URL of a checkout they cannot see gets nothing.
    expect((await s.request('GET', `/ecom/v1/checkouts/${mine}/checkout-url`, { auth: b })).status).toBe(404);
  });

  it('gives members a member access token', async () => {
    const m = await memberTokens(s, clientId);
    const id = await checkoutOf(m.tokens.access_token);
    const session = await exchange({
      checkoutToken: (await linkOf(m.tokens.access_token, id)).token,
      checkoutId: id,
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.role).toBe('member');
    expect(decodeJwt(session.body.accessToken)).toMatchObject({ sub: m.memberId, role: 'member' });
    expect(
      (await s.request('GET', `/ecom/v1/checkouts/${id}`, { auth: session.body.accessToken })).status,
    ).toBe(200);
  });

  it('come with ecomCheckout redirect sessions, carrying the checked callbacks; an app gets a link for the owner', async () => {
    const v = await visitor();
    const id = await checkoutOf(v);
    const rs = await s.request<{
      redirectSession: { fullUrl: string; urlDetails: { searchParams: Record<string, string> } };
    }>('POST', '/_api/redirects-api/v1/redirect-session', {
      auth: v,
      body: {
        ecomCheckout: { checkoutId: id },
        callbacks: { thankYouPageUrl: `${SHOP}/thanks`, postFlowUrl: `${SHOP}/` },
      },
    });
    expect(rs.status, JSON.stringify(rs.body)).toBe(200);
    const params = new URL(rs.body.redirectSession.fullUrl).searchParams;
    expect(params.get('thankYouPageUrl')).toBe(`${SHOP}/thanks`);
    const session = await exchange({ checkoutToken: params.get('checkoutToken'), checkoutId: id });
    expect(session.body).toMatchObject({
      checkoutId: id,
      role: 'visitor',
      thankYouPageUrl: `${SHOP}/thanks`,
      postFlowUrl: `${SHOP}/`,
    });

    const byApp = await s.admin<{ redirectSession: { fullUrl: string } }>(
      'POST',
      '/_api/redirects-api/v1/redirect-session',
      { ecomCheckout: { checkoutId: id } },
    );
    const appLink = new URL(byApp.body.redirectSession.fullUrl).searchParams.get('checkoutToken');
    expect(decodeJwt((await exchange({ checkoutToken: appLink })).body.accessToken).sub).toBe(
      decodeJwt(v).sub,
    );
    const anonymous = await s.request<{ redirectSession: { fullUrl: string } }>(
      'POST',
      '/_api/redirects-api/v1/redirect-session',
      { body: { ecomCheckout: { checkoutId: id } } },
    );
    expect(new URL(anonymous.body.redirectSession.fullUrl).searchParams.has('checkoutToken')).toBe(false);
  });

  it.skipIf(!existsSync(appDist('hosted')))('serve the hosted page at /checkout', async () => {
    for (const path of ['/checkout?checkoutId=x', '/checkout/thank-you?orderId=y']) {
      const r = await s.request<string>('GET', path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/html');
      expect(r.body).toContain('/auth/assets/');
    }
  });
});
