/**
 * `POST /oauth2/token` for the visitor and member grants (contract oauth-identity.md §1;
 * spec §5 expiry rules, §7 "a non-200 response gives the error 'something went wrong'").
 */
import type { AccessToken, RefreshToken, Tokens } from './types.ts';

/** The camelCase bodies of the visitor/member grants, keys in the captured order. */
export type TokenGrant =
  | { clientId: string; grantType: 'anonymous' }
  | { clientId: string; refreshToken: string; grantType: 'refresh_token' }
  | {
      clientId: string;
      grantType: 'authorization_code';
      redirectUri?: string;
      code: string;
      codeVerifier: string;
    };

export interface TokenAnswer {
  accessToken: string;
  /** Absent when the server sent none (the refresh grant keeps the old one anyway). */
  refreshToken: string | undefined;
  expiresIn: number;
}

export interface TokenEndpoint {
  host: string;
  fetch: typeof fetch;
  headers?: Record<string, string>;
}

/** The error every failed token request rejects with; `cause` holds what went wrong. */
export function tokenFailure(cause: unknown): Error {
  return new Error('something went wrong', { cause });
}

/**
 * Sends one grant. Rejects with Error('something went wrong') on a non-200 answer, a body
 * that is not JSON, or one without a usable `access_token`/`expires_in`.
 */
export async function requestTokens(endpoint: TokenEndpoint, grant: TokenGrant): Promise<TokenAnswer> {
  const url = `${endpoint.host.replace(/\/+$/, '')}/oauth2/token`;
  const headers = { ...endpoint.headers, 'Content-Type': 'application/json' };
  const res = await endpoint.fetch(url, { method: 'POST', headers, body: JSON.stringify(grant) });
  const text = await res.text();
  const requestId = res.headers.get('x-wix-request-id') ?? undefined;
  if (res.status !== 200) throw tokenFailure({ status: res.status, requestId, body: text });
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch (e) {
    throw tokenFailure(e);
  }
  const accessToken = body.access_token;
  // Number(): a numeric string works as well (contract §1).
  const expiresIn = Number(body.expires_in);
  if (
    typeof accessToken !== 'string' ||
    accessToken === '' ||
    body.expires_in == null ||
    !Number.isFinite(expiresIn)
  ) {
    throw tokenFailure({ status: res.status, requestId, body: text });
  }
  const refreshToken =
    typeof body.refresh_token === 'string' && body.refresh_token !== '' ? body.refresh_token : undefined;
  return { accessToken, refreshToken, expiresIn };
}

/**
 * Why the server refused a token request (a 4xx answer), from its error envelope: the application
 * error's code and `data.reason` (MEMBER_BLOCKED: the store blocked the member). Undefined for
 * anything else (a network failure, a 5xx).
 */
export function tokenRefusal(e: unknown): { code?: string; reason?: string } | undefined {
  const cause = (e instanceof Error ? e.cause : undefined) as
    { status?: unknown; body?: unknown } | undefined;
  if (typeof cause?.status !== 'number' || cause.status < 400 || cause.status >= 500) return undefined;
  try {
    const app = (
      JSON.parse(String(cause.body)) as {
        details?: { applicationError?: { code?: unknown; data?: { reason?: unknown } } };
      }
    ).details?.applicationError;
    return {
      ...(typeof app?.code === 'string' ? { code: app.code } : {}),
      ...(typeof app?.data?.reason === 'string' ? { reason: app.data.reason } : {}),
    };
  } catch {
    return {};
  }
}

/** Seconds since the epoch for a clock in milliseconds. */
export const epochSeconds = (nowMs: number): number => Math.floor(nowMs / 1000);

export function accessTokenFrom(answer: TokenAnswer, nowMs: number): AccessToken {
  return { value: answer.accessToken, expiresAt: epochSeconds(nowMs) + answer.expiresIn };
}

/** Expired when its expiry time is before now (spec §5); a token expiring this second is still valid. */
export function isTokenExpired(token: AccessToken, nowMs: number): boolean {
  return token.expiresAt < epochSeconds(nowMs);
}

/** Tokens from a grant that must return a refresh token (anonymous, authorization_code). */
export function issuedTokens(answer: TokenAnswer, role: 'visitor' | 'member', nowMs: number): Tokens {
  if (answer.refreshToken === undefined) throw tokenFailure('the answer carries no refresh_token');
  const refreshToken: RefreshToken = { value: answer.refreshToken, role };
  return { accessToken: accessTokenFrom(answer, nowMs), refreshToken };
}

export const emptyTokens = (): Tokens => ({
  accessToken: { value: '', expiresAt: 0 },
  refreshToken: { value: '', role: 'none' },
});
