/** The merchant's catalog and media calls: the bodies they send, and the order of the bulk stock calls. */
import { describe, expect, it } from 'vitest';
import type { HttpClient, RequestOptions } from '../http.ts';
import { adminCatalogCalls, adminProductFilter, adminProductSearchBody } from './catalog.ts';
import { adminMediaCalls } from './media.ts';

/** An HttpClient that records the requests and answers `answer(o)`. */
function recorder(answer: (o: RequestOptions) => unknown = () => ({})) {
  const sent: RequestOptions[] = [];
  const http: HttpClient = {
    request: <T>(o: RequestOptions) => {
      sent.push(o);
      return Promise.resolve(answer(o) as T);
    },
  };
  return { http, sent };
}

describe('admin product search', () => {
  it('filters visibility, stock and category, searches words, and sends the cursor alone for another page', () => {
    expect(adminProductFilter({})).toEqual({});
    expect(adminProductFilter({ visible: false })).toEqual({ visible: { $eq: false } });
    expect(adminProductFilter({ visible: true, stock: ['OUT_OF_STOCK'], categoryId: 'c1' })).toEqual({
      $and: [
        { visible: { $eq: true } },
        { 'inventory.availabilityStatus': { $in: ['OUT_OF_STOCK'] } },
        { 'directCategoriesInfo.categories.id': { $hasSome: ['c1'] } },
      ],
    });
    expect(adminProductSearchBody({ text: ' sun ', sort: 'name' })).toEqual({
      search: {
        filter: {},
        sort: [{ fieldName: 'name', order: 'ASC' }],
        cursorPaging: { limit: 20 },
        search: { expression: 'sun' },
      },
      fields: ['CURRENCY', 'DIRECT_CATEGORIES_INFO'],
    });
    expect(adminProductSearchBody({ cursor: 'x', text: 'sun' }).search).toEqual({
      cursorPaging: { limit: 20, cursor: 'x' },
    });
  });
});

describe('bulk stock changes', () => {
  it('decrements first (restricted, so nothing goes below zero), then increments', async () => {
    const { http, sent } = recorder();
    await adminCatalogCalls.adjustStock(http, [
      { inventoryItemId: 'a', by: 10 },
      { inventoryItemId: 'b', by: -2 },
      { inventoryItemId: 'c', by: 3 },
    ]);
    expect(sent.map((o) => [o.path, o.body])).toEqual([
      [
        '/stores/v3/bulk/inventory-items/decrement',
        {
          decrementData: [{ inventoryItemId: 'b', decrementBy: 2 }],
          restrictInventory: true,
          reason: 'MANUAL',
        },
      ],
      [
        '/stores/v3/bulk/inventory-items/increment',
        {
          incrementData: [
            { inventoryItemId: 'a', incrementBy: 10 },
            { inventoryItemId: 'c', incrementBy: 3 },
          ],
          reason: 'MANUAL',
        },
      ],
    ]);
  });

  it('does not increment when the decrements are refused', async () => {
    const sent: string[] = [];
    const http: HttpClient = {
      request: (o) => {
        sent.push(o.path);
        return Promise.reject(new Error('INSUFFICIENT_INVENTORY'));
      },
    };
    await expect(
      adminCatalogCalls.adjustStock(http, [
        { inventoryItemId: 'a', by: -5 },
        { inventoryItemId: 'b', by: 5 },
      ]),
    ).rejects.toThrow('INSUFFICIENT_INVENTORY');
    expect(sent).toEqual(['/stores/v3/bulk/inventory-items/decrement']);
  });
});

describe('categories', () => {
  it('assigns a category by writing each product with its revision, skipping products already in it', async () => {
    const cats: Record<string, string[]> = { p1: ['c0'], p2: ['c9'] };
    const { http, sent } = recorder((o) => {
      const id = String(o.pathParams?.productId);
      if (o.method === 'GET')
        return {
          product: {
            id,
            revision: '4',
            directCategoriesInfo: { categories: cats[id]!.map((c) => ({ id: c })) },
          },
        };
      return { product: { id } };
    });
    const changed = await adminCatalogCalls.assignCategory(http, { categoryId: 'c9', add: ['p1', 'p2'] });
    expect(changed.map((p) => p.id)).toEqual(['p1']);
    const writes = sent.filter((o) => o.method === 'PATCH');
    expect(writes).toHaveLength(1);
    expect(writes[0]!.body).toMatchObject({
      product: { revision: '4', directCategoriesInfo: { categories: [{ id: 'c0' }, { id: 'c9' }] } },
    });
  });
});

describe('media library', () => {
  it('lists a folder, or searches every folder with words', async () => {
    const { http, sent } = recorder(() => ({ files: [], nextCursor: { cursors: {} } }));
    await adminMediaCalls.files(http, { folderId: 'f1', mediaTypes: ['IMAGE'], sort: 'name' });
    await adminMediaCalls.files(http, { folderId: 'f1', text: ' red ', cursor: 'n' });
    await adminMediaCalls.files(http, { allFolders: true, limit: 24 });
    expect(sent[0]).toMatchObject({
      method: 'GET',
      path: '/site-media/v1/files',
      query: {
        parentFolderId: 'f1',
        mediaTypes: ['IMAGE'],
        sort: { fieldName: 'displayName', order: 'ASC' },
        paging: { limit: 50 },
      },
    });
    expect(sent[1]).toMatchObject({
      method: 'POST',
      path: '/site-media/v1/files/search',
      body: { search: 'red', rootFolder: 'MEDIA_ROOT', paging: { limit: 50, cursor: 'n' } },
    });
    expect(sent[2]!.body).not.toHaveProperty('search');
  });

  it('changes only the fields given, with their field mask', async () => {
    const { http, sent } = recorder(() => ({ file: { id: 'x' } }));
    await adminMediaCalls.updateFile(http, { fileId: 'x', private: true });
    expect(sent[0]!.body).toEqual({ file: { id: 'x', private: true }, fieldMask: { paths: ['private'] } });
  });

  it('walks a folder up to the media root for its path', async () => {
    const parents: Record<string, string> = { c: 'b', b: 'a', a: 'media-root' };
    const { http } = recorder((o) => {
      const id = String(o.pathParams?.folderId);
      return { folder: { id, displayName: id.toUpperCase(), parentFolderId: parents[id] } };
    });
    expect((await adminMediaCalls.folderPath(http, 'c')).map((f) => f.displayName)).toEqual(['A', 'B', 'C']);
  });
});
