import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Caller, Ctx, Role } from '../context.ts';
import {
  csrfTokenInvalid,
  forbidden,
  ownerOnly,
  unauthenticated,
  violation,
  zodToValidationError,
} from '../errors.ts';
import { isRawJson, RAW_JSON, rawJsonText } from './raw-json.ts';
import { UNSAFE_TEXT, unsafeTextField } from './unsafe-text.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteSpec<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
> {
  method: Method;
  /** The path (Fastify syntax, `:id`), or several: the captured prefix first, then aliases. */
  url: string | readonly string[];
  /** Who may call: roles, or 'any' (anonymous callers too). */
  roles: readonly Role[] | 'any';
  /**
   * Only the store's owners: staff contributors are refused (403 OWNER_ONLY); API keys and
   * ADMIN_API_KEY count as owners. For the admin routes of settings, staff, API keys and OAuth clients.
   */
  owner?: true;
  summary: string;
  tags?: readonly string[];
  params?: P;
  query?: Q;
  body?: B;
  /** The success answer's shape (from `packages/contract`); checked under test, the OpenAPI document's. */
  response: Schema;
  /**
   * The answer's media type when it is not JSON (`text/csv`): the handler sends it itself and
   * returns the reply; `response` then describes the text, for the OpenAPI document only.
   */
  produces?: string;
  handler(
    ctx: Ctx,
    input: { params: Out<P>; query: Out<Q>; body: Out<B> },
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<unknown>;
}

export interface RegisteredRoute {
  method: Method;
  url: string;
  summary: string;
  tags: readonly string[];
  roles: readonly Role[] | 'any';
  owner: boolean;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  response: Schema;
  produces?: string;
}

export interface Router {
  route<
    P extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    B extends Schema | undefined = undefined,
  >(
    spec: RouteSpec<P, Q, B>,
  ): void;
  readonly routes: readonly RegisteredRoute[];
  /** The request's context, for the few handlers registered on Fastify directly (raw bodies, streams). */
  context(req: FastifyRequest): Promise<Ctx>;
}

/**
 * Says, on every answer to a member access token whose session was ended, that it was answered as
 * the visitor it began as (or as nobody): a front end learns to renew its tokens, even from a 200.
 */
const SESSION_HEADER = 'x-vitrine-session';
const SESSION_ENDED = 'The session ended: sign in again';
const sessionEnded = (caller: Caller) => 'sessionEnded' in caller && caller.sessionEnded === true;

function authorize(caller: Caller, spec: { roles: readonly Role[] | 'any'; owner?: true }) {
  if (spec.roles === 'any') return;
  if (caller.role === 'anonymous')
    throw caller.csrfRefused
      ? csrfTokenInvalid()
      : unauthenticated(caller.sessionEnded ? SESSION_ENDED : undefined);
  if (!spec.roles.includes(caller.role))
    throw sessionEnded(caller) ? unauthenticated(SESSION_ENDED) : forbidden();
  if (spec.owner && caller.role === 'admin' && caller.staffRole === 'CONTRIBUTOR') throw ownerOnly();
}

function parse<S extends Schema>(schema: S, input: unknown, where: string[]): z.output<S> {
  const r = schema.safeParse(input, { reportInput: true });
  if (!r.success) throw zodToValidationError(r.error, where);
  return r.data;
}

/**
 * Path parameters may be repeated in the query string (conventions §5: `GET /orders/<id>?id=<id>`):
 * drop such repeats when they agree with the path, report them when they do not.
 */
function stripRepeatedParams(query: Record<string, unknown>, params: Record<string, string>) {
  const q = { ...query };
  for (const [k, v] of Object.entries(params)) {
    if (!(k in q)) continue;
    if (q[k] !== v) throw violation(k, 'must match the path', 'VALIDATION');
    delete q[k];
  }
  return q;
}

/**
 * Under test (NODE_ENV=test, as vitest sets it) every answer is checked against its route's response
 * schema, so the whole suite proves the contract's shapes; in production answers go out unchecked.
 */
export const CHECK_RESPONSES = process.env.NODE_ENV === 'test';

/** An answer that does not match its schema: a server bug, reported loudly (500 and the log). */
export class ResponseMismatch extends Error {
  constructor(method: Method, url: string, error: z.ZodError) {
    const issues = error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    super(`${method} ${url}: the answer does not match its response schema: ${issues}`);
    this.name = 'ResponseMismatch';
  }
}

function checkResponse(spec: { method: Method; response: Schema }, url: string, answer: unknown) {
  const json: unknown = isRawJson(answer)
    ? JSON.parse(rawJsonText(answer))
    : JSON.parse(JSON.stringify(answer));
  const r = spec.response.safeParse(json);
  if (r.success) return;
  const e = new ResponseMismatch(spec.method, url, r.error);
  console.error(e.message);
  throw e;
}

export function createRouter(
  app: FastifyInstance,
  makeCtx: (req: FastifyRequest) => Promise<Ctx>,
  checkResponses = CHECK_RESPONSES,
): Router {
  const routes: RegisteredRoute[] = [];
  return {
    routes,
    context: makeCtx,
    route(spec) {
      const urls = typeof spec.url === 'string' ? [spec.url] : spec.url;
      for (const url of urls) {
        routes.push({
          method: spec.method,
          url,
          summary: spec.summary,
          tags: spec.tags ?? [],
          roles: spec.roles,
          owner: spec.owner === true,
          params: spec.params,
          query: spec.query,
          body: spec.body,
          response: spec.response,
          ...(spec.produces ? { produces: spec.produces } : {}),
        });
        app.route({
          method: spec.method,
          url,
          handler: async (req, reply) => {
            const ctx = await makeCtx(req);
            if (sessionEnded(ctx.caller)) void reply.header(SESSION_HEADER, 'ended');
            authorize(ctx.caller, spec);
            const rawParams = (req.params ?? {}) as Record<string, string>;
            let rawQuery = (req.query ?? {}) as Record<string, unknown>;
            const unsafe =
              unsafeTextField(rawParams) ?? unsafeTextField(rawQuery) ?? unsafeTextField(req.body);
            if (unsafe !== undefined) throw violation(unsafe, UNSAFE_TEXT, 'FORMAT');
            if ('.r' in rawQuery)
              throw violation('.r', 'must be base64url-encoded JSON of an object', 'FORMAT');
            rawQuery = stripRepeatedParams(rawQuery, rawParams);
            const input = {
              params: (spec.params ? parse(spec.params, rawParams, []) : undefined) as never,
              query: (spec.query ? parse(spec.query, rawQuery, []) : undefined) as never,
              body: (spec.body ? parse(spec.body, req.body ?? {}, []) : undefined) as never,
            };
            if (!spec.query && Object.keys(rawQuery).length) {
              throw violation(Object.keys(rawQuery)[0]!, 'is not a known parameter', 'FIELD_NOT_ALLOWED');
            }
            const body = req.body as Record<string, unknown> | undefined;
            if (!spec.body && body && typeof body === 'object' && Object.keys(body).length) {
              throw violation(Object.keys(body)[0]!, 'is not a known field', 'FIELD_NOT_ALLOWED');
            }
            const result = await spec.handler(ctx, input, req, reply);
            if (reply.sent || result === reply) return reply;
            if (checkResponses) checkResponse(spec, url, result ?? {});
            if (isRawJson(result))
              return reply.type('application/json; charset=utf-8').send(result[RAW_JSON]);
            return result ?? {};
          },
        });
      }
    },
  };
}
