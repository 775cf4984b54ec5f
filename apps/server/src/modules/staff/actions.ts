import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolvedCaller } from '../../platform/auth.ts';
import { newId } from '../../platform/ids.ts';
import type { ModuleHost } from '../../platform/module.ts';
import { insertAction } from './store.ts';

/**
 * The staff actions log: every request other than GET (and HEAD, OPTIONS) made with a staff
 * session, written as its answer is sent (before it goes out) — who (the staff id), what (method, route pattern,
 * path without its query string, the entity: the first path parameter, else the `id` of the answer
 * or of the answer's first object), the HTTP status, and when. Failed requests are kept too (a
 * contributor's 403 OWNER_ONLY says what was tried). Staff sign-ins are recorded the same way
 * (`recordAs`), as the request itself carried no session yet.
 */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_ID = 200;
const MAX_PATH = 2000;
/** Answers longer than this are not read for an id. */
const MAX_PARSED = 1_000_000;

/** Requests whose staff member the handler named (sign-ins: the session opens with the answer). */
const signedIn = new WeakMap<FastifyRequest, string>();
export const recordAs = (req: FastifyRequest, staffId: string): void => {
  signedIn.set(req, staffId);
};

async function staffOf(req: FastifyRequest): Promise<string | undefined> {
  const named = signedIn.get(req);
  if (named) return named;
  const resolving = resolvedCaller(req);
  if (!resolving) return undefined;
  const caller = await resolving.catch(() => undefined);
  return caller?.role === 'admin' && caller.staffRole ? caller.userId : undefined;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `id` of an answer, or of its first object holding one (`{product: {id}}`). */
function idIn(body: unknown): string | null {
  if (!isObj(body)) return null;
  if (typeof body.id === 'string') return body.id;
  for (const v of Object.values(body)) if (isObj(v) && typeof v.id === 'string') return v.id;
  return null;
}

/**
 * The entity a request changed: its path's order (a fulfillment's routes name the fulfillment
 * first, and the order page shows the log), else its first path parameter, else the answer's id.
 */
function entityOf(req: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
  const named = isObj(req.params) ? req.params : {};
  const params = [named.orderId, ...Object.values(named)];
  const first = params.find((p): p is string => typeof p === 'string' && p !== '');
  if (first) return first.slice(0, MAX_ID);
  if (reply.statusCode >= 300 || typeof payload !== 'string' || payload.length > MAX_PARSED) return null;
  try {
    return idIn(JSON.parse(payload))?.slice(0, MAX_ID) ?? null;
  } catch {
    return null;
  }
}

export function installActionLog(host: ModuleHost): void {
  // Written as the answer is sent, before it goes out: a dashboard that reads the log once its call
  // has answered finds the action there. Callback hook: reads (and requests without a staff session)
  // pass without a promise.
  host.http.addHook('onSend', (req, reply, payload, done) => {
    if (SAFE.has(req.method)) return done(null, payload);
    staffOf(req)
      .then((staffId) =>
        staffId ? record(req, reply, { staffId, entityId: entityOf(req, reply, payload) }) : undefined,
      )
      .then(() => done(null, payload), done);
  });

  async function record(
    req: FastifyRequest,
    reply: FastifyReply,
    p: { staffId: string; entityId: string | null },
  ) {
    try {
      const ctx = await host.router.context(req);
      await insertAction(ctx.db, {
        id: newId(),
        staff_id: p.staffId,
        method: req.method,
        route: (req.routeOptions.url ?? req.url.split('?')[0]!).slice(0, MAX_PATH),
        path: req.url.split('?')[0]!.slice(0, MAX_PATH),
        entity_id: p.entityId,
        status: reply.statusCode,
        created_at: ctx.clock.now(),
      });
    } catch (e) {
      req.log.error({ err: e }, 'could not record a staff action');
    }
  }
}
