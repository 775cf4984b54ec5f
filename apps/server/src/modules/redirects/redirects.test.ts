import type { RedirectSession } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import {
  anonymousTokens,
  appError,
  browse,
  CALLBACK,
  member,
  pkce,
  SHOP,
  shopClient,
  token,
} from '../../test/oauth.ts';

const STORE = 'https://store.example.test';
let s: TestServer;
let clientId: string;
beforeAll(async () => {
  s = await startTestServer({ env: { PUBLIC_URL: STORE } });
  clientId = await shopClient(s);
});
afterAll(async () => {
  await s?.stop();
});

type Answer = { redirectSession: RedirectSession };
const create = (body: unknown, o: { path?: string; auth?: string } = {}) =>
  s.request<Answer>('POST', o.path ?? '/_api/redirects-api/v1/redirect-session', {
    body,
    ...(o.auth ? { auth: o.auth } : {}),
  });
const authRequest = (o: Record<string, string | undefined> = {}) => ({
  redirectUri: CALLBACK,
  clientId,
  codeChallenge: pkce().challenge,
  codeChallengeMethod: 'S256',
  responseMode: 'query',
  responseType: 'code',
  scope: 'offline_access',
  state: 'bTpppvJmrqwoxBNkGOZEVc',
  ...o,
});
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

describe('redirect sessions', () => {
  it('auth: leads to the authorize endpoint with the request and the outer prompt', async () => {
    const visitor = await anonymousTokens(s, clientId);
    const r = await create(
      { auth: { authRequest: authRequest(), prompt: 'login' } },
      { auth: visitor.access_token },
    );
    expect(r.status).toBe(200);
    const rs = r.body.redirectSession;
    expect(rs).toEqual({
      id: expect.any(String),
      fullUrl: expect.any(String),
      urlDetails: { endpoint: `${STORE}/oauth2/authorize`, searchParams: expect.any(Object) },
      sessionToken: null,
      shortUrl: expect.any(String),
    });
    expect(rs.urlDetails.searchParams).toEqual({
      ...authRequest({ codeChallenge: rs.urlDetails.searchParams.codeChallenge }),
      prompt: 'login',
      visitorLink: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    expect(Object.fromEntries(new URL(rs.fullUrl).searchParams)).toEqual(rs.urlDetails.searchParams);
    // Following it without a browser session reaches the hosted login page.
    const page = await browse(s, pathOf(rs.fullUrl));
    expect(page.status).toBe(302);
    expect(new URL(page.location!).pathname).toBe('/auth/login');
  });

  it('auth: the visitor who asked rides along, signed; the code and member tokens carry that visitor only with a genuine link for the same request', async () => {
    const visitor = await anonymousTokens(s, clientId);
    const vid = (t: string) =>
      (JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as { vid?: string }).vid;
    const visitorId = vid(visitor.access_token)!;
    /** authorize (with a session token, as the hosted page's sign-in ends) → code → member tokens; the `vid` they carry. */
    async function signIn(params: Record<string, string>, verifier: string, sessionToken: string) {
      const page = await browse(s, `/oauth2/authorize?${new URLSearchParams({ ...params, sessionToken })}`);
      expect(page.status, page.text).toBe(302);
      const code = new URL(page.location!).searchParams.get('code')!;
      const r = await token(s, {
        clientId,
        grantType: 'authorization_code',
        redirectUri: CALLBACK,
        code,
        codeVerifier: verifier,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return vid(r.body.access_token);
    }
    const m = await member(s);
    const p1 = pkce();
    const one = (
      await create(
        {
          auth: {
            authRequest: authRequest({ codeChallenge: p1.challenge, visitorLink: 'forged.by.caller' }),
            prompt: 'login',
          },
        },
        { auth: visitor.access_token },
      )
    ).body.redirectSession;
    const link = one.urlDetails.searchParams.visitorLink!;
    expect(link).not.toBe('forged.by.caller');
    expect(await signIn(one.urlDetails.searchParams, p1.verifier, m.sessionToken)).toBe(visitorId);

    // The same link on another request (another PKCE challenge), a tampered link, or none: the sign-in's own visitor (none here).
    const p2 = pkce();
    const other = { ...authRequest({ codeChallenge: p2.challenge }), visitorLink: link };
    expect(await signIn(other, p2.verifier, (await member(s)).sessionToken)).toBeUndefined();
    const p3 = pkce();
    const tampered = {
      ...authRequest({ codeChallenge: p3.challenge }),
      visitorLink: `${link.slice(0, -4)}AAAA`,
    };
    expect(await signIn(tampered, p3.verifier, (await member(s)).sessionToken)).toBeUndefined();
    // Without a visitor (an anonymous caller), no link is added; a given one is dropped.
    const anonymous = (
      await create({ auth: { authRequest: authRequest({ visitorLink: link }), prompt: 'login' } })
    ).body.redirectSession;
    expect(anonymous.urlDetails.searchParams.visitorLink).toBeUndefined();
  });

  it('auth: the direct-login request (web_message, prompt none, session token) yields a code for the iframe', async () => {
    const m = await member(s);
    const r = await create({
      auth: {
        authRequest: authRequest({
          redirectUri: undefined,
          responseMode: 'web_message',
          sessionToken: m.sessionToken,
        }),
        prompt: 'none',
      },
    });
    expect(r.body.redirectSession.urlDetails.searchParams).toMatchObject({
      prompt: 'none',
      sessionToken: m.sessionToken,
      responseMode: 'web_message',
    });
    const page = await browse(s, pathOf(r.body.redirectSession.fullUrl));
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/var data = \{"code":"[A-Za-z0-9_-]{43}","state":"bTpppvJmrqwoxBNkGOZEVc"\}/);
  });

  it('auth: refuses an unknown client or an unregistered redirect URI', async () => {
    const unknown = await create({
      auth: { authRequest: authRequest({ clientId: 'nobody' }), prompt: 'login' },
    });
    expect(unknown.status).toBe(400);
    expect(appError(unknown.body).code).toBe('invalid_client');
    const evil = await create({
      auth: { authRequest: authRequest({ redirectUri: 'https://evil.example.test/cb' }) },
    });
    expect(evil.status).toBe(400);
    expect(appError(evil.body).code).toBe('invalid_request');
  });

  it('logout: leads to /oauth2/logout with the client and postFlowUrl; refuses a postFlowUrl the client does not allow', async () => {
    const r = await create({ logout: { clientId }, callbacks: { postFlowUrl: `${SHOP}/` } });
    expect(r.status).toBe(200);
    expect(r.body.redirectSession.fullUrl).toBe(
      `${STORE}/oauth2/logout?clientId=${clientId}&postFlowUrl=${encodeURIComponent(`${SHOP}/`)}`,
    );
    const out = await browse(s, pathOf(r.body.redirectSession.fullUrl));
    expect(out.location).toBe(`${SHOP}/`);
    const bad = await create({
      logout: { clientId },
      callbacks: { postFlowUrl: 'https://evil.example.test/' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('callbacks.postFlowUrl');
    expect(appError((await create({ logout: { clientId: 'nobody' } })).body).code).toBe('invalid_client');
  });

  it('ecomCheckout: the checkout page with callbacks and extra parameters (which never override)', async () => {
    const checkoutId = 'c0a1b2c3-0000-4000-8000-000000000002';
    const r = await create({
      ecomCheckout: { checkoutId },
      callbacks: { postFlowUrl: `${SHOP}/`, thankYouPageUrl: `${SHOP}/thanks`, cartPageUrl: `${SHOP}/cart` },
      preferences: {
        useGenericWixPages: false,
        maintainIdentity: true,
        additionalQueryParameters: { utm: 'x', checkoutId: 'other' },
      },
      origin: 'probe',
    });
    expect(r.status).toBe(200);
    const rs = r.body.redirectSession;
    expect(rs.urlDetails).toEqual({
      endpoint: `${STORE}/checkout`,
      searchParams: {
        checkoutId,
        postFlowUrl: `${SHOP}/`,
        thankYouPageUrl: `${SHOP}/thanks`,
        cartPageUrl: `${SHOP}/cart`,
        utm: 'x',
      },
    });
    expect(rs.fullUrl).toBe(`${STORE}/checkout?${new URLSearchParams(rs.urlDetails.searchParams)}`);
  });

  it('login and storesProduct, on every alias path', async () => {
    const login = await create(
      { login: {}, callbacks: { postFlowUrl: `${STORE}/account` } },
      { path: '/redirect-session/v1/redirect-session' },
    );
    expect(login.body.redirectSession.fullUrl).toBe(
      `${STORE}/auth/login?postFlowUrl=${encodeURIComponent(`${STORE}/account`)}`,
    );
    const product = await create(
      { storesProduct: { productSlug: 'shirt' } },
      { path: '/headless/v1/redirect-session' },
    );
    expect(product.body.redirectSession).toMatchObject({
      fullUrl: `${STORE}/products/shirt`,
      urlDetails: { endpoint: `${STORE}/products/shirt`, searchParams: {} },
    });
    const odd = await create({ storesProduct: { productSlug: 'a/b?c' } });
    expect(odd.body.redirectSession.fullUrl).toBe(`${STORE}/products/a%2Fb%3Fc`);
    const unlisted = await create({ login: {}, callbacks: { postFlowUrl: 'https://unknown.example.test/' } });
    expect(unlisted.status).toBe(400);
  });

  it('answers the kinds Vitrine does not host with UNSUPPORTED_REDIRECT_KIND', async () => {
    const kinds = {
      bookingsCheckout: { timezone: 'UTC', slotAvailability: {} },
      eventsCheckout: { reservationId: 'r', eventSlug: 'e' },
      paidPlansCheckout: { planId: 'p' },
      bookingsBook: { resourceId: 'r' },
      ecomOrderPaymentRequest: { paymentRequestId: 'p' },
    };
    for (const [kind, value] of Object.entries(kinds)) {
      const r = await create({ [kind]: value });
      expect(r.status).toBe(400);
      expect(appError(r.body)).toMatchObject({ code: 'UNSUPPORTED_REDIRECT_KIND', data: { kind } });
      expect(appError(r.body).description).toContain(kind);
    }
  });

  it('needs exactly one intent', async () => {
    const none = await create({ callbacks: { postFlowUrl: `${SHOP}/` } });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toContain('REQUIRED_ONE_OF_FIELD');
    const two = await create({ login: {}, storesProduct: { productSlug: 'shirt' } });
    expect(two.status).toBe(400);
    expect(JSON.stringify(two.body)).toContain('ONE_OF_ALIGNMENT');
    expect((await create({ login: {}, colour: 'red' })).status).toBe(400);
  });

  it('emits redirect_session_created with the session', async () => {
    const r = await create({ storesProduct: { productSlug: 'event-check' } });
    const id = r.body.redirectSession.id;
    const events = await s.admin<{
      events: { eventType: string; entityId: string; createdEvent: { entity: unknown } }[];
    }>('POST', '/platform/v1/events/query', {
      query: { filter: { eventType: 'wix.headless.v1.redirect_session_created', entityId: id } },
    });
    expect(events.body.events).toHaveLength(1);
    expect(events.body.events[0]!.createdEvent.entity).toEqual(r.body.redirectSession);
  });
});
