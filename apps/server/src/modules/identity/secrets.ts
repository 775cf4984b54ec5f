import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An opaque bearer token (session, state, recovery): 256 random bits, base64url. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token or code: its SHA-256, hex. */
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** A 6-digit code, uniformly random. */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A code is hashed with its challenge's id, so equal codes of two challenges differ in storage. */
export const codeHash = (challengeId: string, code: string): string => sha256(`${challengeId}:${code}`);
