import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque secret (refresh token, authorization code, browser-session cookie): 32 random bytes, base64url. */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a secret: its SHA-256, hex. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** RFC 7636 S256: base64url(SHA-256(verifier)), no padding. */
export const s256 = (verifier: string): string =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
