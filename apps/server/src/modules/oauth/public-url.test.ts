/**
 * A store that moves to another domain: after a restart with the new PUBLIC_URL, the bundled
 * storefront client trusts the new address and no longer the old one (no sign-in redirect, no
 * CORS, no password-reset link to it), while what the merchant added stays.
 */
import type { OAuthClient } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { freshEmail, linkIn, mailsTo, registered } from '../../test/identity.ts';
import { authorizePath, browse, bundledClientId, pkce } from '../../test/oauth.ts';

const OLD = 'https://old-shop.example.test';
const NEW = 'https://new-shop.example.test';
const MERCHANT = 'https://pop-up.example.test';
type One = { client: OAuthClient };

let first: TestServer;
let moved: TestServer | undefined;
beforeAll(async () => {
  first = await startTestServer({ env: { PUBLIC_URL: OLD, PASSWORD_HASH_MEMORY_KIB: '1024' } });
});
afterAll(async () => {
  await moved?.stop();
  await first?.stop();
});

/** Stops the running server and starts another on the same database with `env`. */
async function restart(env: Record<string, string>) {
  await moved?.stop();
  await first.app.jobs.stop();
  await first.app.http.close();
  moved = await startTestServer({
    database: first.db.handle,
    clock: first.clock,
    env: { PASSWORD_HASH_MEMORY_KIB: '1024', ...env },
  });
  return moved;
}

const authorizeTo = (s: TestServer, redirectUri: string) =>
  browse(
    s,
    authorizePath({
      clientId: bundledClientId(s),
      redirectUri,
      responseType: 'code',
      responseMode: 'query',
      codeChallenge: pkce().challenge,
      codeChallengeMethod: 'S256',
      state: 'x',
    }),
  );

describe('a restart with another PUBLIC_URL', () => {
  it("removes the entries of the earlier PUBLIC_URL from the bundled client and keeps the merchant's", async () => {
    const id = bundledClientId(first);
    const before = (await first.admin<One>('GET', `/oauth2/v1/clients/${id}`)).body.client;
    expect(before).toMatchObject({ redirectUris: [`${OLD}/*`], allowedOrigins: [OLD] });
    const patched = await first.admin<One>('PATCH', `/oauth2/v1/clients/${id}`, {
      client: {
        redirectUris: [...before.redirectUris, `${MERCHANT}/*`],
        allowedOrigins: [...before.allowedOrigins, MERCHANT],
      },
    });
    expect(patched.status).toBe(200);
    expect((await authorizeTo(first, `${OLD}/callback`)).status).toBe(302);

    const s = await restart({ PUBLIC_URL: NEW });
    expect(bundledClientId(s)).toBe(id);
    const after = (await s.admin<One>('GET', `/oauth2/v1/clients/${id}`)).body.client;
    expect(after).toMatchObject({
      redirectUris: [`${MERCHANT}/*`, `${NEW}/*`],
      allowedOrigins: [MERCHANT, NEW],
    });

    // Sign-in codes are no longer sent to the old domain; the new one and the merchant's work.
    const old = await authorizeTo(s, `${OLD}/callback`);
    expect(old.status).toBe(400);
    expect(old.text).toContain('The redirect URI is not registered for this client');
    expect((await authorizeTo(s, `${NEW}/callback`)).status).toBe(302);
    expect((await authorizeTo(s, `${MERCHANT}/callback`)).status).toBe(302);

    // Nor CORS answers.
    const preflight = (origin: string) =>
      fetch(`${s.url}/_api/redirects-api/v1/redirect-session`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    expect((await preflight(OLD)).status).toBe(403);
    expect((await preflight(NEW)).status).toBe(204);

    // Nor password-reset links: the mail points at the new address.
    const email = freshEmail('moved');
    await registered(s, email);
    expect(
      (
        await s.request('POST', '/_api/iam/recovery/v1/send-email', {
          body: { email, redirect: { url: `${OLD}/reset`, clientId: id } },
        })
      ).status,
    ).toBe(200);
    const link = await s.until(async () => linkIn((await mailsTo(s, email))[0]?.text ?? ''));
    expect(link.startsWith(`${NEW}/auth/reset?recoveryToken=`)).toBe(true);
  });

  it('changes nothing when PUBLIC_URL stays, and keeps the origin when only the path moves', async () => {
    const id = bundledClientId(first);
    const s = await restart({ PUBLIC_URL: NEW });
    expect((await s.admin<One>('GET', `/oauth2/v1/clients/${id}`)).body.client).toMatchObject({
      redirectUris: [`${MERCHANT}/*`, `${NEW}/*`],
      allowedOrigins: [MERCHANT, NEW],
    });
    const shop = await restart({ PUBLIC_URL: `${NEW}/shop` });
    expect((await shop.admin<One>('GET', `/oauth2/v1/clients/${id}`)).body.client).toMatchObject({
      redirectUris: [`${MERCHANT}/*`, `${NEW}/shop/*`],
      allowedOrigins: [MERCHANT, NEW],
    });
  });
});
