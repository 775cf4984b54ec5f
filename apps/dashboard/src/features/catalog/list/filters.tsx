/**
 * The products list's filter form: a plain form over the URL (its controls start from the URL's
 * values, applying writes them back, first page again). On a phone the filters past the search fold
 * behind "More filters" (the UI kit's `MoreFilters`).
 */
import { ADMIN_PRODUCT_SORTS, type AdminProductSort } from '@vitrine/sdk';
import { Button, buttonClass, Choice, ChoiceGroup, Field, MoreFilters, Select } from '@vitrine/ui';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { stockLabels } from '../format.tsx';
import { catalogUrls, STOCK_STATUSES } from '../urls.ts';
import { isFiltered, type ProductsListSearch } from './search.ts';

const sortLabels: Record<AdminProductSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name, A to Z',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
  updated: 'Recently updated',
};

export function ProductFilters({
  search,
  onApply,
}: {
  search: ProductsListSearch;
  onApply: (s: Partial<ProductsListSearch>) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '').trim() || undefined;
    const sort = text('sort') as AdminProductSort | undefined;
    onApply({
      q: text('q'),
      visible: text('visible') as 'true' | 'false' | undefined,
      stock: f.getAll('stock').map(String) as ProductsListSearch['stock'],
      sort: sort === 'newest' ? undefined : sort,
      cursor: undefined,
    });
  };
  return (
    <form
      role="search"
      aria-label="Products"
      onSubmit={submit}
      className="mb-4 rounded-2xl border border-line bg-surface p-4"
    >
      <div className="grid gap-x-4 md:grid-cols-[1fr_auto_auto]">
        <Field
          label="Search"
          name="q"
          type="search"
          defaultValue={search.q ?? ''}
          hint="Words the product name starts with."
          action={<Button type="submit">Search</Button>}
        />
        <MoreFilters
          set={(search.visible ? 1 : 0) + search.stock.length + (search.sort ? 1 : 0)}
          className="md:contents"
        >
          <Select label="Visibility" name="visible" defaultValue={search.visible ?? ''}>
            <option value="">Shown or hidden</option>
            <option value="true">Shown in the shop</option>
            <option value="false">Hidden</option>
          </Select>
          <Select label="Sort" name="sort" defaultValue={search.sort ?? 'newest'}>
            {ADMIN_PRODUCT_SORTS.map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </Select>
          <ChoiceGroup legend="Stock" className="mb-4 md:col-span-3">
            <div className="flex flex-wrap gap-2">
              {STOCK_STATUSES.map((v) => (
                <Choice
                  key={v}
                  type="checkbox"
                  shape="chip"
                  name="stock"
                  value={v}
                  defaultChecked={search.stock.includes(v)}
                >
                  {stockLabels[v][0]}
                </Choice>
              ))}
            </div>
          </ChoiceGroup>
        </MoreFilters>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Apply filters</Button>
        {isFiltered(search) && (
          <Link
            to={catalogUrls.products.href(search.sort ? { sort: search.sort } : {})}
            className={buttonClass('secondary')}
          >
            Clear filters
          </Link>
        )}
      </div>
    </form>
  );
}
