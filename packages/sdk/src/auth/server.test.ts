/**
 * The SDK's token lifecycle against the real Vitrine server (apps/server), booted on a random
 * port with a controllable clock that the SDK shares.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../../../apps/server/src/test/server.ts';
import type { TestServer } from '../../../../apps/server/src/test/server.ts';
import { createClient } from './client.ts';
import { OAuthStrategy } from './oauth-strategy.ts';

let server: TestServer;
let clientId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: 'https://shop.example.test' } });
  const instance = server.app.oauth.instance;
  if (!instance) throw new Error('the server started without its OAuth client');
  clientId = instance.oauthClientId;
});

afterAll(async () => {
  await server?.stop();
});

/** A client recording every request (and the Authorization it carried), on the server's clock. */
function sdk() {
  const sent: string[] = [];
  let lastAuthorization = '';
  const client = createClient({
    host: server.url,
    auth: OAuthStrategy({ clientId, now: () => server.clock.now().getTime() }),
    fetch: (input, init) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { grantType?: string }) : {};
      sent.push(
        `${init?.method} ${new URL(String(input)).pathname}${body.grantType ? ` ${body.grantType}` : ''}`,
      );
      const auth = new Headers(init?.headers).get('authorization');
      if (auth !== null) lastAuthorization = auth;
      return fetch(input, init);
    },
  });
  /**
   * A module call (the server rejects an invalid or expired Authorization with 401), then what
   * the server says about the token that call carried.
   */
  const whoAmI = async () => {
    await client.request({ method: 'GET', path: '/health' });
    const token = lastAuthorization;
    const info = await server.request<{
      active: boolean;
      subjectType: string;
      subjectId: string;
      clientId: string;
    }>('POST', '/oauth2/token-info', { body: { token } });
    expect(info.status).toBe(200);
    return { ...info.body, token };
  };
  return { client, auth: client.auth, sent, whoAmI };
}

describe('OAuthStrategy against the real server', () => {
  it('anonymous token on the first call, reused while valid, renewed with the same refresh token after expiry', async () => {
    const { auth, sent, whoAmI } = sdk();
    const first = await whoAmI();
    expect(sent).toEqual(['POST /oauth2/token anonymous', 'GET /health']);
    expect(first).toMatchObject({
      active: true,
      subjectType: 'VISITOR',
      clientId,
      token: auth.getTokens().accessToken.value,
    });
    const tokens = auth.getTokens();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokens.accessToken.expiresAt).toBe(Math.floor(server.clock.now().getTime() / 1000) + 14400);
    expect(auth.loggedIn()).toBe(false);

    await whoAmI();
    expect(sent.filter((s) => s.includes('/oauth2/token '))).toHaveLength(1);

    server.clock.advance(14_401_000);
    const second = await whoAmI();
    expect(sent.slice(3)).toEqual(['POST /oauth2/token refresh_token', 'GET /health']);
    expect(auth.getTokens().refreshToken).toEqual(tokens.refreshToken);
    expect(second.token).not.toBe(first.token);
    expect(second).toMatchObject({
      active: true,
      subjectType: 'VISITOR',
      subjectId: first.subjectId,
      clientId,
    });
  });

  it('falls back to a new visitor when the refresh token has expired on the server', async () => {
    const { auth, sent, whoAmI } = sdk();
    const first = await whoAmI();
    const oldRefresh = auth.getTokens().refreshToken.value;
    server.clock.advance(31 * 86_400_000); // past the visitor refresh-token lifetime
    const second = await whoAmI();
    expect(sent.filter((s) => s.startsWith('POST /oauth2/token ')).map((s) => s.split(' ')[2])).toEqual([
      'anonymous',
      'refresh_token',
      'anonymous',
    ]);
    expect(auth.getTokens().refreshToken.value).not.toBe(oldRefresh);
    expect(second).toMatchObject({ active: true, subjectType: 'VISITOR' });
    expect(second.subjectId).not.toBe(first.subjectId);
  });

  it('logout gets a logout URL and clears the tokens', async () => {
    const { auth, whoAmI } = sdk();
    await whoAmI();
    const { logoutUrl } = await auth.logout('https://shop.example.test/account');
    expect(logoutUrl.startsWith('https://shop.example.test/')).toBe(true);
    expect(auth.getTokens().refreshToken).toEqual({ value: '', role: 'none' });
    expect(auth.loggedIn()).toBe(false);
  });
});
