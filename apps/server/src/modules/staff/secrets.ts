import { createHash, randomBytes } from 'node:crypto';

/** An opaque token (session, setup link, invitation, enrolment): 256 random bits, base64url. */
export const randomToken = (): string => randomBytes(32).toString('base64url');
/** What the database keeps of a token: its SHA-256, hex. */
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
