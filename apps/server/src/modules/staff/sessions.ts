import type { StaffSessionView } from '@vitrine/contract';
import type { FastifyRequest } from 'fastify';
import { cookieOf, STAFF_SESSION_COOKIE } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import type { Ctx } from '../../platform/context.ts';
import { deviceOf } from '../../platform/devices.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import type { StaffSessionPort } from '../../platform/ports.ts';
import { staffSessionNotFound, staffSessionRequired } from './errors.ts';
import { randomToken, sha256 } from './secrets.ts';
import {
  deleteSessionByHash,
  deleteSessionOf,
  insertSession,
  liveSession,
  liveSessionsOf,
  touchSession,
} from './store.ts';

/**
 * Staff sessions: an opaque cookie (only its SHA-256 stored) and a CSRF token bound to the session.
 * A session ends after 12 idle hours or 7 days, at sign-out, or when its staff member is removed.
 */
export const SESSION_IDLE_MS = 12 * 3_600_000;
export const SESSION_MAX_MS = 7 * 86_400_000;
/** `last_seen_at` is written at most this often (idle time is known to within a minute). */
const TOUCH_EVERY_MS = 60_000;

/** Who opens a session: the client address and browser, kept with it for the owner's eyes. */
export interface Client {
  ip: string;
  userAgent: string | null;
  /** The session cookie the request already carries (it is ended when a new one opens). */
  cookieToken: string | undefined;
}

export const clientOf = (req: FastifyRequest): Client => {
  const ua = req.headers['user-agent'];
  return {
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
    cookieToken: sessionToken(req),
  };
};

/** The staff session cookie's value of a request. */
export const sessionToken = (req: { headers: FastifyRequest['headers'] }): string | undefined =>
  cookieOf(req.headers.cookie, STAFF_SESSION_COOKIE);

/** `Set-Cookie` for a session (`value` null: clear it). HttpOnly, SameSite=Strict, Secure on https. */
export function sessionCookie(config: Config, value: string | null): string {
  const secure = config.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
  const life = value === null ? 'Max-Age=0' : `Max-Age=${SESSION_MAX_MS / 1000}`;
  return `${STAFF_SESSION_COOKIE}=${value ?? ''}; Path=/; HttpOnly; SameSite=Strict; ${life}${secure}`;
}

export interface Opened {
  sessionId: string;
  token: string;
  csrfToken: string;
}

/** Opens a session for a staff member (in the caller's transaction), ending the one the browser held. */
export async function openSession(ctx: Ctx, staffId: string, client: Client): Promise<Opened> {
  const now = ctx.clock.now();
  if (client.cookieToken) await deleteSessionByHash(ctx.db, sha256(client.cookieToken));
  const token = randomToken();
  const csrfToken = randomToken();
  const sessionId = newId();
  await insertSession(ctx.db, {
    id: sessionId,
    staff_id: staffId,
    token_hash: sha256(token),
    csrf_secret: csrfToken,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + SESSION_MAX_MS),
    ip: client.ip.slice(0, 100),
    user_agent: client.userAgent,
  });
  return { sessionId, token, csrfToken };
}

/** The live session a cookie value opens, with its staff member's current role; null otherwise. */
export async function findSession(ctx: Ctx, token: string | undefined) {
  if (!token || token.length > 200) return null;
  const now = ctx.clock.now();
  const row = await liveSession(ctx.db, sha256(token), now, new Date(now.getTime() - SESSION_IDLE_MS));
  if (!row) return null;
  if (now.getTime() - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) await touchSession(ctx.db, row.id, now);
  return row;
}

/** What the platform's request resolver asks of the staff module (platform/ports.ts). */
export const staffSessionPort: StaffSessionPort = {
  async session(ctx, token) {
    const row = await findSession(ctx, token);
    return row ? { staffId: row.staff_id, staffRole: row.role, csrfToken: row.csrf_secret } : null;
  },
};

/** The staff member calling through a session cookie (not an API key): 403 otherwise. */
export function staffIdOf(ctx: Ctx): string {
  const c = ctx.caller;
  if (c.role === 'admin' && c.staffRole && c.userId) return c.userId;
  throw staffSessionRequired();
}

/** The most sessions a staff member's list shows (the most recently active). */
const SESSIONS_SHOWN = 50;

/**
 * Where the staff member is signed in: their live sessions, `current` first, then the most
 * recently active, each with its device (as its browser said), address and times.
 */
export async function sessionsOf(ctx: Ctx, staffId: string, current: string): Promise<StaffSessionView[]> {
  const now = ctx.clock.now();
  const rows = await liveSessionsOf(
    ctx.db,
    staffId,
    now,
    new Date(now.getTime() - SESSION_IDLE_MS),
    SESSIONS_SHOWN,
  );
  return rows
    .map((r): StaffSessionView => ({
      id: r.id,
      current: r.id === current,
      device: deviceOf(r.user_agent),
      ipAddress: r.ip,
      createdDate: r.created_at.toISOString(),
      lastActiveDate: r.last_seen_at.toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the staff member's sessions (at its next request: sessions are read at each); 404 otherwise. */
export async function endSession(ctx: Ctx, staffId: string, sessionId: string): Promise<void> {
  if (!isUuid(sessionId) || !(await deleteSessionOf(ctx.db, staffId, sessionId)))
    throw staffSessionNotFound(sessionId);
}
