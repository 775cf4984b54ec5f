import { describe, expect, it } from 'vitest';
import { errorFromAnswer } from '../errors.ts';
import type { HttpClient, RequestOptions } from '../http.ts';
import { cartCalls, searchBody } from '../index.ts';
import {
  cartQueries,
  catalogQueries,
  createQueryClient,
  GC_TIME_MS,
  orderQueries,
  retryDelay,
  shouldRetry,
} from './index.ts';

/** An HttpClient that records each request and answers from `reply`. */
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
const notFound = (code: string) =>
  errorFromAnswer({
    status: 404,
    statusText: 'Not Found',
    requestId: 'r',
    body: { message: code, details: { applicationError: { code, description: code, data: {} } } },
  });

describe('createQueryClient (spec §9)', () => {
  it('retries 3 times in the browser with backoff min(1000·2ⁿ, 30000) ms, keeps data 5 minutes, stale time at least 1000 ms', () => {
    const q = createQueryClient({ staleTime: 0 }).getDefaultOptions().queries!;
    expect(q.gcTime).toBe(GC_TIME_MS);
    expect(GC_TIME_MS).toBe(300_000);
    expect(q.staleTime).toBe(1000);
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const retry = q.retry as (n: number, e: unknown) => boolean;
    const network = new Error('offline');
    expect([0, 1, 2, 3].map((n) => retry(n, network))).toEqual([true, true, true, false]);
  });

  it('does not retry an answer that would fail again (4xx), nor anything on the server', () => {
    const retry = createQueryClient().getDefaultOptions().queries!.retry as (
      n: number,
      e: unknown,
    ) => boolean;
    expect(retry(0, notFound('PRODUCT_NOT_FOUND'))).toBe(false);
    expect(
      shouldRetry(
        0,
        errorFromAnswer({ status: 503, statusText: 'Unavailable', requestId: undefined, body: null }),
      ),
    ).toBe(true);
    expect(
      shouldRetry(
        0,
        errorFromAnswer({ status: 429, statusText: 'Too Many', requestId: undefined, body: null }),
      ),
    ).toBe(true);
    expect(createQueryClient({ server: true }).getDefaultOptions().queries!.retry).toBe(false);
  });
});

describe('catalog queries', () => {
  it('search: category filter, price sort, text search and paging; a next page sends only its cursor', () => {
    expect(searchBody({ categoryId: 'c1', sort: 'price-asc', text: ' mug ', limit: 12 })).toEqual({
      search: {
        filter: { 'allCategoriesInfo.categories.id': { $hasSome: ['c1'] } },
        sort: [{ fieldName: 'actualPriceRange.minValue.amount', order: 'ASC' }],
        cursorPaging: { limit: 12 },
        search: { expression: 'mug' },
      },
      fields: ['CURRENCY', 'URL'],
    });
    expect(searchBody({ cursor: 'abc', sort: 'price-desc' })).toEqual({
      search: { cursorPaging: { limit: 12, cursor: 'abc' } },
      fields: ['CURRENCY', 'URL'],
    });
  });

  it('keys are stable per input, and a missing product is null (not an error)', async () => {
    const { http, calls } = recorder((o) => {
      if (o.pathParams?.slug === 'gone') throw notFound('PRODUCT_NOT_FOUND');
      return { product: { id: 'p', slug: 'shirt' } };
    });
    expect(catalogQueries.search(http, { text: 'x' }).queryKey).toEqual(
      catalogQueries.search(http, { text: 'x', sort: 'newest', limit: 12 }).queryKey,
    );
    const qc = createQueryClient();
    expect(await qc.fetchQuery(catalogQueries.bySlug(http, 'shirt'))).toEqual({ id: 'p', slug: 'shirt' });
    expect(await qc.fetchQuery(catalogQueries.bySlug(http, 'gone'))).toBeNull();
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: '/stores/v3/products/slug/{slug}',
      pathParams: { slug: 'shirt' },
    });
  });
});

describe('cart and orders', () => {
  it('the current cart is null before the first item; add-to-cart sends the stores catalog reference', async () => {
    const { http, calls } = recorder((o) => {
      if (o.method === 'GET') throw notFound('OWNED_CART_NOT_FOUND');
      return { cart: { id: 'c', lineItems: [] } };
    });
    expect(await createQueryClient().fetchQuery(cartQueries.current(http))).toBeNull();
    await cartCalls.add(http, [{ productId: 'p1', variantId: 'v1', quantity: 2 }]);
    expect(calls[1]).toEqual({
      method: 'POST',
      path: '/ecom/v1/carts/current/add-to-cart',
      body: {
        lineItems: [
          {
            catalogReference: {
              catalogItemId: 'p1',
              appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
              options: { variantId: 'v1' },
            },
            quantity: 2,
          },
        ],
      },
    });
  });

  it('other failures of the cart read are errors', async () => {
    const { http } = recorder(() => {
      throw errorFromAnswer({ status: 500, statusText: 'x', requestId: undefined, body: null });
    });
    await expect(
      createQueryClient({ server: true }).fetchQuery(cartQueries.current(http)),
    ).rejects.toMatchObject({ status: 500 });
  });

  it("the shopper's orders: newest first, then by cursor", async () => {
    const { http, calls } = recorder(() => ({ orders: [] }));
    const qc = createQueryClient();
    await qc.fetchQuery(orderQueries.mine(http));
    await qc.fetchQuery(orderQueries.mine(http, { cursor: 'next' }));
    expect(calls.map((c) => c.body)).toEqual([
      { search: { sort: [{ fieldName: 'createdDate', order: 'DESC' }], cursorPaging: { limit: 20 } } },
      { search: { cursorPaging: { limit: 20, cursor: 'next' } } },
    ]);
  });
});
