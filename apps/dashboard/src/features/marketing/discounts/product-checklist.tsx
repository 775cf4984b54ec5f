/**
 * Products to tick, in a short scrolling list: the store's first 100 by name, and any chosen one
 * beyond them (named by id), so that saving never drops a product the list did not show. Used for
 * a discount's products and for the products a condition counts.
 */
import { useQuery } from '@tanstack/react-query';
import { productLookupQueries } from '@vitrine/sdk/react';
import { Choice } from '@vitrine/ui';
import { useHttp } from '../../../app/http.tsx';

export function ProductChecklist({
  id,
  legend,
  selected,
  onChange,
  error,
}: {
  /** The fieldset's id (server errors and focus find it); its error is `${id}-error`. */
  id: string;
  legend: string;
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const http = useHttp();
  const products = useQuery(productLookupQueries.list(http));
  const listed = new Set(products.data?.map((p) => p.id));
  const others = products.data ? selected.filter((p) => !listed.has(p)) : [];
  const named = useQuery({ ...productLookupQueries.byIds(http, others), enabled: others.length > 0 });
  const rows = [
    ...(products.data ?? []),
    ...others.map((p) => ({
      id: p,
      name: named.data?.find((n) => n.id === p)?.name ?? 'A product not listed',
    })),
  ];
  const toggle = (product: string, on: boolean) =>
    onChange(on ? [...selected, product] : selected.filter((p) => p !== product));
  return (
    <fieldset id={id} className="mb-4" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-line p-2">
        {rows.map((p) => (
          <Choice
            key={p.id}
            type="checkbox"
            value={p.id}
            checked={selected.includes(p.id)}
            onChange={(e) => toggle(p.id, e.currentTarget.checked)}
          >
            {p.name}
          </Choice>
        ))}
        {products.isPending && <p className="text-sm text-muted">Loading products…</p>}
        {products.isError && <p className="text-sm text-danger">The products could not be loaded.</p>}
        {products.data?.length === 0 && <p className="text-sm text-muted">The store has no products yet.</p>}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
