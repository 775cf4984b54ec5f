/** Catalog-item scopes of discount values and triggers: validated into their stored form. */
import { APP_ID } from '@vitrine/contract';
import { newId } from '../../platform/ids.ts';
import { v, type Violations } from './admin-kit.ts';
import type { StoredScope } from './store.ts';

export interface ScopeInput {
  id?: string | undefined;
  type?: 'CATALOG_ITEM' | 'CUSTOM_FILTER' | 'ALL_ITEMS' | undefined;
  catalogItemFilter?: { catalogAppId: string; catalogItemIds?: string[] | undefined } | undefined;
  customFilter?: unknown;
}

/**
 * A `CATALOG_ITEM` scope lists products (`catalogItemIds`), or every item of the catalog when it
 * names only the catalog (`catalogAppId`), as the platform's "All products" scope; `ALL_ITEMS`
 * is every item too. Collections (`CUSTOM_FILTER`) are refused: the calculator knows items only.
 */
export function buildScopes(out: Violations, scopes: readonly ScopeInput[], at: string): StoredScope[] {
  return scopes.flatMap((s, i) => {
    const f = `${at}.${i}`;
    if (s.type === 'CUSTOM_FILTER' || s.customFilter) {
      out.push(
        v(
          `${f}.type`,
          'collection and custom-filter scopes are not supported; list catalogItemIds',
          'VALIDATION',
          {
            supported: ['CATALOG_ITEM', 'ALL_ITEMS'],
          },
        ),
      );
      return [];
    }
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

/** The items the scopes cover, or undefined for every item (a scope listing none covers all). */
export function scopedItems(scopes: readonly StoredScope[]): string[] | undefined {
  if (!scopes.length || scopes.some((s) => s.catalogItemFilter.catalogItemIds.length === 0)) return undefined;
  return [...new Set(scopes.flatMap((s) => s.catalogItemFilter.catalogItemIds))];
}

/** The wire form: a scope covering every item lists no ids. */
export const scopeToWire = (s: StoredScope) => ({
  id: s.id,
  type: s.type,
  catalogItemFilter: {
    catalogAppId: s.catalogItemFilter.catalogAppId,
    ...(s.catalogItemFilter.catalogItemIds.length
      ? { catalogItemIds: s.catalogItemFilter.catalogItemIds }
      : {}),
  },
});
