/**
 * Scopes of discount values and triggers (the items they cover): validated into their stored form,
 * answered in the wire form, and turned into the calculator's selection.
 */
import { ALL_PRODUCTS_COLLECTION_ID, APP_ID } from '@vitrine/contract';
import { newId } from '../../platform/ids.ts';
import type { ItemSelection } from '../pricing/index.ts';
import { v, type Violations } from './admin-kit.ts';
import type { StoredScope } from './store.ts';

export interface ScopeInput {
  id?: string | undefined;
  type?: 'CATALOG_ITEM' | 'CUSTOM_FILTER' | 'ALL_ITEMS' | undefined;
  catalogItemFilter?: { catalogAppId: string; catalogItemIds?: string[] | undefined } | undefined;
  customFilter?:
    { appId?: string | undefined; params?: Record<string, unknown> | null | undefined } | undefined;
}

/** At most this many collections in one custom filter (as many as a scope's catalog items). */
export const MAX_SCOPE_COLLECTIONS = 50;

/**
 * The collection ids of a custom filter's `params`: `collectionIds` (a list), or `collectionId`
 * (one, or a list). Anything else is a violation: Vitrine evaluates collection filters only.
 */
function collectionIdsOf(out: Violations, f: string, params: Record<string, unknown> | null | undefined) {
  const given = params?.collectionIds ?? params?.collectionId;
  const ids = typeof given === 'string' ? [given] : given;
  const others = Object.keys(params ?? {}).filter((k) => k !== 'collectionIds' && k !== 'collectionId');
  const valid =
    Array.isArray(ids) &&
    ids.length > 0 &&
    ids.length <= MAX_SCOPE_COLLECTIONS &&
    ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 100 && !id.includes('\0'));
  if (!valid || others.length) {
    out.push(
      v(
        `${f}.customFilter.params`,
        `must be {"collectionIds": [...]}: 1–${MAX_SCOPE_COLLECTIONS} collection ids, and nothing else`,
        'VALIDATION',
        { supported: ['collectionIds'], ...(others.length ? { unsupported: others } : {}) },
      ),
    );
    return undefined;
  }
  return [...new Set(ids as string[])];
}

/**
 * A `CATALOG_ITEM` scope lists products (`catalogItemIds`), or every item of the catalog when it
 * names only the catalog (`catalogAppId`), as the platform's "All products" scope; `ALL_ITEMS`
 * is every item too. A `CUSTOM_FILTER` scope of the stores catalog covers the products of the
 * collections in `params.collectionIds` (an id of no collection covers nothing).
 */
export function buildScopes(out: Violations, scopes: readonly ScopeInput[], at: string): StoredScope[] {
  return scopes.flatMap((s, i): StoredScope[] => {
    const f = `${at}.${i}`;
    if (s.type === 'CUSTOM_FILTER' || (s.customFilter && !s.catalogItemFilter)) {
      if (s.catalogItemFilter)
        out.push(v(`${f}.catalogItemFilter`, 'is not allowed on a CUSTOM_FILTER scope', 'FIELD_NOT_ALLOWED'));
      if (!s.customFilter) {
        out.push(v(`${f}.customFilter`, 'is required for a CUSTOM_FILTER scope', 'REQUIRED_FIELD'));
        return [];
      }
      const appId = s.customFilter.appId ?? APP_ID.stores;
      if (appId !== APP_ID.stores)
        out.push(
          v(
            `${f}.customFilter.appId`,
            "only the stores catalog's collections can be filtered",
            'VALIDATION',
            {
              supported: [APP_ID.stores],
            },
          ),
        );
      const collectionIds = collectionIdsOf(out, f, s.customFilter.params);
      if (!collectionIds) return [];
      return [
        { id: s.id ?? newId(), type: 'CUSTOM_FILTER', customFilter: { appId, params: { collectionIds } } },
      ];
    }
    if (s.customFilter)
      out.push(
        v(`${f}.customFilter`, `is not allowed on a ${s.type ?? 'CATALOG_ITEM'} scope`, 'FIELD_NOT_ALLOWED'),
      );
    if (s.type !== 'ALL_ITEMS' && !s.catalogItemFilter) {
      out.push(v(`${f}.catalogItemFilter`, 'is required for a CATALOG_ITEM scope', 'REQUIRED_FIELD'));
      return [];
    }
    return [
      {
        id: s.id ?? newId(),
        type: s.type === 'ALL_ITEMS' ? 'ALL_ITEMS' : 'CATALOG_ITEM',
        catalogItemFilter: {
          catalogAppId: s.catalogItemFilter?.catalogAppId ?? APP_ID.stores,
          catalogItemIds: [...new Set(s.catalogItemFilter?.catalogItemIds ?? [])],
        },
      },
    ];
  });
}

/**
 * What the scopes cover, for the calculator: undefined for every item (no scopes, a scope listing
 * no items, or the "All Products" collection), else the products and collections they list.
 */
export function scopedItems(scopes: readonly StoredScope[]): ItemSelection | undefined {
  if (!scopes.length) return undefined;
  const items = new Set<string>();
  const collections = new Set<string>();
  for (const s of scopes) {
    if (s.type === 'CUSTOM_FILTER') {
      const ids = s.customFilter.params.collectionIds;
      if (ids.includes(ALL_PRODUCTS_COLLECTION_ID)) return undefined;
      for (const id of ids) collections.add(id);
    } else {
      if (s.catalogItemFilter.catalogItemIds.length === 0) return undefined;
      for (const id of s.catalogItemFilter.catalogItemIds) items.add(id);
    }
  }
  return {
    ...(items.size ? { catalogItemIds: [...items] } : {}),
    ...(collections.size ? { collectionIds: [...collections] } : {}),
  };
}

/** The wire form: a scope covering every item lists no ids. */
export const scopeToWire = (s: StoredScope) =>
  s.type === 'CUSTOM_FILTER'
    ? {
        id: s.id,
        type: s.type,
        customFilter: {
          appId: s.customFilter.appId,
          params: { collectionIds: s.customFilter.params.collectionIds },
        },
      }
    : {
        id: s.id,
        type: s.type,
        catalogItemFilter: {
          catalogAppId: s.catalogItemFilter.catalogAppId,
          ...(s.catalogItemFilter.catalogItemIds.length
            ? { catalogItemIds: s.catalogItemFilter.catalogItemIds }
            : {}),
        },
      };
