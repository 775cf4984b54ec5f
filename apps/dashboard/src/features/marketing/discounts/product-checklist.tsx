/**
 * Products to tick, in a short scrolling list: the store's first 100 by name, and any chosen one
 * beyond them (named by id), so that saving never drops a product the list did not show. Used for
 * a discount's products and for the products a condition counts.
 */
import { useQuery } from '@tanstack/react-query';
import { productLookupQueries } from '@vitrine/sdk/react';
import { useHttp } from '../../../app/http.tsx';
import { Checklist, type ChecklistProps } from './checklist.tsx';

export function ProductChecklist(props: Omit<ChecklistProps, 'hint'>) {
  const http = useHttp();
  const products = useQuery(productLookupQueries.list(http));
  const listed = new Set(products.data?.map((p) => p.id));
  const others = products.data ? props.selected.filter((p) => !listed.has(p)) : [];
  const named = useQuery({ ...productLookupQueries.byIds(http, others), enabled: others.length > 0 });
  const rows = [
    ...(products.data ?? []),
    ...others.map((p) => ({
      id: p,
      name: named.data?.find((n) => n.id === p)?.name ?? 'A product not listed',
    })),
  ];
  return (
    <Checklist {...props} rows={rows}>
      {products.isPending && <p className="text-sm text-muted">Loading products…</p>}
      {products.isError && <p className="text-sm text-danger">The products could not be loaded.</p>}
      {products.data?.length === 0 && <p className="text-sm text-muted">The store has no products yet.</p>}
    </Checklist>
  );
}
