/**
 * The official `@wix/reviews` package (modules `reviews` and `reviewRequests`), unchanged, and the
 * legacy `@wix/reviews_reviews` 1.0.52 (the one that calls create-with-contact) against a Vitrine
 * test server: every call of contract reviews.md §1 and §2 through visitor, member and admin
 * clients (real OAuth tokens and the admin API key), with the module's rules (reviews README):
 * moderation and who sees what, one review per author, muted members, unknown products, verified
 * purchases, rating summaries following moderation, HTML stripped.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RatingSummary } from '@vitrine/contract';
import { members } from '@wix/members';
import { reviewRequests, reviews } from '@wix/reviews';
import * as legacyReviews from '@wix/reviews_reviews';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, ready, upload } from '../test/media.ts';
import { anonymousTokens, bundledClientId, memberTokens, shopClient } from '../test/oauth.ts';
import { createOrder, orderBody } from '../test/orders.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../test/server.ts';
import { payAsBuyer, placeShopOrder, shopProduct, STORES_APP } from '../test/shop.ts';
import { redirectWixFetch, type Recorded } from '../test/wix.ts';

let s: TestServer;
let undo: () => void;
const log: Recorded[] = [];

const authWith = (authorization: string) => ({
  getAuthHeaders: async () => ({ headers: { Authorization: authorization } }),
});
const clientWith = (authorization: string) =>
  createClient({ auth: authWith(authorization), modules: { reviews, reviewRequests, members } });
const legacyWith = (authorization: string) =>
  createClient({ auth: authWith(authorization), modules: { reviews: legacyReviews } });
type Client = ReturnType<typeof clientWith>;

/** Callers: the admin key, two members (Ada, Bob), two visitors (Vee, Wes); their tokens. */
let admin: Client;
let ada: Client;
let bob: Client;
let vee: Client;
let wes: Client;
const tokens = { ada: '', bob: '', vee: '', wes: '' };
const ids = { ada: '', bob: '' };
/** Products: each test reviews its own, so their counts stay independent. */
const product: Record<'shirt' | 'mug' | 'hat' | 'cap' | 'sock' | 'tee' | 'bag', string> = {
  shirt: '',
  mug: '',
  hat: '',
  cap: '',
  sock: '',
  tee: '',
  bag: '',
};
const variant: Record<string, string> = {};

const visitorToken = async () => (await anonymousTokens(s, bundledClientId(s))).access_token;

beforeAll(async () => {
  s = await startTestServer({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-wix-reviews-')) } });
  undo = redirectWixFetch(s.url, log);
  const client = await shopClient(s);
  const a = await memberTokens(s, client);
  const b = await memberTokens(s, client);
  Object.assign(ids, { ada: a.memberId, bob: b.memberId });
  Object.assign(tokens, {
    ada: a.tokens.access_token,
    bob: b.tokens.access_token,
    vee: await visitorToken(),
    wes: await visitorToken(),
  });
  admin = clientWith(ADMIN_KEY);
  ada = clientWith(tokens.ada);
  bob = clientWith(tokens.bob);
  vee = clientWith(tokens.vee);
  wes = clientWith(tokens.wes);
  for (const name of Object.keys(product) as (keyof typeof product)[]) {
    const p = await shopProduct(s, { name: `Reviewed ${name}`, price: '10' });
    product[name] = p.productId;
    variant[name] = p.variantId;
  }
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

/** The status and application error of a call the test expects to fail. */
async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    const err = e as {
      status?: number;
      details?: { applicationError?: { code?: string; data?: Record<string, unknown> } };
    };
    return {
      status: err.status,
      code: err.details?.applicationError?.code,
      data: err.details?.applicationError?.data ?? {},
    };
  }
  throw new Error('the call succeeded; expected it to fail');
}

/** A product's rating summary as GET /reviews/v1/summaries answers it (zeros when it has none). */
async function summary(entityId: string) {
  const r = await s.request<{ summaries: RatingSummary[] }>(
    'GET',
    `/reviews/v1/summaries?namespace=stores&entityIds=${entityId}`,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const found = r.body.summaries.find((x) => x.entityId === entityId);
  const stars = [1, 2, 3, 4, 5].map((n) => found?.distribution.find((d) => d.rating === n)?.count ?? 0);
  return { count: found?.count ?? 0, average: found?.averageRating ?? 0, stars };
}

const content = (rating: number, body = 'Fine', title = 'Review') => ({ title, body, rating });
const lastRequest = () => log[log.length - 1]!;

describe('@wix/reviews reviews against Vitrine', () => {
  let adaShirt = '';
  let veeShirt = '';

  it("creates a member's review with a photo from their own uploads, HTML stripped, IN_MODERATION", async () => {
    const picture = await png(80, 60);
    const up = await upload(s, picture, { auth: tokens.ada, fileName: 'shirt.png' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const file = await ready(s, up.body.file.id);
    expect(file.operationStatus).toBe('READY');
    const wixImage = `wix:image://v1/${file.id}/shirt.png#originWidth=80&originHeight=60`;

    const created = await ada.reviews.createReview({
      namespace: 'stores',
      entityId: product.shirt,
      content: {
        title: '<b>Great</b>',
        body: '  Nice <i>shirt</i>, <a href="#x">really</a>!  ',
        rating: 5,
        media: [{ image: wixImage }],
      },
      author: { contactId: ids.ada, authorName: 'Ada' },
    });
    // The SDK sent the image in its REST form (contract §1: id, size, file name).
    const sent = lastRequest();
    expect([sent.method, new URL(sent.url).pathname]).toEqual(['POST', '/reviews/v1/reviews']);
    expect(JSON.parse(sent.body!).review.content.media[0].image).toMatchObject({
      id: file.id,
      width: 80,
      height: 60,
    });
    expect(created).toMatchObject({
      _id: expect.any(String),
      namespace: 'stores',
      entityId: product.shirt,
      content: { title: 'Great', body: 'Nice shirt, really!', rating: 5 },
      author: { contactId: ids.ada },
      moderation: { moderationStatus: 'IN_MODERATION', manuallyChanged: false },
      origin: { type: 'ORGANIC' },
      verified: false,
      publishCount: 0,
      revision: '1',
      foundHelpful: 0,
      foundUnhelpful: 0,
      helpfulness: 0,
    });
    expect(created.author?.authorName).toBeTruthy();
    expect(created._createdDate).toBeInstanceOf(Date);
    expect(created._updatedDate).toBeInstanceOf(Date);
    expect(created.reviewDate).toBeInstanceOf(Date);
    expect(typeof created.relevanceScore).toBe('number');
    // The answer's image, turned back into the SDK's wix:image string.
    expect(created.content!.media).toHaveLength(1);
    expect(created.content!.media![0]!.image).toBe(wixImage);
    adaShirt = created._id!;

    // On the wire the photo is the library file: its id, URL and size; the author is a MEMBER.
    const wire = await s.request<{ review: Record<string, never> }>(
      'GET',
      `/reviews/v1/reviews/${adaShirt}`,
      {
        auth: tokens.ada,
      },
    );
    expect(wire.status, JSON.stringify(wire.body)).toBe(200);
    expect(wire.body.review).toMatchObject({
      author: { authorType: 'MEMBER', contactId: ids.ada },
      content: { media: [{ image: { id: file.id, url: file.url, width: 80, height: 60 } }] },
    });
  });

  it('refuses a photo another member uploaded, and photos from visitors (who cannot upload)', async () => {
    const up = await upload(s, await png(20, 20), { auth: tokens.bob, fileName: 'bob.png' });
    expect(up.status).toBe(200);
    const file = await ready(s, up.body.file.id);
    const image = `wix:image://v1/${file.id}/bob.png#originWidth=20&originHeight=20`;
    const theirs = await failure(
      ada.reviews.createReview({
        namespace: 'stores',
        entityId: product.bag,
        content: { ...content(4), media: [{ image }] },
      }),
    );
    expect(theirs.status, JSON.stringify(theirs)).toBeGreaterThanOrEqual(400);
    expect(theirs.status).toBeLessThan(500);
    const visitor = await failure(
      vee.reviews.createReview({
        namespace: 'stores',
        entityId: product.bag,
        content: { ...content(4), media: [{ image }] },
        author: { authorName: 'Vee' },
      }),
    );
    expect(visitor.status, JSON.stringify(visitor)).toBeGreaterThanOrEqual(400);
    expect(visitor.status).toBeLessThan(500);
    // Neither left a review behind.
    expect(
      (await admin.reviews.countReviews({ filter: { entityId: product.bag }, includePrivateReviews: true }))
        .count,
    ).toBe(0);
  });

  it('shows a review in moderation to its author only, and to admins asking for private reviews', async () => {
    const v = await vee.reviews.createReview({
      namespace: 'stores',
      entityId: product.shirt,
      content: content(4, 'Soft fabric'),
      author: { authorName: 'Vee' },
    });
    expect(v).toMatchObject({
      author: { authorName: 'Vee' },
      moderation: { moderationStatus: 'IN_MODERATION' },
      origin: { type: 'ORGANIC' },
    });
    veeShirt = v._id!;

    // getReview: the author sees their own; another visitor, another member and an admin not asking do not.
    expect((await vee.reviews.getReview(veeShirt))._id).toBe(veeShirt);
    expect((await ada.reviews.getReview(adaShirt))._id).toBe(adaShirt);
    for (const [who, c, id] of [
      ['wes → vee', wes, veeShirt],
      ['ada → vee', ada, veeShirt],
      ['vee → ada', vee, adaShirt],
      ['bob → ada', bob, adaShirt],
      ['admin → ada', admin, adaShirt],
    ] as const) {
      const f = await failure(c.reviews.getReview(id));
      expect([who, f.status, f.code]).toEqual([who, 404, 'REVIEW_NOT_FOUND']);
    }
    const anonymous = await s.request('GET', `/reviews/v1/reviews/${veeShirt}`);
    expect(anonymous.status).toBe(404);
    log.length = 0;
    const asAdmin = await admin.reviews.getReview(adaShirt, { returnPrivateReviews: true });
    expect(asAdmin).toMatchObject({ _id: adaShirt, moderation: { moderationStatus: 'IN_MODERATION' } });
    const got = new URL(log[0]!.url);
    expect([got.pathname, got.searchParams.get('returnPrivateReviews')]).toEqual([
      `/reviews/v1/reviews/${adaShirt}`,
      'true',
    ]);

    // queryReviews and countReviews apply the same rule.
    const seen = async (c: Client, returnPrivateReviews?: boolean) =>
      (
        await c.reviews
          .queryReviews(returnPrivateReviews === undefined ? undefined : { returnPrivateReviews })
          .eq('entityId', product.shirt)
          .eq('namespace', 'stores')
          .find()
      ).items
        .map((r) => r._id)
        .sort();
    expect(await seen(vee)).toEqual([veeShirt]);
    expect(await seen(ada)).toEqual([adaShirt]);
    expect(await seen(wes)).toEqual([]);
    expect(await seen(bob)).toEqual([]);
    expect(await seen(admin)).toEqual([]);
    expect(await seen(admin, true)).toEqual([adaShirt, veeShirt].sort());
    const count = async (c: Client, includePrivateReviews: boolean) =>
      (
        await c.reviews.countReviews({
          filter: { entityId: product.shirt, namespace: 'stores' },
          includePrivateReviews,
        })
      ).count;
    expect(await count(vee, false)).toBe(1);
    expect(await count(wes, false)).toBe(0);
    // includePrivateReviews is an admin's: a visitor asking still sees only published and own.
    expect(await count(wes, true)).toBe(0);
    expect(await count(admin, false)).toBe(0);
    expect(await count(admin, true)).toBe(2);

    // Once approved, everyone sees it.
    await admin.reviews.updateModerationStatus(veeShirt, { status: 'APPROVED' });
    expect((await wes.reviews.getReview(veeShirt))._id).toBe(veeShirt);
    expect(await seen(bob)).toEqual([veeShirt]);
  });

  it('takes one review per author and product: the second answers 409 REVIEW_ALREADY_EXISTS', async () => {
    const again = await failure(
      ada.reviews.createReview({ namespace: 'stores', entityId: product.shirt, content: content(1) }),
    );
    expect([again.status, again.code]).toEqual([409, 'REVIEW_ALREADY_EXISTS']);
    expect(JSON.stringify(again.data)).toContain(adaShirt);
    const visitorAgain = await failure(
      vee.reviews.createReview({
        namespace: 'stores',
        entityId: product.shirt,
        content: content(2),
        author: { authorName: 'Vee' },
      }),
    );
    expect([visitorAgain.status, visitorAgain.code]).toEqual([409, 'REVIEW_ALREADY_EXISTS']);
    expect(JSON.stringify(visitorAgain.data)).toContain(veeShirt);
    expect(
      (await admin.reviews.countReviews({ filter: { entityId: product.shirt }, includePrivateReviews: true }))
        .count,
    ).toBe(2);
  });

  it('refuses a muted member (403 MEMBER_MUTED) until unmuted', async () => {
    await admin.members.muteMember(ids.bob);
    const muted = await failure(
      bob.reviews.createReview({ namespace: 'stores', entityId: product.mug, content: content(3) }),
    );
    expect([muted.status, muted.code]).toEqual([403, 'MEMBER_MUTED']);
    await admin.members.unmuteMember(ids.bob);
    const r = await bob.reviews.createReview({
      namespace: 'stores',
      entityId: product.mug,
      content: content(3),
    });
    expect(r).toMatchObject({ entityId: product.mug, author: { contactId: ids.bob } });
  });

  it('refuses an unknown product (404 ENTITY_NOT_FOUND), another namespace and a rating outside 1–5', async () => {
    for (const entityId of [randomUUID(), 'no-such-product']) {
      const f = await failure(
        ada.reviews.createReview({ namespace: 'stores', entityId, content: content(5) }),
      );
      expect([entityId, f.status, f.code]).toEqual([entityId, 404, 'ENTITY_NOT_FOUND']);
    }
    const ns = await failure(
      ada.reviews.createReview({ namespace: 'forum', entityId: product.bag, content: content(5) }),
    );
    expect(ns.status).toBe(400);
    for (const rating of [0, 6]) {
      const f = await failure(
        ada.reviews.createReview({ namespace: 'stores', entityId: product.bag, content: content(rating) }),
      );
      expect([rating, f.status]).toEqual([rating, 400]);
    }
  });

  it('writes a review with a name and e-mail through the legacy package, as a visitor', async () => {
    const eve = legacyWith(await visitorToken());
    log.length = 0;
    const made = await eve.reviews.createReviewAndContact(
      'stores',
      product.mug,
      { title: 'Good <em>mug</em>', body: 'Keeps tea hot', rating: 4 },
      { name: 'Eve', email: 'Eve@Example.test' },
    );
    const sent = log[0]!;
    expect([sent.method, new URL(sent.url).pathname]).toEqual(['POST', '/reviews/v1/reviews/contact']);
    expect(JSON.parse(sent.body!)).toEqual({
      namespace: 'stores',
      entityId: product.mug,
      content: { title: 'Good <em>mug</em>', body: 'Keeps tea hot', rating: 4 },
      name: 'Eve',
      email: 'Eve@Example.test',
    });
    expect(made.review).toMatchObject({
      _id: expect.any(String),
      entityId: product.mug,
      content: { title: 'Good mug', body: 'Keeps tea hot', rating: 4 },
      author: { authorName: 'Eve', authorType: 'VISITOR' },
      moderation: { moderationStatus: 'IN_MODERATION' },
      verified: false,
    });
    // The e-mail is the author: another visitor with the same address (any case) cannot write a second.
    const again = await failure(
      legacyWith(await visitorToken()).reviews.createReviewAndContact('stores', product.mug, content(1), {
        name: 'Eve again',
        email: 'eve@example.test',
      }),
    );
    expect([again.status, again.code]).toEqual([409, 'REVIEW_ALREADY_EXISTS']);
  });

  it('marks a verified purchase: a member who bought the product, a visitor by the e-mail they bought with', async () => {
    const client = await shopClient(s);
    const carl = await memberTokens(s, client);
    const carlReviews = clientWith(carl.tokens.access_token);
    const cap = { productId: product.cap, variantId: variant.cap! };
    const placed = await placeShopOrder(s, {
      auth: carl.tokens.access_token,
      product: cap,
      email: carl.email,
    });
    await payAsBuyer(s, carl.tokens.access_token, placed.paymentGatewayOrderId!);

    const same = { title: 'Cap', body: 'Fits well', rating: 5 };
    const bought = await carlReviews.reviews.createReview({
      namespace: 'stores',
      entityId: product.cap,
      content: same,
    });
    const notBought = await ada.reviews.createReview({
      namespace: 'stores',
      entityId: product.cap,
      content: same,
    });
    expect(bought.verified).toBe(true);
    expect(notBought.verified).toBe(false);
    // A verified purchase adds 1 to the relevance score (README); same text, same moment.
    expect(bought.relevanceScore! - notBought.relevanceScore!).toBeCloseTo(1, 5);

    // A visitor's order, placed with an e-mail: a review with that e-mail is verified.
    const visitor = await visitorToken();
    const hat = { productId: product.hat, variantId: variant.hat! };
    const order = await placeShopOrder(s, { auth: visitor, product: hat, email: 'hat-buyer@example.test' });
    await payAsBuyer(s, visitor, order.paymentGatewayOrderId!);
    const byEmail = await legacyWith(visitor).reviews.createReviewAndContact(
      'stores',
      product.hat,
      content(4),
      {
        name: 'Hattie',
        email: 'hat-buyer@example.test',
      },
    );
    expect(byEmail.review!.verified).toBe(true);
  });

  it('updates and deletes a review as its author; an edit sends a published review back to moderation', async () => {
    const mine = await ada.reviews.createReview({
      namespace: 'stores',
      entityId: product.mug,
      content: content(5, 'Lovely'),
    });
    const approved = await admin.reviews.updateModerationStatus(mine._id!, { status: 'APPROVED' });
    expect(approved.review).toMatchObject({
      moderation: { moderationStatus: 'APPROVED', manuallyChanged: true },
      publishCount: 1,
    });
    expect(await summary(product.mug)).toMatchObject({ count: 1, average: 5 });

    log.length = 0;
    const updated = await ada.reviews.updateReview(mine._id!, {
      content: { title: '<u>Updated</u>', body: 'Still nice', rating: 4 },
      revision: approved.review!.revision!,
    });
    expect(JSON.parse(log[0]!.body!)).toMatchObject({
      review: { id: mine._id, revision: approved.review!.revision, content: { title: '<u>Updated</u>' } },
    });
    expect(updated).toMatchObject({
      _id: mine._id,
      content: { title: 'Updated', body: 'Still nice', rating: 4 },
      revision: String(Number(approved.review!.revision) + 1),
      moderation: { moderationStatus: 'IN_MODERATION' },
    });
    expect(await summary(product.mug)).toMatchObject({ count: 0 });

    // A stale revision is refused; so is another member's edit (they cannot even see it now).
    const stale = await failure(
      ada.reviews.updateReview(mine._id!, { content: { rating: 3 }, revision: approved.review!.revision! }),
    );
    expect(stale.status).toBe(409);
    const other = await failure(
      bob.reviews.updateReview(mine._id!, { content: { rating: 1 }, revision: updated.revision! }),
    );
    expect([403, 404]).toContain(other.status);

    log.length = 0;
    const deleted = await ada.reviews.deleteReview(mine._id!);
    expect(log[0]!.method).toBe('DELETE');
    expect(new URL(log[0]!.url).pathname).toBe(`/reviews/v1/reviews/${mine._id}`);
    expect(deleted.review).toMatchObject({ _id: mine._id, content: { title: 'Updated' } });
    expect((await failure(ada.reviews.getReview(mine._id!))).status).toBe(404);
    expect((await failure(ada.reviews.deleteReview(mine._id!))).status).toBe(404);
  });

  it("sets, overwrites and removes the store's reply (admins only)", async () => {
    const first = await admin.reviews.setReply(veeShirt, '  <b>Thanks</b> for the review!  ');
    expect(first.review).toMatchObject({ _id: veeShirt, reply: { message: 'Thanks for the review!' } });
    expect(first.review!.reply!._createdDate).toBeInstanceOf(Date);
    s.clock.advance(1000);
    const second = await admin.reviews.setReply(veeShirt, 'Glad you like it');
    expect(second.review!.reply).toMatchObject({ message: 'Glad you like it' });
    expect(second.review!.reply!._updatedDate!.getTime()).toBeGreaterThan(
      first.review!.reply!._updatedDate!.getTime(),
    );
    expect((await vee.reviews.getReview(veeShirt)).reply?.message).toBe('Glad you like it');
    expect((await failure(vee.reviews.setReply(veeShirt, 'me too'))).status).toBe(403);
    expect((await failure(ada.reviews.removeReply(veeShirt))).status).toBe(403);
    const removed = await admin.reviews.removeReply(veeShirt);
    expect(removed.review!._id).toBe(veeShirt);
    expect(removed.review!.reply).toBeUndefined();
  });

  describe('counting and querying', () => {
    const made: string[] = [];
    const long = 'x'.repeat(650);
    const medium = 'y'.repeat(300);
    // [rating, body, verified]: quality = min(length, 600)/600 (+ title) + 1 if verified.
    const rows: [number, string, boolean][] = [
      [3, long, true],
      [5, medium, true],
      [1, medium, false],
      [4, '', true],
      [2, '', false],
    ];

    beforeAll(async () => {
      const res = await admin.reviews.bulkCreateReview(
        rows.map(([rating, body, verified], i) => ({
          namespace: 'stores',
          entityId: product.sock,
          content: { rating, ...(body ? { body } : {}) },
          author: { contactId: randomUUID(), authorName: `Importer ${i}` },
          verified,
        })),
        { returnEntity: true },
      );
      expect(res.bulkActionMetadata).toEqual({ totalSuccesses: 5, totalFailures: 0, undetailedFailures: 0 });
      for (const [i, r] of res.results!.entries()) {
        expect(r.itemMetadata).toMatchObject({ originalIndex: i, success: true });
        made.push(r.itemMetadata!._id!);
      }
    });

    it('bulk-creates as an app: APPROVED at once, origin APP, each item on its own', async () => {
      expect(await summary(product.sock)).toEqual({ count: 5, average: 3, stars: [1, 1, 1, 1, 1] });
      const one = await admin.reviews.getReview(made[0]!);
      expect(one).toMatchObject({
        moderation: { moderationStatus: 'APPROVED' },
        origin: { type: 'APP' },
        verified: true,
        publishCount: 1,
      });
      const mixed = await admin.reviews.bulkCreateReview(
        [
          {
            namespace: 'stores',
            entityId: product.bag,
            content: content(5),
            author: { contactId: randomUUID() },
          },
          {
            namespace: 'stores',
            entityId: randomUUID(),
            content: content(5),
            author: { contactId: randomUUID() },
          },
        ],
        { returnEntity: true },
      );
      expect(mixed.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
      expect(mixed.results![1]!.itemMetadata).toMatchObject({
        originalIndex: 1,
        success: false,
        error: { code: 'ENTITY_NOT_FOUND' },
      });
      // The SDK reads a created review under `results[].review` (its declared BulkReviewResult).
      expect(mixed.results![0]!.review, JSON.stringify(mixed.results![0])).toMatchObject({
        entityId: product.bag,
        moderation: { moderationStatus: 'APPROVED' },
      });
      await admin.reviews.bulkDeleteReviews({ filter: { entityId: product.bag } });
    });

    it('counts with a filter', async () => {
      expect((await wes.reviews.countReviews({ filter: { entityId: product.sock } })).count).toBe(5);
      expect(
        (
          await wes.reviews.countReviews({
            filter: { entityId: product.sock, 'content.rating': { $gte: 4 } },
          })
        ).count,
      ).toBe(2);
      expect(
        (await wes.reviews.countReviews({ filter: { entityId: product.sock, verified: true } })).count,
      ).toBe(3);
    });

    it('pages with the builder, following the cursor', async () => {
      log.length = 0;
      const p1 = await wes.reviews
        .queryReviews()
        .eq('entityId', product.sock)
        .eq('namespace', 'stores')
        .limit(2)
        .find();
      expect(JSON.parse(log[0]!.body!)).toMatchObject({
        query: {
          filter: { $and: [{ entityId: product.sock }, { namespace: 'stores' }] },
          cursorPaging: { limit: 2 },
        },
      });
      expect(p1.items).toHaveLength(2);
      expect(p1.hasNext()).toBe(true);
      const p2 = await p1.next();
      expect(p2.items).toHaveLength(2);
      expect(p2.hasNext()).toBe(true);
      const p3 = await p2.next();
      expect(p3.items).toHaveLength(1);
      expect(p3.hasNext()).toBe(false);
      const all = [...p1.items, ...p2.items, ...p3.items].map((r) => r._id);
      expect(new Set(all).size).toBe(5);
      expect([...all].sort()).toEqual([...made].sort());
      expect(p1.items[0]!._createdDate).toBeInstanceOf(Date);
      // The builder's sort.
      const byRating = await wes.reviews
        .queryReviews()
        .eq('entityId', product.sock)
        .ascending('content.rating')
        .find();
      expect(byRating.items.map((r) => r.content!.rating)).toEqual([1, 2, 3, 4, 5]);
    });

    it('takes the query object: sorted by content.rating, then by relevanceScore', async () => {
      const first = await vee.reviews.queryReviews(
        {
          filter: { namespace: 'stores', entityId: product.sock },
          sort: [{ fieldName: 'content.rating', order: 'DESC' }],
          cursorPaging: { limit: 3 },
        },
        { returnPrivateReviews: false },
      );
      expect(first.reviews!.map((r) => r.content!.rating)).toEqual([5, 4, 3]);
      expect(first.metadata?.cursors?.next).toBeTruthy();
      const rest = await vee.reviews.queryReviews({
        cursorPaging: { cursor: first.metadata!.cursors!.next!, limit: 3 },
      });
      expect(rest.reviews!.map((r) => r.content!.rating)).toEqual([2, 1]);
      expect(rest.metadata?.cursors?.next ?? null).toBeNull();

      const relevant = await vee.reviews.queryReviews({
        filter: { entityId: product.sock },
        sort: [{ fieldName: 'relevanceScore', order: 'DESC' }],
        cursorPaging: { limit: 10 },
      });
      // quality: long+verified 2, medium+verified 1.5, empty+verified 1, medium 0.5, empty 0 (same moment).
      expect(relevant.reviews!.map((r) => r._id)).toEqual([made[0], made[1], made[3], made[2], made[4]]);
      const scores = relevant.reviews!.map((r) => r.relevanceScore!);
      expect(scores[0]! - scores[4]!).toBeCloseTo(2, 5);
      expect(scores[1]! - scores[4]!).toBeCloseTo(1.5, 5);
      const ascending = await vee.reviews.queryReviews({
        filter: { entityId: product.sock },
        sort: [{ fieldName: 'relevanceScore', order: 'ASC' }],
        cursorPaging: { limit: 2 },
      });
      expect(ascending.reviews!.map((r) => r._id)).toEqual([made[4], made[2]]);
    });
  });

  it('moderates one and many; the rating summary follows approve, reject and delete', async () => {
    const tee = product.tee;
    const write = async (c: Client, rating: number, name: string) =>
      (
        await c.reviews.createReview({
          namespace: 'stores',
          entityId: tee,
          content: content(rating),
          author: { authorName: name },
        })
      )._id!;
    const five = await write(vee, 5, 'Vee');
    const four = await write(wes, 4, 'Wes');
    const two = await write(bob, 2, 'Bob');
    expect(await summary(tee)).toEqual({ count: 0, average: 0, stars: [0, 0, 0, 0, 0] });

    const approved = await admin.reviews.updateModerationStatus(five, { status: 'APPROVED' });
    expect(approved.review!.moderation).toEqual({ moderationStatus: 'APPROVED', manuallyChanged: true });
    expect(await summary(tee)).toEqual({ count: 1, average: 5, stars: [0, 0, 0, 0, 1] });

    const job = await admin.reviews.bulkUpdateModerationStatus({
      filter: { entityId: tee, 'moderation.moderationStatus': 'IN_MODERATION' },
      status: 'APPROVED',
    });
    expect(job.jobId).toEqual(expect.any(String));
    const all = await summary(tee);
    expect(all).toMatchObject({ count: 3, stars: [0, 1, 0, 1, 1] });
    expect(all.average).toBeCloseTo(11 / 3, 2);
    expect((await wes.reviews.countReviews({ filter: { entityId: tee } })).count).toBe(3);
    // Approving an approved review again changes nothing.
    await admin.reviews.updateModerationStatus(five, { status: 'APPROVED' });
    expect((await summary(tee)).count).toBe(3);

    const rejected = await admin.reviews.updateModerationStatus(five, { status: 'REJECTED' });
    expect(rejected.review!.moderation!.moderationStatus).toBe('REJECTED');
    expect(await summary(tee)).toEqual({ count: 2, average: 3, stars: [0, 1, 0, 1, 0] });
    expect((await failure(wes.reviews.getReview(five))).status).toBe(404);
    // A rejected review stays visible to its author.
    expect((await vee.reviews.getReview(five)).moderation!.moderationStatus).toBe('REJECTED');

    const back = await admin.reviews.updateModerationStatus(four, { status: 'UNKNOWN_MODERATION_STATUS' });
    expect(back.review!.moderation!.moderationStatus).toBe('IN_MODERATION');
    expect(await summary(tee)).toEqual({ count: 1, average: 2, stars: [0, 1, 0, 0, 0] });

    await admin.reviews.deleteReview(two);
    expect(await summary(tee)).toEqual({ count: 0, average: 0, stars: [0, 0, 0, 0, 0] });

    await admin.reviews.bulkUpdateModerationStatus({ filter: { entityId: tee }, status: 'APPROVED' });
    expect(await summary(tee)).toMatchObject({ count: 2, average: 4.5 });
    await admin.reviews.bulkUpdateModerationStatus({ filter: { entityId: tee }, status: 'REJECTED' });
    expect((await summary(tee)).count).toBe(0);
    await admin.reviews.bulkUpdateModerationStatus({ filter: { entityId: tee }, status: 'APPROVED' });
    expect((await summary(tee)).count).toBe(2);
    const gone = await admin.reviews.bulkDeleteReviews({ filter: { entityId: tee } });
    expect(gone.jobId).toEqual(expect.any(String));
    expect(
      (await admin.reviews.countReviews({ filter: { entityId: tee }, includePrivateReviews: true })).count,
    ).toBe(0);
    expect(await summary(tee)).toEqual({ count: 0, average: 0, stars: [0, 0, 0, 0, 0] });

    // Several products in one call.
    const many = await s.request<{ summaries: RatingSummary[] }>(
      'GET',
      `/reviews/v1/summaries?namespace=stores&entityIds=${product.sock}&entityIds=${product.shirt}`,
    );
    expect(many.status).toBe(200);
    const byId = Object.fromEntries(many.body.summaries.map((x) => [x.entityId, x.count]));
    expect(byId[product.sock]).toBe(5);
    expect(byId[product.shirt]).toBe(1);
  });

  it('refuses moderation, bulk calls and replies to members and visitors', async () => {
    for (const c of [ada, vee]) {
      expect((await failure(c.reviews.updateModerationStatus(veeShirt, { status: 'REJECTED' }))).status).toBe(
        403,
      );
      expect(
        (await failure(c.reviews.bulkUpdateModerationStatus({ filter: {}, status: 'REJECTED' }))).status,
      ).toBe(403);
      expect((await failure(c.reviews.bulkDeleteReviews({ filter: {} }))).status).toBe(403);
      expect(
        (
          await failure(
            c.reviews.bulkCreateReview([
              {
                namespace: 'stores',
                entityId: product.bag,
                content: content(5),
                author: { contactId: randomUUID() },
              },
            ]),
          )
        ).status,
      ).toBe(403);
    }
    expect((await vee.reviews.getReview(veeShirt)).moderation!.moderationStatus).toBe('APPROVED');
  });
});

describe('@wix/reviews reviewRequests against Vitrine', () => {
  /** An approved order (admin createOrder) holding the product, bought by `email`. */
  const orderOf = async (productId: string, email: string) => {
    const body = orderBody({ email, lines: [['Reviewed item', '10.00', 1]] });
    (body.order.lineItems[0]!.catalogReference as { catalogItemId: string }).catalogItemId = productId;
    expect(body.order.lineItems[0]!.catalogReference.appId).toBe(STORES_APP);
    return (await createOrder(s, body)).id;
  };

  it('creates, gets, counts, queries, bulk-creates, cancels by filter and deletes review requests', async () => {
    const orderA = await orderOf(product.shirt, 'rr-a@example.test');
    const orderB = await orderOf(product.mug, 'rr-b@example.test');
    // Sent in three days (without a sendDate a request goes out at once).
    const sendDate = new Date(s.clock.now().getTime() + 3 * 86_400_000);
    log.length = 0;
    const created = await admin.reviewRequests.createReviewRequest({
      namespace: 'stores',
      order: { _id: orderA },
      communicationChannel: 'EMAIL',
      sendDate,
    });
    expect(JSON.parse(log[0]!.body!)).toEqual({
      reviewRequest: {
        namespace: 'stores',
        order: { id: orderA },
        communicationChannel: 'EMAIL',
        sendDate: sendDate.toISOString(),
      },
    });
    expect(created).toMatchObject({
      _id: expect.any(String),
      namespace: 'stores',
      order: { _id: orderA },
      items: [{ catalogItemId: product.shirt }],
      communicationChannel: 'EMAIL',
      status: 'SCHEDULED',
      revision: '1',
      sendDate,
    });
    expect(created._createdDate).toBeInstanceOf(Date);
    expect(created.requestedBy?.identityType).toMatch(/^(WIX_USER|APP)$/);

    const got = await admin.reviewRequests.getReviewRequest(created._id!);
    expect(got).toMatchObject({ _id: created._id, status: 'SCHEDULED', order: { _id: orderA } });

    const bulk = await admin.reviewRequests.bulkCreateReviewRequests(
      [
        { namespace: 'stores', order: { _id: orderB }, communicationChannel: 'EMAIL', sendDate },
        {
          namespace: 'stores',
          items: [{ catalogItemId: product.cap }],
          recipient: { contactId: ids.ada },
          communicationChannel: 'EMAIL',
          sendDate,
        },
        { namespace: 'stores', order: { _id: randomUUID() }, communicationChannel: 'EMAIL', sendDate },
      ],
      { returnEntity: true },
    );
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    expect(bulk.results![0]!.item).toMatchObject({ order: { _id: orderB }, status: 'SCHEDULED' });
    expect(bulk.results![1]!.item).toMatchObject({
      items: [{ catalogItemId: product.cap }],
      recipient: { contactId: ids.ada },
      status: 'SCHEDULED',
    });
    expect(bulk.results![2]!.itemMetadata).toMatchObject({
      originalIndex: 2,
      success: false,
      error: { code: 'ORDER_NOT_FOUND' },
    });
    const [b1, b2] = [bulk.results![0]!.itemMetadata!._id!, bulk.results![1]!.itemMetadata!._id!];

    expect((await admin.reviewRequests.countReviewRequests({ filter: { status: 'SCHEDULED' } })).count).toBe(
      3,
    );
    expect((await admin.reviewRequests.countReviewRequests()).count).toBe(3);

    log.length = 0;
    const p1 = await admin.reviewRequests.queryReviewRequests().eq('status', 'SCHEDULED').limit(2).find();
    expect(new URL(log[0]!.url).pathname).toBe('/reviews/v2/review-requests/query');
    expect(p1.items).toHaveLength(2);
    expect(p1.hasNext()).toBe(true);
    const p2 = await p1.next();
    expect(p2.items).toHaveLength(1);
    expect(p2.hasNext()).toBe(false);
    expect([...p1.items, ...p2.items].map((r) => r._id).sort()).toEqual([created._id, b1, b2].sort());

    const cancel = await admin.reviewRequests.bulkCancelReviewRequestsByFilter({
      filter: { _id: { $in: [b1, b2] } },
    });
    expect(cancel.jobId).toEqual(expect.any(String));
    expect((await admin.reviewRequests.getReviewRequest(b1)).status).toBe('CANCELED');
    expect((await admin.reviewRequests.getReviewRequest(b2)).status).toBe('CANCELED');
    expect((await admin.reviewRequests.getReviewRequest(created._id!)).status).toBe('SCHEDULED');

    log.length = 0;
    expect(await admin.reviewRequests.deleteReviewRequest(created._id!)).toBeUndefined();
    expect(log[0]!.method).toBe('DELETE');
    const gone = await failure(admin.reviewRequests.getReviewRequest(created._id!));
    expect(gone.status).toBe(404);
    expect((await admin.reviewRequests.countReviewRequests()).count).toBe(2);

    // Without a sendDate the request goes out at once: SENT by the job runner.
    const now = await admin.reviewRequests.createReviewRequest({
      namespace: 'stores',
      items: [{ catalogItemId: product.hat }],
      recipient: { contactId: ids.bob },
      communicationChannel: 'EMAIL',
    });
    const sent = await s.until(async () => {
      const r = await admin.reviewRequests.getReviewRequest(now._id!);
      return r.status !== 'SCHEDULED' ? r : undefined;
    });
    expect(sent).toMatchObject({ status: 'SENT', sentOptions: { opened: false } });
  });

  it('answers the application errors the package declares, and refuses shoppers', async () => {
    const neither = await failure(
      admin.reviewRequests.createReviewRequest({ namespace: 'stores', communicationChannel: 'EMAIL' }),
    );
    expect([neither.status, neither.code]).toEqual([400, 'EITHER_ORDER_OR_ITEMS_REQUIRED']);
    const missing = await failure(
      admin.reviewRequests.createReviewRequest({
        namespace: 'stores',
        order: { _id: randomUUID() },
        communicationChannel: 'EMAIL',
      }),
    );
    expect([missing.status, missing.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    for (const c of [ada, vee]) {
      expect((await failure(c.reviewRequests.countReviewRequests())).status).toBe(403);
      expect((await failure(c.reviewRequests.queryReviewRequests().find())).status).toBe(403);
    }
  });
});
