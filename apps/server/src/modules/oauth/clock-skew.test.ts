/**
 * A token whose issue time lies in the future (a process whose clock ran ahead, or a forged
 * token) is refused until that time comes within MAX_CLOCK_SKEW_S; a small skew is tolerated.
 */
import type { TokenInfo } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../platform/clock.ts';
import { testEngine } from '../../test/database.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { MAX_CLOCK_SKEW_S } from './access-token.ts';
import { anonymousTokens, bundledClientId } from '../../test/oauth.ts';

let s: TestServer;
let ahead: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  // Another process on the same data whose clock runs an hour ahead.
  ahead = await startTestServer({
    database: testEngine() === 'postgres' ? s.db.another() : s.db.handle,
    clock: testClock(new Date(s.clock.now().getTime() + 3_600_000)),
    env: { PUBLIC_URL: s.url },
  });
});
afterAll(async () => {
  await ahead?.stop();
  await s?.stop();
});

const settings = (token: string) => s.request('GET', '/platform/v1/store-settings', { auth: token });
const active = async (token: string) =>
  (await s.request<TokenInfo>('POST', '/oauth2/token-info', { body: { token } })).body.active;

describe('access tokens issued in the future', () => {
  it('are refused beyond the allowed skew, and accepted once it is reached', async () => {
    const future = (await anonymousTokens(ahead, bundledClientId(s))).access_token;
    expect((await settings(future)).status).toBe(401);
    expect(await active(future)).toBe(false);

    s.clock.advance(3_600_000 - MAX_CLOCK_SKEW_S * 1000 - 1000);
    expect((await settings(future)).status).toBe(401);
    s.clock.advance(2000);
    expect((await settings(future)).status).toBe(200);
    expect(await active(future)).toBe(true);
  });

  it('a token from a process a few seconds ahead is accepted', async () => {
    ahead.clock.set(new Date(s.clock.now().getTime() + 5000));
    const slightly = (await anonymousTokens(ahead, bundledClientId(s))).access_token;
    expect((await settings(slightly)).status).toBe(200);
  });
});
