import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { testClock } from './clock.ts';
import type { Ctx } from './context.ts';
import { signedLinks } from './signed-links.ts';

const KEY = Buffer.alloc(32, 7);
const TYP = 'vitrine-test-link+jwt';
/** What signedLinks reads of a context: its clock, whether it is in a transaction, its app. */
const clock = testClock();
const context = () => ({ clock, db: { isTransaction: false }, services: {} }) as unknown as Ctx;
const links = signedLinks({ typ: TYP, ttlSeconds: 3600, secret: async () => KEY.toString('base64url') });

describe('signed links', () => {
  it('signs what jose verifies, and verifies what jose signs (links sent before keep working)', async () => {
    const ctx = context();
    const token = await links.sign(ctx, 'rec-1');
    const { payload, protectedHeader } = await jwtVerify(token, KEY, {
      typ: TYP,
      algorithms: ['HS256'],
      currentDate: ctx.clock.now(),
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: TYP });
    expect(payload.rid).toBe('rec-1');
    expect(payload.exp! - payload.iat!).toBe(3600);

    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const byJose = await new SignJWT({ rid: 'rec-2' })
      .setProtectedHeader({ alg: 'HS256', typ: TYP })
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(KEY);
    expect(await links.verify(ctx, byJose)).toBe('rec-2');
  });

  it('refuses a tampered, foreign, unsigned or expired token', async () => {
    const ctx = context();
    const token = await links.sign(ctx, 'rec-1');
    const [h, p, s] = token.split('.') as [string, string, string];
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const other = signedLinks({
      typ: 'another+jwt',
      ttlSeconds: 60,
      secret: async () => KEY.toString('base64url'),
    });
    const otherKey = signedLinks({
      typ: TYP,
      ttlSeconds: 60,
      secret: async () => Buffer.alloc(32, 8).toString('base64url'),
    });
    for (const bad of [
      `${h}.${b64({ rid: 'rec-9', exp: 9e9 })}.${s}`,
      `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`,
      `${b64({ alg: 'none', typ: TYP })}.${p}.`,
      await other.sign(ctx, 'rec-1'),
      await otherKey.sign(ctx, 'rec-1'),
      'not-a-token',
      '',
    ])
      expect(await links.verify(ctx, bad), bad).toBeUndefined();
    expect(await links.verify(ctx, token)).toBe('rec-1');
    clock.advance(3600_000);
    expect(await links.verify(ctx, token)).toBeUndefined();
  });
});
