/**
 * The orders list's filter form. It is a plain form over the URL: its controls start from the
 * URL's values, and applying it writes them back (first page again). Status groups are checkbox
 * lists in disclosures, so several statuses can be chosen (Home's links choose two). On a phone
 * the filters past the search fold behind "More filters" (the UI kit's `MoreFilters`).
 */
import { ADMIN_ORDER_SORTS, type AdminOrderSort } from '@vitrine/sdk';
import { Button, buttonClass, Choice, Field, MoreFilters, Select } from '@vitrine/ui';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { fulfilmentLabels, orderLabels, paymentLabels } from '../status.tsx';
import { FULFILMENT_STATUSES, ORDER_STATUSES, ordersUrls, PAYMENT_STATUSES } from '../urls.ts';
import { isFiltered, moreFilters, type OrdersListSearch } from './search.ts';

const sortLabels: Record<AdminOrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'number-desc': 'Order number, high to low',
  'number-asc': 'Order number, low to high',
  updated: 'Recently updated',
};

export function OrderFilters({
  search,
  onApply,
}: {
  search: OrdersListSearch;
  onApply: (s: Partial<OrdersListSearch>) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '').trim() || undefined;
    const all = <V extends string>(k: string) => f.getAll(k).map(String) as V[];
    onApply({
      q: text('q'),
      payment: all('payment'),
      fulfilment: all('fulfilment'),
      status: all('status'),
      from: text('from'),
      to: text('to'),
      tag: (text('tags') ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
      archived: (text('archived') as 'true' | 'false' | undefined) ?? undefined,
      authorization: f.get('authorization') === 'held' ? 'held' : undefined,
      // The default sort stays out of the URL.
      sort: text('sort') === 'newest' ? undefined : (text('sort') as AdminOrderSort | undefined),
      cursor: undefined,
    });
  };
  return (
    <form
      role="search"
      aria-label="Orders"
      onSubmit={submit}
      className="mb-4 rounded-2xl border border-line bg-surface p-4"
    >
      <div className="grid gap-x-4 md:grid-cols-[1fr_auto]">
        <Field
          label="Search"
          name="q"
          type="search"
          defaultValue={search.q ?? ''}
          hint="An order number, or part of the buyer's e-mail."
          action={<Button type="submit">Search</Button>}
        />
        <Select label="Sort" name="sort" defaultValue={search.sort ?? 'newest'}>
          {ADMIN_ORDER_SORTS.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </Select>
      </div>
      <MoreFilters set={moreFilters(search)}>
        <div className="mb-4 flex flex-wrap gap-2">
          <Checks
            legend="Payment"
            name="payment"
            values={PAYMENT_STATUSES}
            checked={search.payment}
            label={(v) => paymentLabels[v][0]}
          />
          <Checks
            legend="Fulfilment"
            name="fulfilment"
            values={FULFILMENT_STATUSES}
            checked={search.fulfilment}
            label={(v) => fulfilmentLabels[v][0]}
          />
          <Checks
            legend="Order status"
            name="status"
            values={ORDER_STATUSES}
            checked={search.status}
            label={(v) => orderLabels[v][0]}
          />
          <Choice
            type="checkbox"
            shape="chip"
            name="authorization"
            value="held"
            defaultChecked={search.authorization === 'held'}
          >
            Payment held, to capture or void
          </Choice>
        </div>
        <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Placed from" name="from" type="date" defaultValue={search.from ?? ''} />
          <Field label="Placed until" name="to" type="date" defaultValue={search.to ?? ''} />
          <Field
            label="Tags"
            name="tags"
            defaultValue={search.tag.join(', ')}
            hint="Comma-separated; orders with all of them."
          />
          <Select label="Archived" name="archived" defaultValue={search.archived ?? ''}>
            <option value="">Archived or not</option>
            <option value="false">Not archived</option>
            <option value="true">Archived only</option>
          </Select>
        </div>
      </MoreFilters>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Apply filters</Button>
        {isFiltered(search) && (
          <Link
            to={ordersUrls.list.href(search.sort ? { sort: search.sort } : {})}
            className={buttonClass('secondary')}
          >
            Clear filters
          </Link>
        )}
      </div>
    </form>
  );
}

function Checks<V extends string>({
  legend,
  name,
  values,
  checked,
  label,
}: {
  legend: string;
  name: string;
  values: readonly V[];
  checked: readonly V[];
  label: (v: V) => ReactNode;
}) {
  return (
    <details className="group open:w-full" open={checked.length > 0 || undefined}>
      <summary className={`${buttonClass('secondary', 'sm')} cursor-pointer list-none`}>
        {legend}
        {checked.length > 0 && <span className="text-muted">({checked.length})</span>}
        <span aria-hidden="true" className="group-open:rotate-180">
          ▾
        </span>
      </summary>
      <fieldset className="mt-2 flex flex-wrap gap-2">
        <legend className="sr-only">{legend}</legend>
        {values.map((v) => (
          <Choice
            key={v}
            type="checkbox"
            shape="chip"
            name={name}
            value={v}
            defaultChecked={checked.includes(v)}
          >
            {label(v)}
          </Choice>
        ))}
      </fieldset>
    </details>
  );
}
