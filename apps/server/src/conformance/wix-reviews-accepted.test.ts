/**
 * Calls the platform accepts, made through the official `@wix/reviews` package against a Vitrine
 * test server, must not be refused (architecture: never stricter than the platform). Each follows
 * the package's own type declarations: a title up to 3,000 characters and a reply up to 10,000;
 * the bulk moderation enum's `UNKNOWN`; sorting by `verified` and `origin.type` (declared `BOTH`);
 * "with photos" / "without photos" (`$isEmpty` on `content.media`, and the builder's `null` /
 * `$ne null`); and a review read
 * with getReview written back whole with updateReview (its read-only fields ignored).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reviews } from '@wix/reviews';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, ready, upload } from '../test/media.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../test/server.ts';
import { shopProduct } from '../test/shop.ts';
import { adminAuth, redirectWixFetch, type Recorded } from '../test/wix.ts';

let s: TestServer;
let undo: () => void;
const log: Recorded[] = [];
const admin = createClient({ auth: adminAuth, modules: { reviews } });
let productId = '';
let withPhoto = '';
const plain: string[] = [];

beforeAll(async () => {
  s = await startTestServer({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-wix-reviews-ok-')) } });
  undo = redirectWixFetch(s.url, log);
  productId = (await shopProduct(s, { name: 'Accepted mug', price: '10' })).productId;
  const up = await upload(s, await png(40, 30), { auth: ADMIN_KEY, fileName: 'mug.png' });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const file = await ready(s, up.body.file.id);
  const photo = await admin.reviews.createReview({
    namespace: 'stores',
    entityId: productId,
    content: {
      rating: 5,
      title: 'With a photo',
      media: [{ image: `wix:image://v1/${file.id}/mug.png#originWidth=40&originHeight=30` }],
    },
    author: { authorName: 'Ann' },
  });
  withPhoto = photo._id!;
  for (const [i, verified] of [false, true, false].entries()) {
    const r = await s.admin<{ results: { review: { id: string } }[] }>(
      'POST',
      '/reviews/v1/bulk/reviews/create',
      {
        returnEntity: true,
        reviews: [{ namespace: 'stores', entityId: productId, content: { rating: 3 + i }, verified }],
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    plain.push(r.body.results[0]!.review.id);
  }
}, 120_000);
afterAll(async () => {
  undo?.();
  await s?.stop();
});

const ofProduct = () => admin.reviews.queryReviews({ returnPrivateReviews: true }).eq('entityId', productId);

describe('@wix/reviews calls the platform accepts', () => {
  it('takes a title up to 3,000 characters (create and update) and a reply up to 10,000', async () => {
    const title = 'Long title '.repeat(20).trim();
    const created = await admin.reviews.createReview({
      namespace: 'stores',
      entityId: productId,
      content: { rating: 4, title },
    });
    expect(created.content?.title).toBe(title);
    const longer = 't'.repeat(3000);
    const updated = await admin.reviews.updateReview(created._id!, {
      revision: created.revision!,
      content: { rating: 4, title: longer },
    });
    expect(updated.content?.title).toBe(longer);
    const message = 'Thank you. '.repeat(900).trim();
    const replied = await admin.reviews.setReply(created._id!, message);
    expect(replied.review?.reply?.message).toBe(message);
    await admin.reviews.deleteReview(created._id!);
  });

  it("takes the bulk moderation enum's UNKNOWN: back to the queue", async () => {
    await admin.reviews.bulkUpdateModerationStatus({ filter: { id: plain[0] }, status: 'UNKNOWN' });
    const back = await admin.reviews.getReview(plain[0]!, { returnPrivateReviews: true });
    expect(back.moderation?.moderationStatus).toBe('IN_MODERATION');
    await admin.reviews.updateModerationStatus(plain[0]!, { status: 'APPROVED' });
  });

  it('sorts by verified and by origin.type, page by page', async () => {
    const first = await ofProduct().descending('verified').limit(1).find();
    expect(first.items.map((r) => r._id)).toEqual([plain[1]]);
    const rest = await first.next();
    expect(rest.items).toHaveLength(1);
    expect(rest.items[0]!.verified).toBe(false);
    const sorted = log.filter((l) => l.url.endsWith('/reviews/query') && l.body?.includes('"sort"'));
    const sent = JSON.parse(sorted[sorted.length - 1]!.body!);
    expect(sent.query.sort).toEqual([{ fieldName: 'verified', order: 'DESC' }]);
    const byOrigin = await ofProduct().ascending('origin.type').limit(10).find();
    expect(byOrigin.items).toHaveLength(4);
  });

  it('finds the reviews with photos and without: $isEmpty (declared), and the builder forms', async () => {
    const typed = (isEmpty: boolean) =>
      admin.reviews.queryReviews(
        { filter: { entityId: productId, 'content.media': { $isEmpty: isEmpty } } },
        { returnPrivateReviews: true },
      );
    expect((await typed(false)).reviews?.map((r) => r._id)).toEqual([withPhoto]);
    expect((await typed(true)).reviews?.map((r) => r._id).sort()).toEqual([...plain].sort());
    // The runtime query builder's isEmpty / isNotEmpty send `null` / `{"$ne": null}`.
    const none = await admin.reviews.countReviews({
      filter: { entityId: productId, 'content.media': null },
      includePrivateReviews: true,
    });
    expect(none.count).toBe(plain.length);
    const { count } = await admin.reviews.countReviews({
      filter: { entityId: productId, 'content.media': { $ne: null } },
      includePrivateReviews: true,
    });
    expect(count).toBe(1);
  });

  it('writes back a review as read (read-only fields ignored), for updateReview and createReview', async () => {
    const read = await admin.reviews.getReview(withPhoto, { returnPrivateReviews: true });
    const updated = await admin.reviews.updateReview(withPhoto, {
      ...read,
      revision: read.revision!,
      content: { ...read.content, body: 'Edited after reading' },
      moderation: { moderationStatus: 'REJECTED', manuallyChanged: true },
      publishCount: 99,
    });
    expect(updated).toMatchObject({
      _id: withPhoto,
      content: { title: 'With a photo', body: 'Edited after reading', rating: 5 },
      moderation: { moderationStatus: 'APPROVED' },
      publishCount: read.publishCount,
      author: { authorName: 'Ann' },
    });
    expect(updated.content?.media).toHaveLength(1);

    const copy = await admin.reviews.createReview({
      ...read,
      _id: undefined,
      author: { authorName: 'Ben' },
      content: { rating: 2, body: 'A copy' },
    });
    expect(copy._id).not.toBe(withPhoto);
    expect(copy).toMatchObject({ content: { rating: 2, body: 'A copy' }, publishCount: 1, revision: '1' });
  });
});
