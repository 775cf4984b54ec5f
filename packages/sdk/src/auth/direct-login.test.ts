import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverPerTest } from '../test-server.ts';
import { createClient } from './client.ts';
import type { BrowserWindow, FrameLike, MessageListener } from './direct-login.ts';
import { OAuthStrategy } from './oauth-strategy.ts';
import { CLIENT_ID, startOAuthPeer } from './oauth-peer.ts';

const serve = serverPerTest();

interface FakeFrame extends FrameLike {
  contentWindow: { frameWindow: true };
}

/**
 * A window that behaves like a browser's for this flow: appending an iframe loads its `src`
 * (a real HTTP GET to the peer), and `postMessage` events are dispatched asynchronously to
 * the `message` listeners with the sending window as `source`.
 */
function fakeWindow(onFrameLoad: (frame: FakeFrame, page: unknown, win: FakeWindow) => void) {
  const listeners = new Set<MessageListener>();
  const children: FakeFrame[] = [];
  const loadErrors: unknown[] = [];
  const win = {
    children,
    loadErrors,
    listeners,
    document: {
      createElement: (tag: 'iframe'): FakeFrame => {
        expect(tag).toBe('iframe');
        return { src: '', style: { display: '' }, contentWindow: { frameWindow: true } };
      },
      body: {
        appendChild(node: FrameLike) {
          const frame = node as FakeFrame;
          children.push(frame);
          // Loading a frame that was removed (or whose server went away) is abandoned, as in a browser.
          fetch(frame.src)
            .then(async (res) => onFrameLoad(frame, await res.json(), win))
            .catch((e: unknown) => void (children.includes(frame) && loadErrors.push(e)));
          return node;
        },
        removeChild(node: FrameLike) {
          const i = children.indexOf(node as FakeFrame);
          if (i === -1) throw new Error('NotFoundError: not a child');
          children.splice(i, 1);
          return node;
        },
      },
    },
    addEventListener: (type: 'message', l: MessageListener) => void (type === 'message' && listeners.add(l)),
    removeEventListener: (type: 'message', l: MessageListener) => void listeners.delete(l),
    /** `source.postMessage(data)` towards this window. */
    post(data: unknown, source: unknown) {
      setImmediate(() => listeners.forEach((l) => l({ data, source })));
    },
  };
  return win satisfies BrowserWindow;
}
type FakeWindow = ReturnType<typeof fakeWindow>;

async function setup(onFrameLoad: Parameters<typeof fakeWindow>[0]) {
  const peer = await startOAuthPeer(serve);
  const win = fakeWindow(onFrameLoad);
  const { auth } = createClient({
    host: peer.baseUrl,
    auth: OAuthStrategy({ clientId: CLIENT_ID, window: win }),
  });
  return { peer, win, auth };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('getMemberTokensForDirectLogin', () => {
  it('loads a hidden iframe, ignores foreign messages, exchanges the posted code without redirectUri', async () => {
    const seen: string[] = [];
    const { peer, win, auth } = await setup((frame, page, w) => {
      const { code, state } = page as { code: string; state: string };
      seen.push(`hidden=${frame.style.display}`);
      w.post({ code, state: 'someone-else' }, frame.contentWindow); // wrong state
      w.post('a string', frame.contentWindow); // not an object
      w.post({ state }, frame.contentWindow); // no code
      w.post({ code: 'forged', state }, { otherWindow: true }); // right state, another window
      setTimeout(() => w.post({ code, state }, frame.contentWindow), 20);
    });

    const tokens = await auth.getMemberTokensForDirectLogin('JWS.session-token');
    expect(tokens.refreshToken).toEqual({ value: 'member-refresh-4', role: 'member' });
    expect(tokens.accessToken.value).toBe('member-access-4');
    expect(seen).toEqual(['hidden=none']);
    expect(win.loadErrors).toEqual([]);
    expect(win.children).toEqual([]);
    expect(win.listeners.size).toBe(0);

    const [session] = peer.bodies('/_api/redirects-api/v1/redirect-session') as {
      auth: { authRequest: Record<string, unknown>; prompt: string };
    }[];
    const req = session!.auth.authRequest;
    expect(session!.auth.prompt).toBe('none');
    expect(Object.keys(req)).toEqual([
      'clientId',
      'codeChallenge',
      'codeChallengeMethod',
      'responseMode',
      'responseType',
      'scope',
      'state',
      'sessionToken',
    ]);
    expect([req.responseMode, req.sessionToken, req.codeChallengeMethod]).toEqual([
      'web_message',
      'JWS.session-token',
      'S256',
    ]);

    const grant = peer.grants().at(-1)!;
    expect(Object.keys(grant)).toEqual(['clientId', 'grantType', 'code', 'codeVerifier']);
    expect(grant).toMatchObject({ clientId: CLIENT_ID, grantType: 'authorization_code', code: 'code-3' });
    expect(grant.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
    expect(auth.loggedIn()).toBe(false); // stores nothing: the app calls setTokens
  });

  it("times out after 120000 ms with 'OAuth flow timed out' and cleans up", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { win, auth } = await setup(() => {}); // the page never answers
    const outcome = auth.getMemberTokensForDirectLogin('JWS.session-token').then(
      () => 'resolved',
      (e: Error) => e.message,
    );
    // Poll on real macrotasks (vi.waitFor would advance the fake clock while polling).
    const until = Date.now() + 10_000;
    while (win.children.length === 0 && Date.now() < until) await new Promise((r) => setImmediate(r));
    expect(win.children).toHaveLength(1);
    vi.advanceTimersByTime(119_999);
    await Promise.resolve();
    expect(win.children).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(await outcome).toBe('OAuth flow timed out');
    expect(win.children).toEqual([]);
    expect(win.listeners.size).toBe(0);
  });

  it("an error posted for our state ends the wait with 'Missing code or _state'", async () => {
    const { win, auth, peer } = await setup((frame, page, w) => {
      const { state } = page as { state: string };
      w.post({ state, error: 'login_required', error_description: 'no session' }, frame.contentWindow);
    });
    const err = await auth.getMemberTokensForDirectLogin('JWS.bad').then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.message).toBe('Missing code or _state');
    expect(err?.cause).toEqual({ error: 'login_required', errorDescription: 'no session' });
    expect(win.children).toEqual([]);
    expect(peer.grants().map((g) => g.grantType)).toEqual(['anonymous']);
  });

  it('needs a browser window', async () => {
    const peer = await startOAuthPeer(serve);
    const auth = OAuthStrategy({ clientId: CLIENT_ID, host: peer.baseUrl });
    await expect(auth.getMemberTokensForDirectLogin('JWS.x')).rejects.toThrow(
      'getMemberTokensForDirectLogin needs a browser window',
    );
    expect(peer.received).toEqual([]);
  });
});
