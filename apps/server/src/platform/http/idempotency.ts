import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Caller } from '../context.ts';
import type { Db } from '../db/connect.ts';
import { AppError, violation } from '../errors.ts';
import type { JobHandler } from '../jobs.ts';
import type { Services } from '../services.ts';

export interface IdempotencyTables {
  idempotency_key: {
    caller: string;
    key: string;
    request_hash: string;
    state: 'IN_FLIGHT' | 'DONE';
    status_code: number | null;
    response_body: string | null;
    locked_until: Date;
    created_at: Date;
    expires_at: Date;
  };
}

/** How long an answer is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A claim still IN_FLIGHT after this (its process died mid-request) may be taken by a retry. */
export const IN_FLIGHT_LEASE_MS = 2 * 60_000;
export const IDEMPOTENCY_CLEANUP_JOB = 'platform.idempotency-cleanup';
const HEADER = 'idempotency-key';
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** The POSTs that honour the header: orders, bulk orders, the payments collector, checkout create-order, our payments API. */
const SCOPES = [
  /^\/ecom\/v1\/orders(\/|$)/,
  /^\/ecom\/v1\/bulk\/orders(\/|$)/,
  /^\/ecom\/v1\/payments-collector(\/|$)/,
  /^\/ecom\/v1\/checkouts\/[^/]+\/create-order/,
  /^\/payments\/v1(\/|$)/,
];
export const inIdempotencyScope = (method: string, path: string) =>
  method === 'POST' && SCOPES.some((re) => re.test(path));

/** JSON with object keys sorted at every depth, so the same body hashes the same however it was written. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** What a key is bound to: method, path and body (the same body however its keys were ordered). */
export const requestHash = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body ?? {})}`)
    .digest('hex');

/** Keys are per caller: the same key from two callers is two keys. */
export function callerScope(c: Caller): string | undefined {
  switch (c.role) {
    case 'admin':
      return c.userId ? `user:${c.userId}` : `app:${c.appId ?? 'unknown'}`;
    case 'member':
      return `member:${c.memberId}`;
    case 'visitor':
      return `visitor:${c.visitorId}`;
    default:
      return undefined;
  }
}

/** A job id derived from a name, so every process queues the same cleanup job once (insert … on conflict). */
function fixedUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

interface Claim {
  caller: string;
  key: string;
}

/**
 * The `Idempotency-Key` header. The first request with a key claims it (insert … on conflict, so
 * across processes exactly one wins), runs, and its answer (status and body) is stored before it is
 * sent. A repeat with the same caller, key and request gets that answer replayed; with another
 * request, 422 IDEMPOTENCY_KEY_REUSED; while the first still runs, 409 IDEMPOTENCY_REQUEST_IN_PROGRESS.
 * A 5xx answer is not kept (the key is released so a retry runs again).
 */
export function installIdempotency(http: FastifyInstance, o: { db: Db; clock: Clock; services: Services }) {
  const claims = new WeakMap<FastifyRequest, Claim>();
  let cleanupQueuedFor = '';

  /** One cleanup job per hour of claims, queued once by whichever process claims first in that hour. */
  async function queueCleanup(now: Date) {
    const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    const name = `${IDEMPOTENCY_CLEANUP_JOB}:${hour.toISOString()}`;
    if (cleanupQueuedFor === name) return;
    const runAt = new Date(hour.getTime() + 3_600_000 + IDEMPOTENCY_TTL_MS);
    await o.db
      .insertInto('job')
      .values({
        id: fixedUuid(name),
        name: IDEMPOTENCY_CLEANUP_JOB,
        payload: JSON.stringify(null),
        status: 'PENDING',
        max_attempts: 5,
        run_at: runAt,
        locked_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .onConflict((c) => c.column('id').doNothing())
      .execute();
    cleanupQueuedFor = name;
  }

  async function claim(caller: string, key: string, hash: string): Promise<boolean> {
    const now = o.clock.now();
    const { rows } = await sql<{ caller: string }>`
      insert into idempotency_key (caller, key, request_hash, state, status_code, response_body, locked_until, created_at, expires_at)
      values (${caller}, ${key}, ${hash}, 'IN_FLIGHT', null, null, ${new Date(now.getTime() + IN_FLIGHT_LEASE_MS)}, ${now}, ${new Date(now.getTime() + IDEMPOTENCY_TTL_MS)})
      on conflict (caller, key) do update set
        request_hash = excluded.request_hash, state = 'IN_FLIGHT', status_code = null, response_body = null,
        locked_until = excluded.locked_until, created_at = excluded.created_at, expires_at = excluded.expires_at
      where idempotency_key.expires_at <= ${now}
        or (idempotency_key.state = 'IN_FLIGHT' and idempotency_key.locked_until <= ${now} and idempotency_key.request_hash = excluded.request_hash)
      returning caller`.execute(o.db);
    return rows.length > 0;
  }

  // Callback hooks: a request without the header, or an answer to one, passes without a promise.
  http.addHook('preHandler', (req, reply, done) => {
    const header = req.headers[HEADER];
    if (header === undefined) return done();
    claimOrReplay(req, reply, header).then(() => done(), done);
  });

  async function claimOrReplay(req: FastifyRequest, reply: FastifyReply, header: string | string[]) {
    const path = req.url.split('?')[0]!;
    if (!inIdempotencyScope(req.method, path)) return;
    const key = Array.isArray(header) ? (header[0] ?? '') : header;
    if (!KEY_FORMAT.test(key))
      throw violation('Idempotency-Key', 'must be 1 to 255 visible ASCII characters', 'FORMAT');
    let caller: string | undefined;
    try {
      caller = callerScope(await o.services.resolveRequest(req));
    } catch {
      return; // the route answers the bad credentials itself
    }
    if (!caller) return;
    const hash = requestHash(req.method, path, req.body);
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await claim(caller, key, hash)) {
        claims.set(req, { caller, key });
        await queueCleanup(o.clock.now());
        return;
      }
      const row = await o.db
        .selectFrom('idempotency_key')
        .selectAll()
        .where('caller', '=', caller)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) continue; // cleaned up in between: claim again
      if (row.request_hash !== hash) {
        throw new AppError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used for a different request',
          { idempotencyKey: key },
        );
      }
      if (row.state === 'IN_FLIGHT') {
        throw new AppError(
          409,
          'IDEMPOTENCY_REQUEST_IN_PROGRESS',
          'A request with this Idempotency-Key is still being processed',
          { idempotencyKey: key },
        );
      }
      reply
        .code(row.status_code ?? 200)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true');
      return reply.send(row.response_body ?? '{}');
    }
    throw new AppError(
      409,
      'IDEMPOTENCY_REQUEST_IN_PROGRESS',
      'A request with this Idempotency-Key is still being processed',
      { idempotencyKey: key },
    );
  }

  http.addHook('onSend', (req, reply, payload, done) => {
    const c = claims.get(req);
    if (!c) return done(null, payload);
    claims.delete(req);
    record(reply, payload, c).then(() => done(null, payload), done);
  });

  async function record(reply: FastifyReply, payload: unknown, c: Claim) {
    const mine = o.db
      .deleteFrom('idempotency_key')
      .where('caller', '=', c.caller)
      .where('key', '=', c.key)
      .where('state', '=', 'IN_FLIGHT');
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    if (reply.statusCode >= 500 || body === undefined) {
      await mine.execute();
      return;
    }
    await o.db
      .updateTable('idempotency_key')
      .set({ state: 'DONE', status_code: reply.statusCode, response_body: body })
      .where('caller', '=', c.caller)
      .where('key', '=', c.key)
      .where('state', '=', 'IN_FLIGHT')
      .execute();
  }
}

/** Deletes answers older than the TTL (batches, so one run never holds a long lock). */
export const idempotencyCleanupJob: JobHandler<null> = {
  name: IDEMPOTENCY_CLEANUP_JOB,
  async run(ctx) {
    for (;;) {
      const { rows } = await sql<{ n: number }>`
        with gone as (delete from idempotency_key where ctid in (
          select ctid from idempotency_key where expires_at <= ${ctx.clock.now()} limit 1000) returning 1)
        select count(*)::int as n from gone`.execute(ctx.db);
      if ((rows[0]?.n ?? 0) < 1000) return;
    }
  },
};
