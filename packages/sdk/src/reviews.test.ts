import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { HttpClient, RequestOptions } from './http.ts';
import { reviewMutations, reviewQueries } from './react/reviews.ts';
import {
  createReview,
  deleteReview,
  myReview,
  ratingSummaries,
  reviewsQueryBody,
  submitReviewLink,
  updateReview,
  uploadReviewPhoto,
  type XhrLike,
} from './reviews.ts';

function recorder(reply: (o: RequestOptions) => unknown) {
  const calls: RequestOptions[] = [];
  const http: HttpClient = {
    request: async <T>(o: RequestOptions) => {
      calls.push(o);
      return reply(o) as T;
    },
  };
  return { http, calls };
}

/** A fake XMLHttpRequest: reports progress in two steps, then answers `status` with `body`. */
function fakeXhr(status: number, body: unknown, sent: { url?: string; type?: string; body?: unknown }) {
  return (): XhrLike => {
    const x: XhrLike = {
      open: (_m, url) => {
        sent.url = url;
      },
      setRequestHeader: (name, value) => {
        if (name === 'Content-Type') sent.type = value;
      },
      upload: { onprogress: null },
      onload: null,
      onerror: null,
      onabort: null,
      status,
      statusText: 'x',
      responseText: JSON.stringify(body),
      getResponseHeader: () => null,
      send: (b) => {
        sent.body = b;
        x.upload.onprogress?.({ loaded: 2, total: 4, lengthComputable: true });
        x.upload.onprogress?.({ loaded: 4, total: 4, lengthComputable: true });
        x.onload?.();
      },
      abort: () => x.onabort?.(),
    };
    return x;
  };
}

describe('reviews calls', () => {
  it('queries a product’s reviews by sort, then by cursor alone', () => {
    expect(reviewsQueryBody({ entityId: 'p1', sort: 'lowest', limit: 5 })).toEqual({
      query: {
        filter: { namespace: 'stores', entityId: 'p1' },
        sort: [
          { fieldName: 'content.rating', order: 'ASC' },
          { fieldName: 'createdDate', order: 'DESC' },
        ],
        cursorPaging: { limit: 5 },
      },
    });
    expect(reviewsQueryBody({ entityId: 'p1' })).toMatchObject({
      query: { sort: [{ fieldName: 'relevanceScore', order: 'DESC' }] },
    });
    expect(reviewsQueryBody({ entityId: 'p1', sort: 'newest', cursor: 'c2' })).toEqual({
      query: { cursorPaging: { limit: 5, cursor: 'c2' } },
    });
  });

  it('reads the summaries of a page of products in one GET (none asked: no request)', async () => {
    const { http, calls } = recorder(() => ({ summaries: [{ entityId: 'a', count: 1 }] }));
    expect(await ratingSummaries(http, ['b', 'a'])).toEqual([{ entityId: 'a', count: 1 }]);
    expect(calls).toEqual([
      {
        method: 'GET',
        path: '/reviews/v1/summaries',
        query: { namespace: 'stores', entityIds: ['b', 'a'] },
      },
    ]);
    expect(await ratingSummaries(http, [])).toEqual([]);
    expect(calls).toHaveLength(1);
    // One key for a page's products whatever their order.
    expect(reviewQueries.summaries(http, ['b', 'a', 'b']).queryKey).toEqual([
      'reviews',
      'summaries',
      'a',
      'b',
    ]);
  });

  it('creates a member’s review, and a visitor’s with name and e-mail (create with contact)', async () => {
    const review = { id: 'r1', moderation: { moderationStatus: 'IN_MODERATION' } };
    const { http, calls } = recorder(() => ({ review }));
    const content = { rating: 4, title: 'Good' };
    expect(await createReview(http, { entityId: 'p1', content })).toBe(review);
    await createReview(http, { entityId: 'p1', content, name: 'Ada', email: 'ada@example.test' });
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/reviews/v1/reviews',
        body: { review: { namespace: 'stores', entityId: 'p1', content } },
      },
      {
        method: 'POST',
        path: '/reviews/v1/reviews/contact',
        body: { namespace: 'stores', entityId: 'p1', content, name: 'Ada', email: 'ada@example.test' },
      },
    ]);
  });

  it('a published review refreshes the product’s reviews and the summaries; one in moderation only the list', async () => {
    for (const [status, summariesRefreshed] of [
      ['APPROVED', true],
      ['IN_MODERATION', false],
    ] as const) {
      const { http } = recorder(() => ({ review: { id: 'r', moderation: { moderationStatus: status } } }));
      const client = new QueryClient();
      client.setQueryData(reviewQueries.list(http, { entityId: 'p1' }).queryKey, {
        reviews: [],
        metadata: {},
      });
      client.setQueryData(reviewQueries.summaries(http, ['p1']).queryKey, []);
      const m = client.getMutationCache().build(client, reviewMutations.create(http));
      await m.execute({ entityId: 'p1', content: { rating: 5 } });
      expect(client.getQueryState(reviewQueries.list(http, { entityId: 'p1' }).queryKey)?.isInvalidated).toBe(
        true,
      );
      expect(client.getQueryState(reviewQueries.summaries(http, ['p1']).queryKey)?.isInvalidated).toBe(
        summariesRefreshed,
      );
    }
  });

  it('a review through the e-mailed link marks its item reviewed in the cached link', async () => {
    const { http, calls } = recorder(() => ({ review: { id: 'r9' } }));
    const client = new QueryClient();
    const key = reviewQueries.link(http, 'tok-0123456789').queryKey;
    client.setQueryData(key, {
      reviewRequestId: 'q',
      authorName: 'Ada',
      items: [
        { catalogItemId: 'p1', name: 'Mug' },
        { catalogItemId: 'p2', name: 'Towel' },
      ],
    });
    const m = client.getMutationCache().build(client, reviewMutations.submitLink(http));
    await m.execute({ token: 'tok-0123456789', catalogItemId: 'p2', content: { rating: 5 } });
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/reviews/v2/review-requests/link/submit',
      body: { token: 'tok-0123456789', catalogItemId: 'p2', content: { rating: 5 } },
    });
    expect(client.getQueryData<{ items: unknown[] }>(key)?.items).toEqual([
      { catalogItemId: 'p1', name: 'Mug' },
      { catalogItemId: 'p2', name: 'Towel', reviewId: 'r9' },
    ]);
    expect(await submitReviewLink(http, { token: 't', catalogItemId: 'p1', content: { rating: 1 } })).toEqual(
      {
        id: 'r9',
      },
    );
  });

  it('uploads a photo: a member upload URL, then a PUT of the bytes with progress; the answer is the file', async () => {
    const { http, calls } = recorder(() => ({
      uploadUrl: 'http://shop.test/site-media/v1/upload?token=abc',
    }));
    const sent: { url?: string; type?: string; body?: unknown } = {};
    const file = { size: 4, type: 'image/png', name: 'a b.png' };
    const progress: number[] = [];
    const answer = await uploadReviewPhoto(http, file, {
      xhr: fakeXhr(200, { file: { id: 'f1~mv2.png' } }, sent),
      onProgress: (p) => progress.push(p.loaded / p.total),
    });
    expect(answer).toEqual({ id: 'f1~mv2.png' });
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/site-media/v1/files/generate-upload-url',
      body: {
        mimeType: 'image/png',
        fileName: 'a b.png',
        sizeInBytes: '4',
        parentFolderId: 'visitor-uploads-root',
        private: false,
      },
    });
    expect(sent).toEqual({
      url: 'http://shop.test/site-media/v1/upload?token=abc&filename=a+b.png',
      type: 'image/png',
      body: file,
    });
    expect(progress).toEqual([0.5, 1, 1]);
  });

  it('a refused upload fails with the platform error', async () => {
    const { http } = recorder(() => ({ uploadUrl: 'http://shop.test/site-media/v1/upload?token=abc' }));
    const err = await uploadReviewPhoto(
      http,
      { size: 4, type: 'image/png' },
      {
        xhr: fakeXhr(
          415,
          {
            message: 'x',
            details: { applicationError: { code: 'CONTENT_TYPE_MISMATCH', description: 'x', data: {} } },
          },
          {},
        ),
      },
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 415,
      details: { applicationError: { code: 'CONTENT_TYPE_MISMATCH' } },
    });
  });
});

describe("an author's own review", () => {
  it('finds it by contact id, changes its words with the revision read, and deletes it', async () => {
    const review = { id: 'r1', entityId: 'p1', moderation: { moderationStatus: 'IN_MODERATION' } };
    const { http, calls } = recorder((o) =>
      o.path.endsWith('/query') ? { reviews: [review], metadata: {} } : { review },
    );
    expect(await myReview(http, { entityId: 'p1', contactId: 'c1' })).toEqual(review);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/reviews/v1/reviews/query',
      body: {
        query: {
          filter: { namespace: 'stores', entityId: 'p1', 'author.contactId': 'c1' },
          cursorPaging: { limit: 1 },
        },
      },
    });
    await updateReview(http, { id: 'r1', revision: '3', content: { rating: 4, title: '', body: 'Better' } });
    // An emptied title is removed (null), not left as it was.
    expect(calls[1]).toEqual({
      method: 'PATCH',
      path: '/reviews/v1/reviews/r1',
      body: { review: { id: 'r1', revision: '3', content: { rating: 4, title: null, body: 'Better' } } },
    });
    await deleteReview(http, 'r1');
    expect(calls[2]).toEqual({ method: 'DELETE', path: '/reviews/v1/reviews/r1' });
  });

  it('reads the product’s pages (own review included) and the summaries again after a change', async () => {
    const review = { id: 'r1', entityId: 'p1', moderation: { moderationStatus: 'APPROVED' } };
    const { http } = recorder(() => ({ review }));
    const client = new QueryClient();
    client.setQueryData(reviewQueries.mine(http, 'p1', 'c1').queryKey, review as never);
    client.setQueryData(reviewQueries.summaries(http, ['p1']).queryKey, []);
    const remove = reviewMutations.remove(http);
    await client.getMutationCache().build(client, remove).execute('r1');
    expect(client.getQueryState(reviewQueries.mine(http, 'p1', 'c1').queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(reviewQueries.summaries(http, ['p1']).queryKey)?.isInvalidated).toBe(true);
  });
});
