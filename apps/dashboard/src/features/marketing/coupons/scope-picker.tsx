/**
 * What a coupon applies to: the whole order, one product, or the products in a collection (the
 * stores scope's `product` or `collection` group). A product or collection beyond the lists (or
 * since deleted) stays chosen, by its name or as such, so that saving keeps it.
 */
import { useQuery } from '@tanstack/react-query';
import type { CouponSpecification } from '@vitrine/contract';
import { productLookupQueries } from '@vitrine/sdk/react';
import { Select } from '@vitrine/ui';
import { useState } from 'react';
import { useHttp } from '../../../app/http.tsx';
import { useCollectionList, useCollectionNames } from '../collections.ts';
import type { CouponScope } from './describe.ts';

export type ScopeKind = 'order' | 'product' | 'collection';
const kinds: [ScopeKind, string][] = [
  ['order', 'The whole order'],
  ['product', 'One product'],
  ['collection', 'Products in a collection'],
];

const kindOfScope = (scope: CouponScope): ScopeKind =>
  scope?.group?.entityId ? (scope.group.name === 'collection' ? 'collection' : 'product') : 'order';

/**
 * The scope the form's fields say (`appliesTo`, then `product` or `collection`), or the field to
 * fix and why.
 */
export function couponScopeOf(
  f: FormData,
): { scope: CouponSpecification['scope'] } | { field: 'product' | 'collection'; problem: string } {
  const kind = String(f.get('appliesTo') ?? 'order') as ScopeKind;
  if (kind === 'order') return { scope: null };
  const entityId = String(f.get(kind) ?? '');
  if (!entityId)
    return { field: kind, problem: kind === 'product' ? 'Choose a product.' : 'Choose a collection.' };
  return { scope: { namespace: 'stores', group: { name: kind, entityId } } };
}

export function ScopePicker({
  scope,
  errors,
}: {
  /** The coupon's scope as stored. */
  scope: CouponScope;
  errors: { product?: string | undefined; collection?: string | undefined };
}) {
  const [kind, setKind] = useState<ScopeKind>(kindOfScope(scope));
  const stored = kindOfScope(scope) === kind ? scope?.group?.entityId : undefined;
  return (
    <>
      <Select
        label="Applies to"
        name="appliesTo"
        value={kind}
        onChange={(e) => setKind(e.currentTarget.value as ScopeKind)}
      >
        {kinds.map(([k, label]) => (
          <option key={k} value={k}>
            {label}
          </option>
        ))}
      </Select>
      {kind === 'product' && <ProductSelect chosen={stored} error={errors.product} />}
      {kind === 'collection' && <CollectionSelect chosen={stored} error={errors.collection} />}
    </>
  );
}

function ProductSelect({ chosen, error }: { chosen: string | undefined; error: string | undefined }) {
  const http = useHttp();
  const products = useQuery(productLookupQueries.list(http));
  const other = products.data && chosen && !products.data.some((p) => p.id === chosen) ? chosen : undefined;
  const named = useQuery({ ...productLookupQueries.byIds(http, other ? [other] : []), enabled: !!other });
  const rows = [
    ...(products.data ?? []),
    ...(other ? [{ id: other, name: named.data?.[0]?.name ?? 'A product not listed' }] : []),
  ];
  return (
    <Select
      key={products.data ? 'loaded' : 'loading'}
      label="Product"
      name="product"
      className="mb-4 sm:col-span-2"
      defaultValue={chosen ?? ''}
      hint={products.isError ? 'The products could not be loaded.' : undefined}
      error={error}
    >
      <option value="">{products.isPending ? 'Loading products…' : 'Choose a product'}</option>
      {rows.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </Select>
  );
}

function CollectionSelect({ chosen, error }: { chosen: string | undefined; error: string | undefined }) {
  const list = useCollectionList();
  const name = useCollectionNames(chosen ? [chosen] : []);
  const listed = list.data?.categories;
  const other = listed && chosen && !listed.some((c) => c.id === chosen) ? chosen : undefined;
  const otherName = other ? name(other) : undefined;
  const rows = [
    ...(listed ?? []).map((c) => ({ id: c.id, name: c.visible ? c.name : `${c.name} (hidden)` })),
    ...(other
      ? [
          {
            id: other,
            name: otherName ?? (otherName === null ? 'A deleted collection' : 'A collection not listed'),
          },
        ]
      : []),
  ];
  return (
    <Select
      key={listed ? 'loaded' : 'loading'}
      label="Collection"
      name="collection"
      className="mb-4 sm:col-span-2"
      defaultValue={chosen ?? ''}
      hint={
        list.isError
          ? 'The collections could not be loaded.'
          : listed?.length === 0 && !other
            ? 'The store has no collections yet: make them under Catalog → Categories.'
            : 'The coupon takes its discount off the products in this collection.'
      }
      error={error}
    >
      <option value="">{list.isPending ? 'Loading collections…' : 'Choose a collection'}</option>
      {rows.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </Select>
  );
}
