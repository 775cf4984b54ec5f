import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Caller } from './context.ts';
import type { Db } from './db/connect.ts';
import type { Executor } from './db/tx.ts';
import { unauthenticated } from './errors.ts';
import { newId } from './ids.ts';

/** Verifies a bearer-less access token (the identity module supplies the JWT verifier). */
export type TokenVerifier = (token: string) => Promise<Caller | null>;

export const API_KEY_PREFIX = 'vk_';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Stores a new API key (only its hash) and returns its id. */
export async function createApiKey(db: Executor, name: string, key: string, now: Date): Promise<string> {
  const id = newId();
  await db
    .insertInto('api_key')
    .values({ id, name, key_hash: sha256(key), created_at: now, last_used_at: null, revoked_at: null })
    .execute();
  return id;
}

export async function countApiKeys(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('api_key')
    .select(sql<number>`count(*)`.as('n'))
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

export interface AuthOptions {
  db: Db;
  /** `ADMIN_API_KEY` from the configuration, accepted without a database row. */
  configuredAdminKey?: string;
  verifyToken?: TokenVerifier;
}

/**
 * Resolves the raw `Authorization` header (no `Bearer`; conventions §3) to a caller.
 * No header → anonymous. A header that is not a valid key or token → 401.
 */
export function createCallerResolver(o: AuthOptions) {
  const configured = o.configuredAdminKey ? Buffer.from(sha256(o.configuredAdminKey)) : undefined;
  const configuredLength = o.configuredAdminKey?.length;
  // ADMIN_API_KEY may be any value of 24+ characters (no `vk_` prefix needed): it is recognised by itself.
  const isConfigured = (value: string) =>
    configured !== undefined &&
    value.length === configuredLength &&
    timingSafeEqual(Buffer.from(sha256(value)), configured);
  const isKey = (value: string) => value.startsWith(API_KEY_PREFIX) || isConfigured(value);
  // Verified keys are remembered briefly so a hot path costs no query; revocation takes effect within KEY_CACHE_MS.
  const KEY_CACHE_MS = 10_000;
  const cache = new Map<string, { caller: Caller; until: number }>();

  async function fromApiKey(key: string): Promise<Caller> {
    if (isConfigured(key)) return { role: 'admin', appId: 'admin-api-key' };
    const hash = sha256(key);
    const hit = cache.get(hash);
    if (hit && hit.until > Date.now()) return hit.caller;
    const row = await o.db
      .selectFrom('api_key')
      .select(['id'])
      .where('key_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw unauthenticated('Unknown or revoked API key');
    const caller: Caller = { role: 'admin', appId: row.id };
    if (cache.size > 1000) cache.clear();
    cache.set(hash, { caller, until: Date.now() + KEY_CACHE_MS });
    return caller;
  }

  return async function resolveCaller(header: string | undefined): Promise<Caller> {
    const value = header?.trim();
    if (!value) return { role: 'anonymous' };
    if (isKey(value)) return fromApiKey(value);
    // Elevated calls send `<visitor or member token>,<API key>` (oauth-identity §1, §3): the key decides.
    if (value.includes(',')) {
      const parts = value.split(',').map((p) => p.trim());
      const key = parts.find(isKey);
      if (!key) throw unauthenticated('Invalid credentials: a comma-joined header must carry an API key');
      const admin = await fromApiKey(key);
      // The token part names the visitor or member the app acts for (their current cart, say).
      const token = parts.find((p) => p && p !== key);
      const on = token && o.verifyToken ? await o.verifyToken(token) : null;
      if (admin.role !== 'admin' || !on) return admin;
      if (on.role === 'visitor') return { ...admin, onBehalfOf: { visitorId: on.visitorId } };
      if (on.role === 'member')
        return {
          ...admin,
          onBehalfOf: { memberId: on.memberId, ...(on.visitorId ? { visitorId: on.visitorId } : {}) },
        };
      return admin;
    }
    const caller = o.verifyToken ? await o.verifyToken(value) : null;
    if (!caller) throw unauthenticated('Invalid or expired access token');
    return caller;
  };
}
