/**
 * Collections in words, for discounts and coupons: "Summer collection", "Summer and Sale
 * collections", "a deleted collection".
 */

/**
 * The hosted platform's fixed id of the collection of every visible product (v1), written out:
 * importing a value from `@vitrine/contract` would bring zod into the page (collection-words.test.ts checks it).
 */
export const ALL_PRODUCTS_COLLECTION_ID = '00000000-000000-000000-000000000001';
export const ALL_PRODUCTS_NAME = 'All Products';

/** A collection's name; `null` for one deleted (or never made), undefined while not known yet. */
export type CollectionName = (id: string) => string | null | undefined;

/**
 * "Summer collection", "Summer and Sale collections", "Summer and 2 more collections", "a deleted
 * collection", "Summer collection and a deleted collection"; "2 collections" while unnamed.
 */
export function collectionList(ids: readonly string[], name: CollectionName): string {
  const names = ids.map(name);
  if (names.some((n) => n === undefined)) return `${ids.length} collection${ids.length === 1 ? '' : 's'}`;
  const known = names.filter((n): n is string => !!n);
  const deleted = names.length - known.length;
  const some =
    known.length === 0
      ? ''
      : known.length === 1
        ? `${known[0]} collection`
        : known.length === 2
          ? `${known[0]} and ${known[1]} collections`
          : `${known[0]} and ${known.length - 1} more collections`;
  const gone = deleted === 0 ? '' : deleted === 1 ? 'a deleted collection' : `${deleted} deleted collections`;
  return some && gone ? `${some} and ${gone}` : some || gone;
}
