import type { rawHttpResponse, RawHttpRequest } from '@vitrine/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { oauthError } from './tokens.ts';

/**
 * `@wix/identity`'s `oauth.token()` and `oauth.tokenInfo()` (contract oauth-identity.md §1) wrap the real
 * request: a base64 `body` (JSON, or a form as RFC 6749 writes it) and its headers.
 */

/** Whether a token-endpoint body is the raw wrapper rather than a grant. */
export const isRawRequest = (body: Record<string, unknown>): boolean =>
  typeof body.body === 'string' && body.grantType === undefined && body.grant_type === undefined;

/** RFC 6749 spells the parameters in snake_case; the SDK's grants in camelCase. Both are read. */
const CAMEL: Record<string, string> = {
  client_id: 'clientId',
  refresh_token: 'refreshToken',
  code_verifier: 'codeVerifier',
  redirect_uri: 'redirectUri',
};

/** The wrapped request's parameters (camelCase aliases added) and its `Authorization` header. */
export function unwrapRaw(raw: Pick<RawHttpRequest, 'body' | 'headers'>): {
  params: Record<string, unknown>;
  authorization?: string;
} {
  const header = (name: string) => raw.headers?.find((h) => h.key.toLowerCase() === name)?.value;
  const text = Buffer.from(raw.body, 'base64').toString('utf8');
  if (text.includes('\u0000'))
    throw oauthError('invalid_request', 'The request body must not contain NUL characters');
  let params: Record<string, unknown>;
  try {
    const parsed: unknown =
      text.trim() === ''
        ? {}
        : header('content-type')?.includes('x-www-form-urlencoded')
          ? null
          : JSON.parse(text);
    params =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(text));
  } catch {
    params = Object.fromEntries(new URLSearchParams(text));
  }
  for (const [snake, camel] of Object.entries(CAMEL))
    if (params[snake] !== undefined && params[camel] === undefined) params[camel] = params[snake];
  const authorization = header('authorization');
  return { params, ...(authorization !== undefined ? { authorization } : {}) };
}

type RawHttpResponse = z.infer<typeof rawHttpResponse>;
const HEADERS = [
  { key: 'Content-Type', value: 'application/json' },
  { key: 'Cache-Control', value: 'no-store' },
];

/** An answer as the raw wrapper carries it. */
export const rawAnswer = (statusCode: number, json: unknown): RawHttpResponse => ({
  body: Buffer.from(JSON.stringify(json)).toString('base64'),
  statusCode,
  headers: HEADERS,
});

/** Runs a grant for the raw wrapper: its answer, or its OAuth failure as `{error, error_description}` with the status. */
export async function rawCall(run: () => Promise<unknown>): Promise<RawHttpResponse> {
  try {
    return rawAnswer(200, await run());
  } catch (e) {
    if (e instanceof AppError && e.status < 500)
      return rawAnswer(e.status, { error: e.code, error_description: e.description });
    throw e;
  }
}
