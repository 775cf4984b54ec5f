/**
 * Signed links: HS256 tokens (compact JWS, RFC 7515/7519) of one `typ` that name one record (`rid`)
 * and expire, under a key the owning module keeps in its own table (so every process of one store
 * shares it) and that is cached per app. A tampered, expired or foreign token reads as nothing.
 *
 * Signed and checked with node:crypto's HMAC, synchronously: WebCrypto's (jose's) runs each one on
 * the thread pool, which cost the order's payment step 3 ms at p50 under the buy flow once its
 * confirmation mail carried a link. `signed-links.test.ts` checks that jose and this agree both ways.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Ctx } from './context.ts';
import type { Executor } from './db/tx.ts';
import type { Services } from './services.ts';

export interface SignedLinks {
  /** A token naming `rid`, valid `ttlSeconds` from now (the context's clock). */
  sign(ctx: Ctx, rid: string): Promise<string>;
  /** The `rid` a valid token names, or undefined. */
  verify(ctx: Ctx, token: string): Promise<string | undefined>;
}

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

function objectOf(part: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function signedLinks(o: {
  typ: string;
  ttlSeconds: number;
  /** The stored key, or `fresh` stored now (the first writer wins). */
  secret: (db: Executor, fresh: string) => Promise<string>;
}): SignedLinks {
  const keys = new WeakMap<Services, Buffer>();
  async function key(ctx: Ctx): Promise<Buffer> {
    const hit = keys.get(ctx.services);
    if (hit) return hit;
    const fresh = randomBytes(32).toString('base64url');
    const stored = await o.secret(ctx.db, fresh);
    const k = Buffer.from(stored, 'base64url');
    // A key this transaction stored is not kept until it is committed (were it rolled back, another
    // process would store another): it is read again the next time.
    if (stored !== fresh || !ctx.db.isTransaction) keys.set(ctx.services, k);
    return k;
  }
  const mac = (k: Buffer, input: string) => createHmac('sha256', k).update(input).digest();
  return {
    async sign(ctx, rid) {
      const now = Math.floor(ctx.clock.now().getTime() / 1000);
      const input = `${b64({ alg: 'HS256', typ: o.typ })}.${b64({ rid, iat: now, exp: now + o.ttlSeconds })}`;
      return `${input}.${mac(await key(ctx), input).toString('base64url')}`;
    },
    async verify(ctx, token) {
      if (token.length > 2000 || !TOKEN.test(token)) return undefined;
      const [h, p, s] = token.split('.') as [string, string, string];
      const given = Buffer.from(s, 'base64url');
      const expected = mac(await key(ctx), `${h}.${p}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const header = objectOf(h);
      if (header?.alg !== 'HS256' || header.typ !== o.typ || 'crit' in header) return undefined;
      const payload = objectOf(p);
      const now = ctx.clock.now().getTime() / 1000;
      if (typeof payload?.exp !== 'number' || payload.exp <= now) return undefined;
      if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now))
        return undefined;
      return typeof payload.rid === 'string' ? payload.rid : undefined;
    },
  };
}
