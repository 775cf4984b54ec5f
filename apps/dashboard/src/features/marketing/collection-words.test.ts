import { ALL_PRODUCTS_COLLECTION_ID as CONTRACT_ALL_PRODUCTS, APP_ID } from '@vitrine/contract';
import { STORES_APP_ID } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { ALL_PRODUCTS_COLLECTION_ID, collectionList, type CollectionName } from './collection-words.ts';

const name: CollectionName = (id) => ({ summer: 'Summer', sale: 'Sale', linen: 'Linen', gone: null })[id];

describe('collections in words', () => {
  it("keeps the contract's ids", () => {
    expect(ALL_PRODUCTS_COLLECTION_ID).toBe(CONTRACT_ALL_PRODUCTS);
    expect(STORES_APP_ID).toBe(APP_ID.stores);
  });

  it('names one, two, or the first of more', () => {
    expect(collectionList(['summer'], name)).toBe('Summer collection');
    expect(collectionList(['summer', 'sale'], name)).toBe('Summer and Sale collections');
    expect(collectionList(['summer', 'sale', 'linen'], name)).toBe('Summer and 2 more collections');
  });

  it('tells a deleted collection as such', () => {
    expect(collectionList(['gone'], name)).toBe('a deleted collection');
    expect(collectionList(['summer', 'gone'], name)).toBe('Summer collection and a deleted collection');
  });

  it('counts while a name is not known yet', () => {
    expect(collectionList(['summer', 'unknown'], name)).toBe('2 collections');
    expect(collectionList(['unknown'], name)).toBe('1 collection');
  });
});
