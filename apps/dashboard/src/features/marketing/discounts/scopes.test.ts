import { discountScope } from '@vitrine/contract';
import { STORES_APP_ID } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { chosenOf, chosenProblem, readScopes, scopeOfChosen, scopesOf } from './scopes.ts';

const products = (...ids: string[]) => ({
  type: 'CATALOG_ITEM' as const,
  catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: ids },
});
const collections = (...ids: string[]) => ({
  type: 'CUSTOM_FILTER' as const,
  customFilter: { appId: STORES_APP_ID, params: { collectionIds: ids } },
});

describe('the items a discount covers', () => {
  it('reads products, collections and both (as the server answers them, with ids)', () => {
    expect(readScopes([{ id: 's1', ...products('p1', 'p2') }])).toEqual({
      every: false,
      products: ['p1', 'p2'],
      collections: [],
    });
    expect(readScopes([{ id: 's2', ...collections('c1') }])).toEqual({
      every: false,
      products: [],
      collections: ['c1'],
    });
    expect(readScopes([products('p1'), collections('c1', 'c2'), collections('c2')])).toEqual({
      every: false,
      products: ['p1'],
      collections: ['c1', 'c2'],
    });
  });

  it('reads every item: no scopes, ALL_ITEMS, or the store named without products', () => {
    const every = { every: true, products: [], collections: [] };
    expect(readScopes(undefined)).toEqual(every);
    expect(readScopes([{ type: 'ALL_ITEMS' }])).toEqual(every);
    expect(
      readScopes([{ type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: STORES_APP_ID } }]),
    ).toEqual(every);
  });

  it("cannot hold another catalog's items or another app's filter", () => {
    expect(
      readScopes([{ catalogItemFilter: { catalogAppId: 'other', catalogItemIds: ['a'] } }]),
    ).toBeUndefined();
    expect(
      readScopes([
        { type: 'CUSTOM_FILTER', customFilter: { appId: 'other', params: { collectionIds: ['c'] } } },
      ]),
    ).toBeUndefined();
    expect(readScopes([{ type: 'CUSTOM_FILTER', customFilter: { params: { tag: 'x' } } }])).toBeUndefined();
  });

  it('writes one scope for the products and one for the collections, in the contract', () => {
    const both = scopesOf({ every: false, products: ['p1'], collections: ['c1'] });
    expect(both).toEqual([products('p1'), collections('c1')]);
    expect(scopesOf({ every: true, products: ['p1'], collections: [] })).toEqual([
      { type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: STORES_APP_ID } },
    ]);
    for (const s of both) expect(discountScope.safeParse(s).success).toBe(true);
    expect(readScopes(both)).toEqual({ every: false, products: ['p1'], collections: ['c1'] });
  });

  it('keeps both lists of scopes stored with both, and sends only the list chosen otherwise', () => {
    const mixed = chosenOf({ products: ['p1'], collections: ['c1'] });
    expect(mixed).toMatchObject({ both: true, by: 'products' });
    expect(scopeOfChosen({ ...mixed, by: 'collections' })).toEqual({
      every: false,
      products: ['p1'],
      collections: ['c1'],
    });
    const byCollection = chosenOf({ products: [], collections: ['c1'] });
    expect(byCollection).toMatchObject({ both: false, by: 'collections' });
    // Products ticked, then "Products in collections" chosen: only the collections go.
    expect(scopeOfChosen({ ...byCollection, products: ['p1'] })).toEqual({
      every: false,
      products: [],
      collections: ['c1'],
    });
  });

  it('asks for a product, a collection, or either when both are shown', () => {
    const none = chosenOf({ products: [], collections: [] });
    expect(chosenProblem(none)).toEqual({ list: 'products', message: 'Choose at least one product.' });
    expect(chosenProblem({ ...none, by: 'collections' })).toEqual({
      list: 'collections',
      message: 'Choose at least one collection.',
    });
    expect(chosenProblem({ ...none, both: true })?.message).toBe(
      'Choose at least one product or collection.',
    );
    expect(chosenProblem({ ...none, by: 'collections', collections: ['c1'] })).toBeUndefined();
  });
});
