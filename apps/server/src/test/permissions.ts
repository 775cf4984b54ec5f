/**
 * The permission matrices' walk (each module's `permissions.test.ts` holds its table): the roles a
 * table expects of each route, and the answers each kind of caller gets.
 */
import { expect } from 'vitest';
import type { Role } from '../platform/context.ts';
import type { RegisteredRoute } from '../platform/http/route.ts';
import { anonymousTokens, memberTokens, shopClient } from './oauth.ts';
import { ADMIN_KEY, type TestServer } from './server.ts';

export const ANY = 'any' as const;
export type Expected = readonly Role[] | typeof ANY;
/** Each kind of caller's Authorization header (null: none). */
export type Callers = Record<'anonymous' | Role, string | null>;
/** An id no route knows, put in every path parameter. */
export const NOBODY = '0190c0de-0000-7000-8000-00000000dead';

const sorted = (e: Expected) => (e === ANY ? ANY : [...e].sort());

/** Every route's registered roles are the table's; a route missing from it fails until someone decides. */
export function expectTabledRoles(
  routes: readonly RegisteredRoute[],
  table: Record<string, Expected>,
  keyOf: (r: RegisteredRoute) => string,
) {
  for (const r of routes) {
    const key = keyOf(r);
    expect(table[key], `no expected roles for ${key}: add it to the table`).toBeDefined();
    expect(sorted(r.roles), key).toEqual(sorted(table[key]!));
  }
}

/**
 * Calls each route as each kind of caller (an unknown id in the path, `{}` for a body): never a 500
 * (`o.documented5xx` aside); on closed routes, 401 without a caller, 403 for a role not listed, and
 * no 403 for the roles in `o.neverForbidden` (default: every listed one; a route may still refuse a
 * listed role another's record). Returns the calls made, one label each.
 */
export async function walkRoles(
  s: TestServer,
  routes: readonly RegisteredRoute[],
  table: Record<string, Expected>,
  keyOf: (r: RegisteredRoute) => string,
  callers: Callers,
  o: { neverForbidden?: readonly Role[]; documented5xx?: number } = {},
): Promise<string[]> {
  const seen: string[] = [];
  for (const r of routes) {
    const path = r.url.replace(/:[A-Za-z]+/g, NOBODY);
    const allowed = table[keyOf(r)] ?? ['admin'];
    for (const kind of ['anonymous', 'visitor', 'member', 'admin'] as const) {
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const res = await s.request(r.method, path, { ...(body ? { body } : {}), auth: callers[kind] });
      const label = `${kind} ${r.method} ${r.url} → ${res.status} ${JSON.stringify(res.body)}`;
      seen.push(label);
      if (res.status !== o.documented5xx) expect(res.status, label).toBeLessThan(500);
      if (allowed === ANY) continue;
      if (kind === 'anonymous') expect(res.status, label).toBe(401);
      else if (!allowed.includes(kind)) expect(res.status, label).toBe(403);
      else if ((o.neverForbidden ?? allowed).includes(kind)) expect(res.status, label).not.toBe(403);
    }
  }
  return seen;
}

/** One caller of each kind on a shop client of `s`: none, a visitor, a new member, the admin key. */
export async function shopCallers(s: TestServer): Promise<Callers> {
  const clientId = await shopClient(s);
  return {
    anonymous: null,
    visitor: (await anonymousTokens(s, clientId)).access_token,
    member: (await memberTokens(s, clientId)).tokens.access_token,
    admin: ADMIN_KEY,
  };
}
