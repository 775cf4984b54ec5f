import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { fakeTokens } from '../../test/media.ts';
import { member } from '../../test/oauth.ts';
import { ADMIN_KEY, appError, startTestServer, type Answer, type TestServer } from '../../test/server.ts';
import { shopProduct } from '../../test/shop.ts';

/**
 * Reviews under concurrent writers, over two server processes on one PostgreSQL (real parallel
 * connections only exist there; PGlite is one session and serialises everything): one review per
 * author however many arrive at once, and rating summaries (kept by increments) that always equal
 * a recount of the published rows.
 */
const onPostgres = testEngine() === 'postgres';

let s: TestServer;
let other: TestServer;
beforeAll(async () => {
  if (!onPostgres) return;
  // TRUST_PROXY: each simulated shopper comes from its own address (X-Forwarded-For), so the
  // per-address hourly limit does not stand in for what is measured here.
  s = await startTestServer({ verifyToken: fakeTokens, env: { TRUST_PROXY: 'true' } });
  // A second server process on the same database (its own pool), as behind a load balancer.
  other = await startTestServer({
    database: s.db.another(),
    clock: s.clock,
    env: { JOBS: 'false', TRUST_PROXY: 'true' },
    verifyToken: fakeTokens,
  });
});
afterAll(async () => {
  await other?.stop();
  await s?.stop();
});

/** Alternates the two processes. */
const via = (i: number) => (i % 2 ? other : s);
let addr = 0;
const from = () => ({ 'x-forwarded-for': `10.${Math.floor(++addr / 250) % 250}.${addr % 250}.1` });

const post = (i: number, path: string, auth: string, body: unknown) =>
  via(i).request(path.startsWith('PATCH ') ? 'PATCH' : 'POST', path.replace(/^PATCH /, ''), {
    auth,
    body,
    headers: from(),
  });
const moderate = (i: number, id: string, status: string) =>
  via(i).request('PATCH', `/reviews/v1/reviews/${id}/moderate`, { auth: ADMIN_KEY, body: { status } });
const remove = (i: number, id: string) =>
  via(i).request('DELETE', `/reviews/v1/reviews/${id}`, { auth: ADMIN_KEY });

/** The stored summary row and a recount of the published reviews of one product. */
async function summaryAndRecount(entityId: string) {
  const db = s.db.handle.db;
  const stored = await sql<{ n: number; sum: number; stars: number[] }>`
    select review_count as n, rating_sum as sum, array[star1, star2, star3, star4, star5] as stars
    from review_summary where namespace = 'stores' and entity_id = ${entityId}`.execute(db);
  const recount = await sql<{ n: number; sum: number; stars: number[] }>`
    select count(*)::int as n, coalesce(sum(rating), 0)::int as sum,
      array[count(*) filter (where rating = 1), count(*) filter (where rating = 2), count(*) filter (where rating = 3),
            count(*) filter (where rating = 4), count(*) filter (where rating = 5)]::int[] as stars
    from review where namespace = 'stores' and entity_id = ${entityId} and moderation_status = 'APPROVED'`.execute(
    db,
  );
  const zero = { n: 0, sum: 0, stars: [0, 0, 0, 0, 0] };
  const row = stored.rows[0];
  return {
    stored: row ? { n: Number(row.n), sum: Number(row.sum), stars: row.stars.map(Number) } : zero,
    recount: { ...recount.rows[0]!, stars: recount.rows[0]!.stars.map(Number) },
  };
}
async function expectSummaryMatchesRows(entityId: string, count: number) {
  const { stored, recount } = await summaryAndRecount(entityId);
  expect(stored).toEqual(recount);
  expect(recount.n).toBe(count);
  // And the HTTP answer agrees with both.
  const r = await s.request<{ summaries: { entityId: string; count: number; averageRating: number }[] }>(
    'GET',
    `/reviews/v1/summaries?namespace=stores&entityIds=${entityId}`,
  );
  const found = r.body.summaries.find((x) => x.entityId === entityId);
  expect(found?.count ?? 0).toBe(count);
  if (count) expect(found!.averageRating).toBeCloseTo(recount.sum / count, 2);
}

/** `n` reviews of `entityId` in moderation, each by its own visitor; their ids and ratings. */
async function pendingReviews(entityId: string, n: number, tag: string) {
  const made = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      post(i, '/reviews/v1/reviews', `visitor:${tag}-${i}`, {
        review: { namespace: 'stores', entityId, content: { title: `R${i}`, rating: (i % 5) + 1 } },
      }),
    ),
  );
  for (const m of made) expect(m.status, JSON.stringify(m.body)).toBe(200);
  return made.map((m, i) => ({
    id: (m as Answer<{ review: { id: string } }>).body.review.id,
    rating: (i % 5) + 1,
    visitor: `visitor:${tag}-${i}`,
  }));
}

describe.skipIf(!onPostgres)('concurrent review writers (PostgreSQL, two processes)', () => {
  it('twenty parallel creates by one member on one product make one review; nineteen answer 409', async () => {
    const { productId } = await shopProduct(s, { price: '10' });
    const m = await member(s);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(i, '/reviews/v1/reviews', `member:${m.memberId}`, {
          review: { namespace: 'stores', entityId: productId, content: { title: `Try ${i}`, rating: 5 } },
        }),
      ),
    );
    const created = answers.filter((a) => a.status === 200);
    expect(created, JSON.stringify(answers.map((a) => [a.status, a.body]))).toHaveLength(1);
    const id = (created[0] as Answer<{ review: { id: string } }>).body.review.id;
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect([a.status, appError(a.body).code]).toEqual([409, 'REVIEW_ALREADY_EXISTS']);
      expect(JSON.stringify(appError(a.body).data)).toContain(id);
    }
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from review where entity_id = ${productId}`.execute(s.db.handle.db);
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('twenty parallel creates with one e-mail from twenty visitors make one review', async () => {
    const { productId } = await shopProduct(s, { price: '10' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(i, '/reviews/v1/reviews/contact', `visitor:same-mail-${i}`, {
          namespace: 'stores',
          entityId: productId,
          content: { rating: 4 },
          name: 'Eve',
          email: i % 2 ? 'eve@example.test' : 'EVE@example.test',
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect([a.status, appError(a.body).code]).toEqual([409, 'REVIEW_ALREADY_EXISTS']);
  });

  it('fifty parallel approvals, then fifty mixed changes, of different reviews keep the summary equal to a recount', async () => {
    const { productId } = await shopProduct(s, { price: '10' });
    const reviews = await pendingReviews(productId, 50, 'fifty');
    await expectSummaryMatchesRows(productId, 0);

    const approved = await Promise.all(reviews.map((r, i) => moderate(i, r.id, 'APPROVED')));
    for (const a of approved) expect(a.status, JSON.stringify(a.body)).toBe(200);
    await expectSummaryMatchesRows(productId, 50);

    // Deletes, rejections, no-op approvals and the authors' own edits (back to moderation), all at once.
    const mixed = await Promise.all(
      reviews.map((r, i) => {
        switch (i % 4) {
          case 0:
            return remove(i, r.id);
          case 1:
            return moderate(i, r.id, 'REJECTED');
          case 2:
            return moderate(i, r.id, 'APPROVED');
          default:
            return post(i, `PATCH /reviews/v1/reviews/${r.id}`, r.visitor, {
              review: { content: { rating: 6 - r.rating } },
            });
        }
      }),
    );
    for (const a of mixed) expect(a.status, JSON.stringify(a.body)).toBe(200);
    // Only the no-op approvals (i % 4 == 2) are still published.
    await expectSummaryMatchesRows(productId, reviews.filter((_, i) => i % 4 === 2).length);
  });

  it('an approval racing a deletion or a rejection of the same review never leaves a phantom count', async () => {
    const { productId } = await shopProduct(s, { price: '10' });
    const reviews = await pendingReviews(productId, 24, 'race');
    const answers = await Promise.all(
      reviews.flatMap((r, i) =>
        i % 2
          ? [moderate(i, r.id, 'APPROVED'), remove(i + 1, r.id)]
          : [moderate(i, r.id, 'APPROVED'), moderate(i + 1, r.id, 'REJECTED'), moderate(i, r.id, 'APPROVED')],
      ),
    );
    // Each call succeeds or finds the review gone; none fails (a deadlock would be a 500).
    for (const a of answers) expect([200, 404], JSON.stringify(a.body)).toContain(a.status);
    const { stored, recount } = await summaryAndRecount(productId);
    expect(stored).toEqual(recount);
    // Every odd review is gone whatever the order; the even ones ended APPROVED or REJECTED.
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from review where entity_id = ${productId}`.execute(s.db.handle.db);
    expect(left.rows[0]!.n).toBe(12);
    await expectSummaryMatchesRows(productId, recount.n);
  });

  it('bulk moderation and bulk deletion racing single changes keep the summary right', async () => {
    const { productId } = await shopProduct(s, { price: '10' });
    const reviews = await pendingReviews(productId, 30, 'bulk');
    const filter = { entityId: productId };
    const first = await Promise.all([
      s.request('POST', '/reviews/v1/bulk/reviews/moderate', {
        auth: ADMIN_KEY,
        body: { filter, status: 'APPROVED' },
      }),
      ...reviews.slice(0, 10).map((r, i) => moderate(i, r.id, 'REJECTED')),
      ...reviews.slice(10, 20).map((r, i) => remove(i, r.id)),
      other.request('POST', '/reviews/v1/bulk/reviews/moderate', {
        auth: ADMIN_KEY,
        body: { filter, status: 'APPROVED' },
      }),
    ]);
    for (const a of first) expect([200, 404], JSON.stringify(a.body)).toContain(a.status);
    const { stored, recount } = await summaryAndRecount(productId);
    expect(stored).toEqual(recount);
    const second = await Promise.all([
      s.request('POST', '/reviews/v1/bulk/reviews/delete', { auth: ADMIN_KEY, body: { filter } }),
      other.request('POST', '/reviews/v1/bulk/reviews/moderate', {
        auth: ADMIN_KEY,
        body: { filter, status: 'APPROVED' },
      }),
      ...reviews.slice(20).map((r, i) => moderate(i, r.id, 'REJECTED')),
    ]);
    for (const a of second) expect([200, 404], JSON.stringify(a.body)).toContain(a.status);
    await s.request('POST', '/reviews/v1/bulk/reviews/delete', { auth: ADMIN_KEY, body: { filter } });
    await expectSummaryMatchesRows(productId, 0);
  });
});
