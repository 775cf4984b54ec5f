/**
 * The abandoned checkouts' search form, over the URL (`ordersUrls.abandoned`): words of the buyer's
 * e-mail or name, then the status and the sort (folded on a phone unless set: `MoreFilters`).
 */
import { ABANDONED_SORTS, ABANDONED_STATUSES, type AbandonedSort } from '@vitrine/sdk';
import { Button, buttonClass, Field, MoreFilters, Select } from '@vitrine/ui';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { SearchOf } from '../../../app/url.ts';
import { ordersUrls } from '../urls.ts';
import { abandonedLabels } from './describe.ts';

export type AbandonedListSearch = SearchOf<(typeof ordersUrls.abandoned)['search']>;

const sortLabels: Record<AbandonedSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total: 'Highest total first',
  updated: 'Recently updated',
};

/** Whether the words or the status narrow the list (the sort and the page aside). */
export const isFiltered = (s: AbandonedListSearch) => !!(s.q || s.status);

export function AbandonedFilters({
  search,
  onApply,
}: {
  search: AbandonedListSearch;
  onApply: (s: Partial<AbandonedListSearch>) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '').trim() || undefined;
    const sort = text('sort') as AbandonedSort | undefined;
    onApply({
      q: text('q'),
      status: text('status') as AbandonedListSearch['status'],
      // The default sort stays out of the URL.
      sort: sort === 'newest' ? undefined : sort,
      cursor: undefined,
    });
  };
  return (
    <form
      role="search"
      aria-label="Abandoned checkouts"
      onSubmit={submit}
      className="mb-4 rounded-2xl border border-line bg-surface p-4"
    >
      <Field
        label="Search"
        name="q"
        type="search"
        defaultValue={search.q ?? ''}
        hint="The start of the buyer's e-mail address, first or last name."
        action={<Button type="submit">Search</Button>}
      />
      <MoreFilters
        set={(search.status ? 1 : 0) + (search.sort ? 1 : 0)}
        className="grid gap-x-4 sm:grid-cols-2"
      >
        <Select label="Status" name="status" defaultValue={search.status ?? ''}>
          <option value="">All</option>
          {ABANDONED_STATUSES.map((s) => (
            <option key={s} value={s}>
              {abandonedLabels[s][0]}
            </option>
          ))}
        </Select>
        <Select label="Sort" name="sort" defaultValue={search.sort ?? 'newest'}>
          {ABANDONED_SORTS.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </Select>
      </MoreFilters>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary">
          Apply filters
        </Button>
        {(isFiltered(search) || search.sort) && (
          <Link to={ordersUrls.abandoned.href()} className={buttonClass('ghost')}>
            Clear filters
          </Link>
        )}
      </div>
    </form>
  );
}
