import type { WireReview } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeTokens } from '../../test/media.ts';
import { member } from '../../test/oauth.ts';
import { reviewsOf } from '../../test/reviews.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { shopProduct } from '../../test/shop.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ verifyToken: fakeTokens });
});
afterAll(async () => {
  await s?.stop();
});

const write = async (auth: string, entityId: string, title: string) => {
  const r = await s.request<{ review: WireReview }>('POST', '/reviews/v1/reviews', {
    auth,
    body: { review: { namespace: 'stores', entityId, content: { title, rating: 5 } } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.review;
};
/** The member changes their own profile, as the shop's account page does. */
const rename = async (auth: string, id: string, member: Record<string, unknown>) => {
  const r = await s.request('PATCH', `/members/v1/members/${id}`, {
    auth,
    body: { member: { id, ...member } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};
const namesOn = async (productId: string) =>
  Object.fromEntries((await reviewsOf(s, productId)).map((r) => [r.content?.title, r.author?.authorName]));

describe("a member's name on their reviews", () => {
  it('is the name they choose to show, on the reviews they wrote before too; never their e-mail', async () => {
    const ada = await member(s);
    const other = await member(s);
    const auth = `member:${ada.memberId}`;
    const product = (name: string) => shopProduct(s, { name, price: '10' });
    const [a, b, c, d] = [
      await product('Lamp'),
      await product('Mug'),
      await product('Vase'),
      await product('Jug'),
    ];
    await write(auth, a.productId, 'Bright');
    await write(auth, b.productId, 'Sturdy');
    const theirs = await write(`member:${other.memberId}`, a.productId, 'Dim');
    expect(await namesOn(a.productId)).toEqual({ Bright: 'Ada Lovelace', Dim: 'Ada Lovelace' });

    await rename(auth, ada.memberId, { profile: { nickname: 'Countess' } });
    await s.until(async () => (await namesOn(b.productId)).Sturdy === 'Countess');
    // Both of hers, not the other Ada's.
    expect(await namesOn(a.productId)).toEqual({ Bright: 'Countess', Dim: 'Ada Lovelace' });
    const after = await write(auth, c.productId, 'Again');
    expect(after.author?.authorName).toBe('Countess');

    // Empty: the first and last name again, as they are now.
    await rename(auth, ada.memberId, {
      contact: { firstName: 'Augusta', lastName: 'King' },
      profile: { nickname: '' },
    });
    await s.until(async () => (await namesOn(a.productId)).Bright === 'Augusta King');
    expect(await namesOn(b.productId)).toEqual({ Sturdy: 'Augusta King' });
    expect(await namesOn(c.productId)).toEqual({ Again: 'Augusta King' });

    // Neither a nickname nor a name: the reviews keep what they show (never a piece of the e-mail).
    await rename(auth, ada.memberId, { contact: { firstName: '', lastName: '' } });
    const alone = await write(auth, d.productId, 'Nameless');
    expect(alone.author?.authorName).toBe('Member');
    await rename(auth, ada.memberId, { profile: { nickname: 'Ada' } });
    await s.until(async () => (await namesOn(d.productId)).Nameless === 'Ada');
    expect(await namesOn(b.productId)).toEqual({ Sturdy: 'Ada' });
    expect(JSON.stringify(await reviewsOf(s, d.productId))).not.toContain(ada.email.split('@')[0]!);
    expect((await reviewsOf(s, a.productId)).find((r) => r.id === theirs.id)?.author?.authorName).toBe(
      'Ada Lovelace',
    );
  });
});
