import { createHash, randomBytes } from 'node:crypto';
import type { TokenResponse } from '@vitrine/contract';
import type { TestServer } from './server.ts';
import { signOn } from '../modules/identity/index.ts';

/** Helpers shared by the OAuth and redirect tests (not used by the server). */

export const SHOP = 'https://shop.example.test';
export const CALLBACK = `${SHOP}/callback`;

export { appError } from './server.ts';

export function pkce(length = 43) {
  const verifier = randomBytes(96).toString('base64url').slice(0, length);
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const bundledClientId = (s: TestServer) => s.app.oauth.instance!.oauthClientId;

/** Registers a client for https://shop.example.test (redirect URI /callback). */
export async function shopClient(
  s: TestServer,
  o: { redirectUris?: string[]; allowedOrigins?: string[] } = {},
): Promise<string> {
  const r = await s.admin<{ client: { id: string } }>('POST', '/oauth2/v1/clients', {
    client: {
      name: 'Shop',
      redirectUris: o.redirectUris ?? [CALLBACK],
      allowedOrigins: o.allowedOrigins ?? [SHOP],
    },
  });
  if (r.status !== 200) throw new Error(`client not created: ${JSON.stringify(r.body)}`);
  return r.body.client.id;
}

export async function token(
  s: TestServer,
  body: Record<string, unknown>,
  auth?: string,
  o: { userAgent?: string } = {},
) {
  return s.request<TokenResponse>('POST', '/oauth2/token', {
    body,
    ...(auth ? { auth } : {}),
    ...(o.userAgent ? { headers: { 'user-agent': o.userAgent } } : {}),
  });
}

export async function anonymousTokens(s: TestServer, clientId: string): Promise<TokenResponse> {
  const r = await token(s, { clientId, grantType: 'anonymous' });
  if (r.status !== 200) throw new Error(`anonymous grant failed: ${JSON.stringify(r.body)}`);
  return r.body;
}

let n = 0;
/** A member signed on through the identity module: its id and a fresh session token. */
export async function member(
  s: TestServer,
  email = `m${++n}-${randomBytes(3).toString('hex')}@example.test`,
) {
  const r = await signOn(s.app.systemCtx(), {
    loginId: { email },
    profile: { firstName: 'Ada', lastName: 'Lovelace', language: 'en' },
    verifyEmail: true,
  });
  return { memberId: r.identity.id, sessionToken: r.sessionToken, email };
}

/** A fresh session token for an existing member (signing on again). */
export async function sessionTokenFor(s: TestServer, email: string) {
  return (await signOn(s.app.systemCtx(), { loginId: { email } })).sessionToken;
}

/** A GET that does not follow redirects. */
export async function browse(s: TestServer, path: string, o: { cookie?: string; userAgent?: string } = {}) {
  const res = await fetch(s.url + path, {
    redirect: 'manual',
    headers: {
      ...(o.cookie ? { cookie: o.cookie } : {}),
      ...(o.userAgent ? { 'user-agent': o.userAgent } : {}),
    },
  });
  return {
    status: res.status,
    location: res.headers.get('location'),
    setCookie: res.headers.get('set-cookie'),
    headers: res.headers,
    text: await res.text(),
  };
}

/** A query-mode authorize request of the shop client (a fresh PKCE challenge), `o` over it. */
export const authorizeRequest = (clientId: string, o: Record<string, string | undefined> = {}) => ({
  clientId,
  redirectUri: CALLBACK,
  responseType: 'code',
  responseMode: 'query',
  codeChallenge: pkce().challenge,
  codeChallengeMethod: 'S256',
  state: 'state-xyz',
  scope: 'offline_access',
  ...o,
});

export function authorizePath(p: Record<string, string | undefined>): string {
  const q = new URLSearchParams(Object.entries(p).filter(([, v]) => v !== undefined) as [string, string][]);
  return `/oauth2/authorize?${q}`;
}

/** Runs the authorize step with a session token (query mode) and returns the code and state. */
export async function authorizeCode(
  s: TestServer,
  o: {
    clientId: string;
    sessionToken: string;
    challenge: string;
    redirectUri?: string;
    state?: string;
    userAgent?: string;
  },
) {
  const r = await browse(
    s,
    authorizePath({
      clientId: o.clientId,
      redirectUri: o.redirectUri ?? CALLBACK,
      responseType: 'code',
      responseMode: 'query',
      codeChallenge: o.challenge,
      codeChallengeMethod: 'S256',
      state: o.state ?? 'st-1',
      scope: 'offline_access',
      sessionToken: o.sessionToken,
    }),
    o.userAgent ? { userAgent: o.userAgent } : {},
  );
  if (r.status !== 302 || !r.location) throw new Error(`authorize did not redirect: ${r.status} ${r.text}`);
  const u = new URL(r.location);
  const code = u.searchParams.get('code');
  if (!code) throw new Error(`no code in ${r.location}`);
  return { code, state: u.searchParams.get('state'), location: u, cookie: r.setCookie?.split(';')[0] };
}

/**
 * A member's tokens through the full authorize + authorization_code flow: a new member, or another
 * session of the member signed on as `o.email`; `cookie`, the hosted browser session it began.
 */
export async function memberTokens(
  s: TestServer,
  clientId: string,
  o: { email?: string; userAgent?: string } = {},
) {
  const m = await member(s, o.email);
  const { verifier, challenge } = pkce();
  const { code, cookie } = await authorizeCode(s, {
    clientId,
    sessionToken: m.sessionToken,
    challenge,
    ...(o.userAgent ? { userAgent: o.userAgent } : {}),
  });
  const r = await token(s, {
    clientId,
    grantType: 'authorization_code',
    redirectUri: CALLBACK,
    code,
    codeVerifier: verifier,
  });
  if (r.status !== 200) throw new Error(`code exchange failed: ${JSON.stringify(r.body)}`);
  return { ...m, tokens: r.body, cookie };
}

/**
 * A member's access token from signing in with a password during `visitorToken`'s session (the
 * token carries that visitor, whose cart merges into the member's).
 */
export async function signInFrom(
  s: TestServer,
  o: { clientId: string; visitorToken: string; email: string; password: string },
): Promise<string> {
  const r = await s.request<{ sessionToken: string }>('POST', '/_api/iam/authentication/v2/login', {
    auth: o.visitorToken,
    body: { loginId: { email: o.email }, password: o.password },
  });
  if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
  return accessTokenFor(s, o.clientId, r.body.sessionToken);
}

/** A member's access token for a sign-in's session token: the authorize + code exchange a front end runs. */
export async function accessTokenFor(s: TestServer, clientId: string, sessionToken: string): Promise<string> {
  const { verifier, challenge } = pkce();
  const { code } = await authorizeCode(s, { clientId, sessionToken, challenge });
  const t = await token(s, {
    clientId,
    grantType: 'authorization_code',
    redirectUri: CALLBACK,
    code,
    codeVerifier: verifier,
  });
  if (t.status !== 200) throw new Error(`code exchange failed: ${JSON.stringify(t.body)}`);
  return t.body.access_token;
}
