import { useSuspenseQuery } from '@tanstack/react-query';
import type { ProductSort } from '@vitrine/sdk';
import { catalogQueries } from '@vitrine/sdk/react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ProductGrid } from '../components/product-card.tsx';
import { Button, buttonClass, Field, linkClass, PageHeading, Select } from '@vitrine/ui';
import { useTitle } from '../use-title.ts';
import { useEnv } from '../env.tsx';
import { catalogParams, PAGE_SIZE } from '../catalog-params.ts';

const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name',
};

export function Catalog() {
  const { http } = useEnv();
  const location = useLocation();
  const navigate = useNavigate();
  const p = catalogParams(new URLSearchParams(location.search));
  const apply = (form: HTMLFormElement) => {
    const q = new URLSearchParams();
    for (const [k, v] of new FormData(form))
      if (typeof v === 'string' && v.trim() && !(k === 'sort' && v === 'newest')) q.set(k, v.trim());
    navigate(`/shop${q.size ? `?${q}` : ''}`);
  };
  const { data: categories } = useSuspenseQuery(catalogQueries.categories(http));
  const category = p.category ? categories.find((c) => c.slug === p.category) : undefined;
  const title = p.text ? `Results for “${p.text}”` : (category?.name ?? 'All products');
  useTitle(title);
  if (p.category && !category) {
    return (
      <>
        <PageHeading>Category not found</PageHeading>
        <Link to="/shop" className={linkClass}>
          See all products
        </Link>
      </>
    );
  }
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {category?.description && <p className="-mt-4 mb-6 text-stone-700">{category.description}</p>}
      <form
        method="get"
        action="/shop"
        className="mb-6 grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          apply(e.currentTarget);
        }}
        onChange={(e) => {
          if (e.target instanceof HTMLSelectElement) apply(e.currentTarget);
        }}
      >
        <Select
          label="Category"
          className="min-w-0"
          name="category"
          defaultValue={category?.slug ?? ''}
          key={`c-${category?.slug}`}
        >
          <option value="">All categories</option>
          {categories.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.name}
            </option>
          ))}
        </Select>
        <Select label="Sort by" className="min-w-0" name="sort" defaultValue={p.sort} key={`s-${p.sort}`}>
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Field
          label="Search"
          className="min-w-0"
          name="q"
          type="search"
          defaultValue={p.text ?? ''}
          key={`q-${p.text}`}
        />
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </form>
      <Results categoryId={category?.id} />
    </>
  );
}

function Results({ categoryId }: { categoryId: string | undefined }) {
  const { http } = useEnv();
  const location = useLocation();
  const p = catalogParams(new URLSearchParams(location.search));
  const { data } = useSuspenseQuery(
    catalogQueries.search(http, {
      categoryId,
      text: p.text,
      sort: p.sort,
      cursor: p.cursor,
      limit: PAGE_SIZE,
    }),
  );
  const next = data.pagingMetadata?.hasNext ? data.pagingMetadata.cursors?.next : undefined;
  const prev = data.pagingMetadata?.cursors?.prev;
  const pageUrl = (cursor: string | null | undefined) => {
    const q = new URLSearchParams(location.search);
    if (cursor) q.set('cursor', cursor);
    else q.delete('cursor');
    return `/shop?${q}`;
  };
  if (data.products.length === 0)
    return (
      <p role="status" className="py-8">
        No products match. Try another category or search.
      </p>
    );
  return (
    <>
      <p className="sr-only" role="status">
        {data.products.length === 1 ? '1 product shown' : `${data.products.length} products shown`}
      </p>
      {/* The cards' names are h3: the list has its own heading under the page's h1. */}
      <h2 className="sr-only">Products</h2>
      <ProductGrid products={data.products} eager={4} />
      {(next || prev || p.cursor) && (
        <nav aria-label="Pages" className="mt-8 flex justify-between gap-4">
          {prev || p.cursor ? (
            <Link to={pageUrl(prev)} className={buttonClass('secondary')}>
              ← Previous page
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link to={pageUrl(next)} className={buttonClass('secondary')}>
              Next page →
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
