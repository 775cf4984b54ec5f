import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { sql } from 'kysely';
import type { Caller, StaffRole } from './context.ts';
import type { Db } from './db/connect.ts';
import type { Executor } from './db/tx.ts';
import { unauthenticated } from './errors.ts';
import { newId } from './ids.ts';
import type { CursorQuery } from '@vitrine/contract';
import { cursorPage, type CursorPage } from './query/page.ts';
import type { QuerySpec } from './query/spec.ts';

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

/**
 * How many API keys were ever created, revoked ones included: the first start makes one only when
 * there never was any, so revoking every key does not make the next start print a new one.
 */
export async function countApiKeys(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('api_key')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ApiKeyRow {
  id: string;
  name: string;
  created_at: Date;
  revoked_at: Date | null;
}

export const apiKeySpec: QuerySpec = {
  entity: 'api_key',
  idSql: 'id',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    id: { sql: 'id', type: 'uuid', sortable: true },
    name: { sql: 'name', type: 'string', sortable: true },
    createdDate: { sql: 'created_at', type: 'date', sortable: true },
    revokedDate: { sql: 'revoked_at', type: 'date' },
  },
};

/** The stored API keys (never their hashes), revoked ones included. */
export function queryApiKeys(db: Executor, query: CursorQuery | undefined): Promise<CursorPage<ApiKeyRow>> {
  return cursorPage(
    db.selectFrom('api_key').select(['id', 'name', 'created_at', 'revoked_at']),
    apiKeySpec,
    query,
  );
}

/**
 * Revokes a key (kept, with its revocation date); the same row when it was revoked before, undefined
 * when there is no such key. Each process may accept it for up to its cache time (KEY_CACHE_MS).
 */
export async function revokeApiKey(db: Executor, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  const revoked = await db
    .updateTable('api_key')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name', 'created_at', 'revoked_at'])
    .executeTakeFirst();
  return (
    revoked ??
    db
      .selectFrom('api_key')
      .select(['id', 'name', 'created_at', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst()
  );
}

/** A verified API key is accepted from the cache for this long: a revocation takes effect within it. */
export const KEY_CACHE_MS = 10_000;

export interface AuthOptions {
  db: Db;
  /** `ADMIN_API_KEY` from the configuration, accepted without a database row. */
  configuredAdminKey?: string;
  verifyToken?: TokenVerifier;
  /** Milliseconds now, for the key cache (the app's clock, so tests can move past it). */
  now?: () => number;
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
  const cache = new Map<string, { caller: Caller; until: number }>();
  const now = o.now ?? Date.now;

  async function fromApiKey(key: string): Promise<Caller> {
    if (isConfigured(key)) return { role: 'admin', appId: 'admin-api-key' };
    const hash = sha256(key);
    const hit = cache.get(hash);
    if (hit && hit.until > now()) return hit.caller;
    const row = await o.db
      .selectFrom('api_key')
      .select(['id'])
      .where('key_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw unauthenticated('Unknown or revoked API key');
    const caller: Caller = { role: 'admin', appId: row.id };
    if (cache.size > 1000) cache.clear();
    cache.set(hash, { caller, until: now() + KEY_CACHE_MS });
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

/** The staff session cookie (modules/staff) and the header unsafe requests with it must carry. */
export const STAFF_SESSION_COOKIE = 'vitrine_staff';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a staff session cookie stands for (the staff module looks it up: platform/ports.ts). */
export interface StaffSessionCaller {
  staffId: string;
  staffRole: StaffRole;
  csrfToken: string;
}

/** The value of cookie `name` in a `Cookie` header. */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim() || undefined;
  }
  return undefined;
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(sha256(given));
  const b = Buffer.from(sha256(expected));
  return timingSafeEqual(a, b);
};

/** The parts of a request that say who sends it. */
export interface CallerRequest {
  method: string;
  headers: IncomingHttpHeaders;
}

const resolved = new WeakMap<object, Promise<Caller>>();

/** The caller a request was resolved to, if anything resolved it (the staff actions log reads it). */
export const resolvedCaller = (req: object): Promise<Caller> | undefined => resolved.get(req);

/**
 * Resolves a whole request to its caller, once per request (the idempotency hook and the route
 * share the answer):
 * - an `Authorization` header decides alone (`resolveCaller`; a staff cookie beside it is ignored);
 * - else a `vitrine_staff` cookie of a live session is that staff member, an admin caller with its
 *   `staffRole` — on unsafe methods only with the session's token in `X-CSRF-Token`; without it
 *   the caller is anonymous with `csrfRefused` (routes open to anyone still answer, as to nobody);
 * - else (no cookie, or one of no live session) anonymous.
 */
export function createRequestResolver(o: {
  resolveCaller(authorization: string | undefined): Promise<Caller>;
  staffSession(token: string): Promise<StaffSessionCaller | null>;
}) {
  async function resolve(req: CallerRequest): Promise<Caller> {
    const authorization = req.headers.authorization;
    if (authorization?.trim()) return o.resolveCaller(authorization);
    const cookie = req.headers.cookie;
    const token = cookie ? cookieOf(cookie, STAFF_SESSION_COOKIE) : undefined;
    if (!token || token.length > 200) return { role: 'anonymous' };
    const session = await o.staffSession(token);
    if (!session) return { role: 'anonymous' };
    if (!SAFE_METHODS.has(req.method.toUpperCase())) {
      const header = req.headers[CSRF_HEADER];
      const given = Array.isArray(header) ? header[0] : header;
      if (!given || !sameSecret(given, session.csrfToken)) return { role: 'anonymous', csrfRefused: true };
    }
    return { role: 'admin', userId: session.staffId, staffRole: session.staffRole };
  }
  return function resolveRequest(req: CallerRequest): Promise<Caller> {
    let caller = resolved.get(req);
    if (!caller) {
      caller = resolve(req);
      resolved.set(req, caller);
    }
    return caller;
  };
}
