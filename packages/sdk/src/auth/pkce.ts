/**
 * PKCE (RFC 7636, S256) with WebCrypto only, so it runs in browsers and Node alike
 * (spec §5, §9; contract oauth-identity.md §2).
 */
import { base64UrlFromBytes } from '../encode.ts';
import type { OAuthData } from './types.ts';

/** The unreserved characters RFC 7636 allows in a verifier: [A-Za-z0-9-._~]. */
export const VERIFIER_CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
export const DEFAULT_VERIFIER_LENGTH = 43;
export const MIN_VERIFIER_LENGTH = 43;
export const MAX_VERIFIER_LENGTH = 128;

type WebCrypto = typeof globalThis.crypto;

function webCrypto(): WebCrypto {
  // Looked up at call time: absent in very old runtimes, and replaceable in tests.
  const c = globalThis.crypto as WebCrypto | undefined;
  if (!c?.subtle || typeof c.getRandomValues !== 'function') {
    throw new Error('WebCrypto (globalThis.crypto.subtle) is required for PKCE');
  }
  return c;
}

/** A random verifier of `length` characters, each uniformly drawn from VERIFIER_CHARSET. */
export function generateCodeVerifier(length: number = DEFAULT_VERIFIER_LENGTH): string {
  if (!Number.isInteger(length) || length < MIN_VERIFIER_LENGTH || length > MAX_VERIFIER_LENGTH) {
    throw new Error(
      `Expected a length between ${MIN_VERIFIER_LENGTH} and ${MAX_VERIFIER_LENGTH}. Received ${length}.`,
    );
  }
  const crypto = webCrypto();
  const n = VERIFIER_CHARSET.length;
  // Rejection sampling: bytes at or above the largest multiple of n would bias the modulo.
  const limit = 256 - (256 % n);
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit) out += VERIFIER_CHARSET[byte % n];
      if (out.length === length) break;
    }
  }
  return out;
}

/** base64url(SHA-256(ASCII verifier)) without padding: the S256 code challenge. */
export async function codeChallengeFor(verifier: string): Promise<string> {
  const digest = await webCrypto().subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlFromBytes(new Uint8Array(digest));
}

/** A random base64url string (32 bytes → 43 characters) for the `state` parameter. */
export function generateState(): string {
  return base64UrlFromBytes(webCrypto().getRandomValues(new Uint8Array(32)));
}

export interface OAuthDataOptions {
  /** Verifier length, 43–128 (default 43). */
  codeVerifierLength?: number;
}

/** Everything one authorization-code flow needs; keep it until the redirect comes back. */
export async function generateOAuthData(
  redirectUri: string | undefined,
  originalUri?: string,
  options: OAuthDataOptions = {},
): Promise<OAuthData> {
  const codeVerifier = generateCodeVerifier(options.codeVerifierLength ?? DEFAULT_VERIFIER_LENGTH);
  const codeChallenge = await codeChallengeFor(codeVerifier);
  return { codeVerifier, codeChallenge, state: generateState(), redirectUri, originalUri: originalUri ?? '' };
}
