import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { newId } from '../../platform/ids.ts';
import { endSessions } from './denials.ts';
import { hashSecret, randomSecret } from './secrets.ts';
import * as store from './store.ts';

/** The authorize page's sign-in cookie: HttpOnly, SameSite=Lax, only its SHA-256 stored, revocable. */
export const SESSION_COOKIE = 'vitrine_session';
export const BROWSER_SESSION_TTL_MS = 30 * 86_400_000;

export interface BrowserSession {
  id: string;
  memberId: string;
  visitorId: string | null;
}

/** The value of cookie `name` in a `Cookie` header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** A `Set-Cookie` value for the session cookie (`value` null: clear it). */
export function sessionCookie(ctx: Ctx, value: string | null): string {
  const secure = ctx.config.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
  const life = value === null ? 'Max-Age=0' : `Max-Age=${BROWSER_SESSION_TTL_MS / 1000}`;
  return `${SESSION_COOKIE}=${value ?? ''}; Path=/; HttpOnly; SameSite=Lax; ${life}${secure}`;
}

/** Signs a browser in as a member; returns the session and the cookie value to set. */
export async function openBrowserSession(
  ctx: Ctx,
  memberId: string,
  visitorId: string | null,
  userAgent: string | undefined,
): Promise<{ session: BrowserSession; cookie: string }> {
  const cookie = randomSecret();
  const now = ctx.clock.now();
  const id = newId();
  await store.insertBrowserSession(ctx.db, {
    id,
    token_hash: hashSecret(cookie),
    member_id: memberId,
    visitor_id: visitorId,
    created_at: now,
    expires_at: new Date(now.getTime() + BROWSER_SESSION_TTL_MS),
    revoked_at: null,
    user_agent: userAgent ?? null,
  });
  return { session: { id, memberId, visitorId }, cookie };
}

/** The live session a `Cookie` header carries, if any. */
export async function browserSessionOf(
  ctx: Ctx,
  cookieHeader: string | undefined,
): Promise<BrowserSession | null> {
  const value = cookieValue(cookieHeader, SESSION_COOKIE);
  if (!value || value.length > 100) return null;
  const row = await store.liveBrowserSession(ctx.db, hashSecret(value), ctx.clock.now());
  return row ? { id: row.id, memberId: row.member_id, visitorId: row.visitor_id } : null;
}

/** Ends the session a `Cookie` header carries, with the refresh tokens issued through it. */
export async function closeBrowserSession(ctx: Ctx, cookieHeader: string | undefined): Promise<void> {
  const value = cookieValue(cookieHeader, SESSION_COOKIE);
  if (!value || value.length > 100) return;
  await inTransaction(ctx, async (tx) => {
    const row = await store.revokeBrowserSession(tx.db, hashSecret(value), tx.clock.now());
    if (row) await endSessions(tx, { browserSessionId: row.id });
  });
}
