/**
 * Signed links: HS256 tokens of one `typ` that name one record (`rid`) and expire, under a key the
 * owning module keeps in its own table (so every process of one store shares it) and that is cached
 * per app. A tampered, expired or foreign token reads as nothing.
 */
import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Ctx } from './context.ts';
import type { Executor } from './db/tx.ts';
import type { Services } from './services.ts';

export interface SignedLinks {
  /** A token naming `rid`, valid `ttlSeconds` from now (the context's clock). */
  sign(ctx: Ctx, rid: string): Promise<string>;
  /** The `rid` a valid token names, or undefined. */
  verify(ctx: Ctx, token: string): Promise<string | undefined>;
}

export function signedLinks(o: {
  typ: string;
  ttlSeconds: number;
  /** The stored key, or `fresh` stored now (the first writer wins). */
  secret: (db: Executor, fresh: string) => Promise<string>;
}): SignedLinks {
  const keys = new WeakMap<Services, Uint8Array>();
  async function key(ctx: Ctx): Promise<Uint8Array> {
    const hit = keys.get(ctx.services);
    if (hit) return hit;
    const fresh = randomBytes(32).toString('base64url');
    const stored = await o.secret(ctx.db, fresh);
    const k = new Uint8Array(Buffer.from(stored, 'base64url'));
    // A key this transaction stored is not kept until it is committed (were it rolled back, another
    // process would store another): it is read again the next time.
    if (stored !== fresh || !ctx.db.isTransaction) keys.set(ctx.services, k);
    return k;
  }
  return {
    async sign(ctx, rid) {
      const now = Math.floor(ctx.clock.now().getTime() / 1000);
      return new SignJWT({ rid })
        .setProtectedHeader({ alg: 'HS256', typ: o.typ })
        .setIssuedAt(now)
        .setExpirationTime(now + o.ttlSeconds)
        .sign(await key(ctx));
    },
    async verify(ctx, token) {
      try {
        const { payload } = await jwtVerify(token, await key(ctx), {
          typ: o.typ,
          algorithms: ['HS256'],
          currentDate: ctx.clock.now(),
        });
        return typeof payload.rid === 'string' ? payload.rid : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
