/**
 * `/dashboard/catalog/low-stock`: tracked items with at most 5 units (`?max=0|5|10|25`), fewest
 * first, 50 a page (`?cursor=`), with a "change by" amount per row (restocking +12, a count
 * correction −2) applied together: decrements first, all or nothing, then increments.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { StockChange } from '@vitrine/sdk';
import { adminCatalogMutations, adminCatalogQueries } from '@vitrine/sdk/react';
import {
  Alert,
  Badge,
  Button,
  buttonClass,
  Field,
  linkClass,
  LoadingSkeleton,
  PageHeading,
  Select,
  Skeleton,
  Table,
} from '@vitrine/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { CellInput } from '../editor/section.tsx';
import { CatalogTabs } from '../format.tsx';
import { catalogUrls, LOW_STOCK_LIMITS } from '../urls.ts';

const PAGE = 50;
const MAX_STEP = 99_999;

export function LowStockPage() {
  useTitle('Low stock');
  const http = useHttp();
  const [search, setSearch] = useRouteSearch(catalogUrls.lowStock);
  const threshold = Number(search.max ?? '5');
  const items = useQuery({
    ...adminCatalogQueries.lowStock(http, {
      threshold,
      limit: PAGE,
      ...(search.cursor ? { cursor: search.cursor } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const rows = items.data?.inventoryItems ?? [];
  const variants = useQuery({
    ...adminCatalogQueries.variants(
      http,
      rows.map((r) => r.variantId),
    ),
    enabled: rows.length > 0,
  });
  const adjust = useMutation(adminCatalogMutations.adjustStock(http));
  const [changes, setChanges] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [fill, setFill] = useState('');
  const [notice, setNotice] = useState<string>();

  const variantOf = (id: string) => variants.data?.find((v) => v.id === id);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setNotice(undefined);
    const p: Record<string, string> = {};
    const list: StockChange[] = [];
    for (const r of rows) {
      const raw = (changes[r.id] ?? '').trim().replace(/^\+/, '');
      if (!raw) continue;
      const by = Number(raw);
      if (!/^-?\d+$/.test(raw) || Math.abs(by) > MAX_STEP)
        p[r.id] = `A whole number from −${MAX_STEP} to ${MAX_STEP}.`;
      else if ((r.quantity ?? 0) + by < 0) p[r.id] = `Only ${r.quantity ?? 0} in stock.`;
      else if (by !== 0) list.push({ inventoryItemId: r.id, by });
    }
    setProblems(p);
    if (Object.keys(p).length || !list.length) return;
    adjust.mutate(list, {
      onSuccess: () => {
        setChanges({});
        setNotice(
          `Stock changed for ${list.length} item${list.length === 1 ? '' : 's'}. Items now above ${threshold} unit${threshold === 1 ? '' : 's'} leave this list.`,
        );
      },
    });
  };

  return (
    <>
      <PageHeading className="mb-4">Low stock</PageHeading>
      <CatalogTabs />
      <p className="mb-4 text-sm text-muted">
        Variants whose stock is tracked and down to {threshold} unit{threshold === 1 ? '' : 's'} or fewer,
        fewest first (hidden products too). Enter how many units to add (or, with a minus, take away) and
        apply them together.
      </p>
      <div className="mb-2 max-w-xs">
        <Select
          label="Show items with at most"
          value={String(threshold)}
          onChange={(e) =>
            setSearch({
              max: e.target.value === '5' ? undefined : (e.target.value as (typeof LOW_STOCK_LIMITS)[number]),
              cursor: undefined,
            })
          }
        >
          {LOW_STOCK_LIMITS.map((l) => (
            <option key={l} value={l}>
              {l === '0' ? 'No units (sold out)' : `${l} units`}
            </option>
          ))}
        </Select>
      </div>
      <Alert variant="success">{notice}</Alert>
      <Alert>{adjust.error ? `No stock was changed: ${errorMessage(adjust.error)}` : undefined}</Alert>
      {items.isError ? (
        <>
          <Alert>{errorMessage(items.error)}</Alert>
          <Button variant="secondary" onClick={() => void items.refetch()}>
            Try again
          </Button>
        </>
      ) : !items.data ? (
        <LoadingSkeleton label="Loading low stock…">
          <Skeleton className="h-64 rounded-2xl" />
        </LoadingSkeleton>
      ) : rows.length === 0 ? (
        <p role="status" className="text-sm text-muted">
          Nothing is this low. Well stocked!
        </p>
      ) : (
        <form onSubmit={submit} aria-label="Stock changes" noValidate>
          <p role="status" className="mb-2 text-sm text-muted">
            {`${rows.length} item${rows.length === 1 ? '' : 's'}${items.isFetching ? ' (updating…)' : ''}.`}
          </p>
          <div className="mb-4 flex flex-wrap items-end gap-2">
            <Field
              label="Units to add to every item"
              inputMode="numeric"
              value={fill}
              className="mb-0 max-w-xs"
              onChange={(e) => setFill(e.target.value)}
              action={
                <Button
                  variant="secondary"
                  className="shrink-0 whitespace-nowrap"
                  disabled={!fill.trim()}
                  onClick={() => setChanges(Object.fromEntries(rows.map((r) => [r.id, fill.trim()])))}
                >
                  Fill in
                </Button>
              }
            />
          </div>
          <Table caption="Items low in stock" hideCaption aria-busy={items.isFetching || undefined}>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Variant</th>
                <th scope="col" className="hidden sm:table-cell">
                  SKU
                </th>
                <th scope="col" className="text-right">
                  In stock
                </th>
                <th scope="col">Change by</th>
                <th scope="col" className="text-right">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const v = variantOf(r.variantId);
                const variant = v?.choices.length
                  ? v.choices.map((c) => c.optionChoiceNames?.choiceName ?? '?').join(' / ')
                  : v
                    ? 'Default'
                    : '…';
                const name = `${r.product?.name ?? 'Product'}${v?.choices.length ? `, ${variant}` : ''}`;
                const by = Number((changes[r.id] ?? '').trim().replace(/^\+/, ''));
                const after = Number.isInteger(by) ? (r.quantity ?? 0) + by : undefined;
                return (
                  <tr key={r.id}>
                    <th scope="row" className="font-medium">
                      <Link to={catalogUrls.product.href({ id: r.productId })} className={linkClass}>
                        {r.product?.name ?? r.productId}
                      </Link>
                      {r.product && !r.product.productVisible && (
                        <span className="ml-2">
                          <Badge>Hidden</Badge>
                        </span>
                      )}
                    </th>
                    <td>{variant}</td>
                    <td className="hidden text-muted sm:table-cell">{v?.sku ?? ''}</td>
                    <td className="text-right tabular-nums">
                      {(r.quantity ?? 0) === 0 ? <Badge tone="danger">0</Badge> : r.quantity}
                    </td>
                    <td>
                      <CellInput
                        id={`change-${r.id}`}
                        label={`Change stock of ${name} by`}
                        inputMode="numeric"
                        className="w-24"
                        value={changes[r.id] ?? ''}
                        error={problems[r.id]}
                        onChange={(value) => setChanges((c) => ({ ...c, [r.id]: value }))}
                      />
                    </td>
                    <td className="text-right tabular-nums">
                      {changes[r.id]?.trim() && after !== undefined ? after : ''}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <div className="mb-4 flex flex-wrap gap-2">
            <Button type="submit" busy={adjust.isPending}>
              Apply stock changes
            </Button>
            {Object.values(changes).some((x) => x.trim()) && (
              <Button variant="secondary" onClick={() => setChanges({})}>
                Clear
              </Button>
            )}
          </div>
        </form>
      )}
      {items.data && (
        <nav aria-label="Pages of low stock" className="flex flex-wrap gap-2">
          {items.data.pagingMetadata.cursors.prev && (
            <Link
              to={catalogUrls.lowStock.href({ ...search, cursor: items.data.pagingMetadata.cursors.prev })}
              className={buttonClass('secondary')}
            >
              Previous page
            </Link>
          )}
          {items.data.pagingMetadata.hasNext && items.data.pagingMetadata.cursors.next && (
            <Link
              to={catalogUrls.lowStock.href({ ...search, cursor: items.data.pagingMetadata.cursors.next })}
              className={buttonClass('secondary')}
            >
              Next page
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
