import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { backInStockRequestBody, requestBackInStockNotification } from './back-in-stock.ts';
import type { HttpClient, RequestOptions } from './http.ts';
import { backInStockMutations, backInStockQueries } from './react/back-in-stock.ts';
import { recommendationQueries } from './react/recommendations.ts';
import { getRecommendation, productsByIds, recommendationBody } from './recommendations.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

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

describe('back-in-stock calls', () => {
  it('asks for a variant with the item details the e-mail shows', async () => {
    const request = { id: 'r1', email: 'ada@example.test', status: 'RECEIVED' };
    const { http, calls } = recorder(() => ({ request }));
    const v = {
      productId: 'p1',
      variantId: 'v1',
      email: 'ada@example.test',
      itemUrl: 'https://shop.test/product-page/mug',
      itemDetails: { name: 'Mug (Blue)', price: '14.00', imageUrl: 'https://shop.test/media/m.png' },
    };
    expect(await requestBackInStockNotification(http, v)).toEqual(request);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/back-in-stock-service/v1/back-in-stock-notification-requests',
        body: {
          request: {
            catalogReference: { catalogItemId: 'p1', appId: APP, options: { variantId: 'v1' } },
            email: 'ada@example.test',
            itemUrl: 'https://shop.test/product-page/mug',
          },
          itemDetails: {
            name: 'Mug (Blue)',
            price: '14.00',
            image: { url: 'https://shop.test/media/m.png' },
          },
        },
      },
    ]);
    // The product as a whole, without details: neither options nor itemDetails.
    expect(backInStockRequestBody({ productId: 'p1', email: 'a@b.test', itemDetails: {} })).toEqual({
      request: { catalogReference: { catalogItemId: 'p1', appId: APP }, email: 'a@b.test' },
    });
  });

  it('the mutation keeps the answer under the request’s key', async () => {
    const request = { id: 'r9', email: 'a@b.test', status: 'RECEIVED' };
    const { http } = recorder(() => ({ request }));
    const client = new QueryClient();
    const m = backInStockMutations.request(http);
    const answer = await m.mutationFn!({ productId: 'p1', email: 'a@b.test' }, {} as never);
    await m.onSuccess!(answer, { productId: 'p1', email: 'a@b.test' }, undefined, { client } as never);
    expect(client.getQueryData(backInStockQueries.byId(http, 'r9').queryKey)).toEqual(request);
  });
});

describe('recommendation calls', () => {
  it('asks one algorithm for the given products, with a minimum', async () => {
    const recommendation = { items: [{ catalogItemId: 'b', appId: APP, options: null }], algorithm: {} };
    const { http, calls } = recorder(() => ({ recommendation }));
    expect(
      await getRecommendation(http, {
        algorithm: 'RELATED_ITEMS',
        productIds: ['a'],
        minimumRecommendedItems: 4,
      }),
    ).toEqual(recommendation);
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/v1/recommendations/get',
      body: {
        algorithms: [{ id: '68ebce04-b96a-4c52-9329-08fc9d8c1253', appId: APP }],
        items: [{ catalogItemId: 'a', appId: APP }],
        minimumRecommendedItems: 4,
      },
    });
    expect(recommendationBody({ algorithm: 'GLOBAL' })).toEqual({
      algorithms: [{ id: '1b7e5a4c-2f3d-4e6a-9c8b-5d4f3e2a1b0c', appId: APP }],
    });
  });

  it('reads products by ids in one search and answers them in the order asked', async () => {
    const { http, calls } = recorder(() => ({ products: [{ id: 'c' }, { id: 'a' }] }));
    expect(await productsByIds(http, ['a', 'b', 'c', 'a'])).toEqual([{ id: 'a' }, { id: 'c' }]);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/stores/v3/products/search',
        body: {
          search: { filter: { id: { $in: ['a', 'b', 'c'] } }, cursorPaging: { limit: 3 } },
          fields: ['CURRENCY', 'URL'],
        },
      },
    ]);
    expect(await productsByIds(http, [])).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('keys a recommendation by its algorithm and the asked products, in any order', () => {
    const { http } = recorder(() => ({}));
    const a = recommendationQueries.get(http, { algorithm: 'RELATED_ITEMS', productIds: ['y', 'x', 'y'] });
    const b = recommendationQueries.get(http, { algorithm: 'RELATED_ITEMS', productIds: ['x', 'y'] });
    expect(a.queryKey).toEqual(b.queryKey);
    expect(a.queryKey).toEqual([
      'recommendations',
      'RELATED_ITEMS',
      { productIds: ['x', 'y'], minimum: null },
    ]);
    expect(recommendationQueries.products(http, ['b', 'a']).queryKey).toEqual([
      'catalog',
      'by-ids',
      'b',
      'a',
    ]);
  });
});
