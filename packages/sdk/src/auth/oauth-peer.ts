/**
 * Test helper: a real node:http protocol peer for the auth flows, answering as
 * contract/oauth-identity.md and redirects.md describe and recording every request. Not exported.
 */
import { createHash } from 'node:crypto';
import type { Answer, Received, TestServer } from '../test-server.ts';

export const CLIENT_ID = 'probe-client-id';
export const MODULE_PATH = '/ecom/v1/carts/current';
type Json = Record<string, unknown>;

export interface PeerOptions {
  /** `expires_in` of issued access tokens (seconds). */
  lifetime?: number;
  /** Force the next answers of a path (identity endpoints, token endpoint…); consumed in order. */
  script?: Record<string, Answer[]>;
}

interface AuthRequest {
  redirectUri?: string;
  codeChallenge: string;
  responseMode: string;
  state: string;
  sessionToken?: string;
}

export interface OAuthPeer {
  server: TestServer;
  baseUrl: string;
  received: Received[];
  /** Parsed bodies of the requests to `path`, in order. */
  bodies(path: string): Json[];
  /** Parsed bodies of the token requests. */
  grants(): Json[];
  /** The `Authorization` headers sent to `path`. */
  authorizations(path: string): (string | undefined)[];
  revokeRefreshToken(token: string): void;
  /** Queue answers for a path (override the default behaviour once each). */
  script(path: string, ...answers: Answer[]): void;
}

const errorAnswer = (status: number, code: string, message: string): Answer => ({
  status,
  body: { message, details: { applicationError: { code, description: message, data: {} } } },
});

export async function startOAuthPeer(
  serve: (answer: (req: Received, index: number) => Answer) => Promise<TestServer>,
  o: PeerOptions = {},
): Promise<OAuthPeer> {
  const lifetime = o.lifetime ?? 14400;
  const scripted = new Map<string, Answer[]>(Object.entries(o.script ?? {}));
  const refresh = new Map<string, 'visitor' | 'member'>();
  const sessions = new Map<string, AuthRequest>();
  const codes = new Map<string, AuthRequest>();
  let n = 0;
  let base = '';

  const tokens = (kind: string, role: 'visitor' | 'member'): Answer => {
    n++;
    const refreshToken = `${kind}-refresh-${n}`;
    refresh.set(refreshToken, role);
    return {
      body: {
        access_token: `${kind}-access-${n}`,
        refresh_token: refreshToken,
        expires_in: lifetime,
        token_type: 'Bearer',
        scope: 'offline_access',
      },
    };
  };
  const invalidGrant: Answer = { status: 400, body: { error: 'invalid_grant' } };

  function token(b: Json): Answer {
    if (b.clientId !== CLIENT_ID) return { status: 401, body: { error: 'invalid_client' } };
    switch (b.grantType) {
      case 'anonymous':
        return tokens('anon', 'visitor');
      case 'refresh_token': {
        if (!refresh.has(String(b.refreshToken))) return invalidGrant;
        n++;
        // A new refresh token is offered; the SDK must keep its old one (contract §1).
        return {
          body: {
            access_token: `refreshed-access-${n}`,
            refresh_token: `rotated-refresh-${n}`,
            expires_in: String(lifetime),
          },
        };
      }
      case 'authorization_code': {
        const req = codes.get(String(b.code));
        if (!req) return invalidGrant;
        codes.delete(String(b.code));
        const challenge = createHash('sha256').update(String(b.codeVerifier)).digest('base64url');
        if (challenge !== req.codeChallenge || b.redirectUri !== req.redirectUri) return invalidGrant;
        return tokens('member', 'member');
      }
      default:
        return invalidGrant;
    }
  }

  function redirectSession(b: Json): Answer {
    const id = `rs-${++n}`;
    let fullUrl: string;
    let endpoint: string;
    const auth = b.auth as { authRequest: AuthRequest } | undefined;
    if (auth) {
      sessions.set(id, auth.authRequest);
      endpoint = `${base}/authorize`;
      fullUrl = `${endpoint}?session=${id}`;
    } else if (b.logout) {
      endpoint = `${base}/logout`;
      fullUrl = `${endpoint}?next=${encodeURIComponent(String((b.callbacks as Json | undefined)?.postFlowUrl))}`;
    } else {
      return errorAnswer(400, 'UNSUPPORTED_INTENT', 'unsupported intent');
    }
    return {
      body: {
        redirectSession: {
          id,
          fullUrl,
          urlDetails: { endpoint, searchParams: {} },
          sessionToken: null,
          shortUrl: `${base}/s/${id}`,
        },
      },
    };
  }

  /** The hosted authorize page: redirects with the code, or (web_message) answers what it would post. */
  function authorize(search: string): Answer {
    const session = sessions.get(new URLSearchParams(search).get('session') ?? '');
    if (!session) return { status: 404, body: {} };
    const code = `code-${++n}`;
    codes.set(code, session);
    if (session.responseMode === 'web_message') return { body: { code, state: session.state } };
    const params = new URLSearchParams({ code, state: session.state }).toString();
    const sep = session.responseMode === 'query' ? '?' : '#';
    return { status: 302, headers: { Location: `${session.redirectUri}${sep}${params}` }, body: '' };
  }

  const identity: Record<string, Answer> = {
    '/_api/iam/authentication/v2/register': {
      body: {
        state: 'SUCCESS',
        sessionToken: 'JWS.session-token',
        stateToken: null,
        identity: { id: 'i-1' },
      },
    },
    '/_api/iam/authentication/v2/login': {
      body: {
        state: 'SUCCESS',
        sessionToken: 'JWS.session-token',
        stateToken: null,
        identity: { id: 'i-1' },
      },
    },
    '/_api/iam/verification/v1/auth/verify': {
      body: { state: 'SUCCESS', sessionToken: 'JWS.verified-session', identity: { id: 'i-1' } },
    },
    '/_api/iam/recovery/v1/send-email': { body: {} },
  };

  const server = await serve((req) => {
    const queued = scripted.get(req.path)?.shift();
    if (queued) return queued;
    const b = req.body ? (JSON.parse(req.body) as Json) : {};
    if (req.method === 'POST' && req.path === '/oauth2/token') return token(b);
    if (req.method === 'POST' && req.path === '/_api/redirects-api/v1/redirect-session')
      return redirectSession(b);
    if (req.method === 'GET' && req.path === '/authorize') return authorize(req.search);
    // A module call, to see which Authorization header travels with it.
    if (req.method === 'GET' && req.path === MODULE_PATH) return { body: { cart: { id: 'cart-1' } } };
    const id = identity[req.path];
    if (req.method === 'POST' && id) return id;
    return errorAnswer(404, 'NOT_FOUND', 'no such route');
  });
  base = server.baseUrl;

  const parsed = (path: string): Received[] => server.received.filter((r) => r.path === path);
  return {
    server,
    baseUrl: server.baseUrl,
    received: server.received,
    bodies: (path) => parsed(path).map((r) => JSON.parse(r.body) as Json),
    grants: () => parsed('/oauth2/token').map((r) => JSON.parse(r.body) as Json),
    authorizations: (path) => parsed(path).map((r) => r.headers.authorization),
    revokeRefreshToken: (t) => void refresh.delete(t),
    script: (path, ...answers) => void scripted.set(path, [...(scripted.get(path) ?? []), ...answers]),
  };
}
