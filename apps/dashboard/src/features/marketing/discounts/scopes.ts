/**
 * The items a discount or a condition covers, as the dialog edits them: every item, or the chosen
 * store products and the products of the chosen collections (an item is covered when it is one of
 * the products OR in one of the collections). On the wire, products are a `CATALOG_ITEM` scope and
 * collections a `CUSTOM_FILTER` scope of the stores catalog (`params.collectionIds`).
 */
import type { DiscountValue } from '@vitrine/contract';
import { STORES_APP_ID } from '@vitrine/sdk';

export type Scopes = NonNullable<DiscountValue['specificItemsInfo']>['scopes'];
type Scope = Scopes[number];

export interface ItemScope {
  /** Every item (no scopes, `ALL_ITEMS`, or a stores scope naming no products). */
  every: boolean;
  products: string[];
  collections: string[];
}

/** The collection ids of a custom filter's params: `collectionIds`, or `collectionId` (one or a list). */
function collectionIdsOf(params: Record<string, unknown> | null | undefined): string[] | undefined {
  const given = params?.collectionIds ?? params?.collectionId;
  const ids = typeof given === 'string' ? [given] : given;
  if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string')) return undefined;
  return ids as string[];
}

/**
 * What the scopes cover; undefined when one is not a store products or collections scope (another
 * catalog's items, another app's filter): the dialog cannot hold it.
 */
export function readScopes(scopes: readonly Scope[] | undefined): ItemScope | undefined {
  const products: string[] = [];
  const collections: string[] = [];
  let every = !scopes?.length;
  for (const s of scopes ?? []) {
    const f = s.catalogItemFilter;
    if (s.type === 'CUSTOM_FILTER' || (s.customFilter && !f)) {
      const ids = collectionIdsOf(s.customFilter?.params);
      if (!ids || (s.customFilter?.appId ?? STORES_APP_ID) !== STORES_APP_ID) return undefined;
      collections.push(...ids);
    } else if (s.type === 'ALL_ITEMS' || (f && !f.catalogItemIds?.length)) every = true;
    else if (f?.catalogAppId === STORES_APP_ID) products.push(...f.catalogItemIds!);
    else return undefined;
  }
  return every
    ? { every, products: [], collections: [] }
    : { every, products: [...new Set(products)], collections: [...new Set(collections)] };
}

/** The scopes to send: every item of the store, or one scope for the products and one for the collections. */
export function scopesOf(s: ItemScope): Scopes {
  if (s.every) return [{ type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: STORES_APP_ID } }];
  return [
    ...(s.products.length
      ? [
          {
            type: 'CATALOG_ITEM' as const,
            catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: s.products },
          },
        ]
      : []),
    ...(s.collections.length
      ? [
          {
            type: 'CUSTOM_FILTER' as const,
            customFilter: { appId: STORES_APP_ID, params: { collectionIds: s.collections } },
          },
        ]
      : []),
  ];
}

export type ItemsBy = 'products' | 'collections';

/**
 * Chosen items as a form holds them: ticked by product or by collection (`by`), or, for scopes
 * stored with both, both lists at once (`both`, whichever `by`), so that none is dropped unseen.
 */
export interface ChosenItems {
  by: ItemsBy;
  products: string[];
  collections: string[];
  both: boolean;
}

/** The form's start from what the scopes cover (chosen by collection when they list only collections). */
export const chosenOf = (s: Pick<ItemScope, 'products' | 'collections'>): ChosenItems => ({
  by: s.collections.length && !s.products.length ? 'collections' : 'products',
  products: s.products,
  collections: s.collections,
  both: s.products.length > 0 && s.collections.length > 0,
});

/** Which lists the form shows (and sends). */
export const shownLists = (c: ChosenItems) => ({
  products: c.both || c.by === 'products',
  collections: c.both || c.by === 'collections',
});

/** The items the form's shown lists cover. */
export function scopeOfChosen(c: ChosenItems): ItemScope {
  const shown = shownLists(c);
  return {
    every: false,
    products: shown.products ? c.products : [],
    collections: shown.collections ? c.collections : [],
  };
}

/** Nothing ticked: what to say, and on which list (the products' when both are shown). */
export function chosenProblem(c: ChosenItems): { list: ItemsBy; message: string } | undefined {
  const s = scopeOfChosen(c);
  if (s.products.length || s.collections.length) return undefined;
  if (c.both) return { list: 'products', message: 'Choose at least one product or collection.' };
  return c.by === 'products'
    ? { list: 'products', message: 'Choose at least one product.' }
    : { list: 'collections', message: 'Choose at least one collection.' };
}
