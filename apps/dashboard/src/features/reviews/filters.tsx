/**
 * The reviews list's filter form over the URL: star ratings, product, answered or not, sort. On a
 * phone the filters past the ratings fold behind "More filters" (the UI kit's `MoreFilters`).
 */
import { useQuery } from '@tanstack/react-query';
import { ADMIN_REVIEW_SORTS, type AdminReviewSort } from '@vitrine/sdk';
import { productLookupQueries } from '@vitrine/sdk/react';
import { Button, buttonClass, Choice, MoreFilters, Select } from '@vitrine/ui';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useHttp } from '../../app/http.tsx';
import { isFiltered, type ReviewsListSearch } from './search.ts';
import { RATINGS, reviewsUrls } from './urls.ts';

const sortLabels: Record<AdminReviewSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  lowest: 'Lowest rating first',
  highest: 'Highest rating first',
};

export function ReviewFilters({
  search,
  onApply,
}: {
  search: ReviewsListSearch;
  onApply: (s: Partial<ReviewsListSearch>) => void;
}) {
  const http = useHttp();
  const products = useQuery(productLookupQueries.list(http));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '') || undefined;
    onApply({
      rating: f.getAll('rating').map(String) as ReviewsListSearch['rating'],
      product: text('product'),
      replied: text('replied') as ReviewsListSearch['replied'],
      sort: text('sort') as AdminReviewSort | undefined,
      cursor: undefined,
    });
  };
  return (
    <form
      role="search"
      aria-label="Reviews"
      onSubmit={submit}
      className="mb-4 rounded-2xl border border-line bg-surface p-4"
    >
      <fieldset className="mb-4">
        <legend className="mb-2 text-sm font-medium">Rating</legend>
        <div className="flex flex-wrap gap-2">
          {RATINGS.map((r) => (
            <Choice
              key={r}
              type="checkbox"
              shape="chip"
              name="rating"
              value={r}
              defaultChecked={search.rating.includes(r)}
            >
              {r} star{r === '1' ? '' : 's'}
            </Choice>
          ))}
        </div>
      </fieldset>
      <MoreFilters
        set={(search.product ? 1 : 0) + (search.replied ? 1 : 0) + (search.sort ? 1 : 0)}
        className="grid gap-x-4 md:grid-cols-3"
      >
        {/* Remounted once the products are there, so that the URL's product is the one chosen. */}
        <Select
          key={products.data ? 'loaded' : 'loading'}
          label="Product"
          name="product"
          defaultValue={search.product ?? ''}
        >
          <option value="">Every product</option>
          {search.product && !products.data?.some((p) => p.id === search.product) && (
            <option value={search.product}>The chosen product</option>
          )}
          {products.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
        <Select label="Reply" name="replied" defaultValue={search.replied ?? ''}>
          <option value="">Answered or not</option>
          <option value="false">Not answered yet</option>
          <option value="true">Answered</option>
        </Select>
        <Select label="Sort" name="sort" defaultValue={search.sort ?? ''}>
          <option value="">Default order</option>
          {ADMIN_REVIEW_SORTS.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </Select>
      </MoreFilters>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Apply filters</Button>
        {isFiltered(search) && (
          <Link to={reviewsUrls.list.href({ status: search.status })} className={buttonClass('secondary')}>
            Clear filters
          </Link>
        )}
      </div>
    </form>
  );
}
