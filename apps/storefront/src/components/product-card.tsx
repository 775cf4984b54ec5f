import { useQuery } from '@tanstack/react-query';
import type { Product, RatingSummary } from '@vitrine/sdk';
import { reviewQueries } from '@vitrine/sdk/react';
import { Link } from 'react-router';
import { Price } from '@vitrine/ui';
import { useEnv } from '../env.tsx';
import { averageText, reviewsText, Stars } from './stars.tsx';

export function productImage(p: Product): string | undefined {
  return p.media?.main?.image?.url ?? p.media?.main?.url;
}

/** Stars, average and count of a product's published reviews; an empty line of the same height without any. */
function Rating({ summary }: { summary: RatingSummary | undefined }) {
  const count = summary?.count ?? 0;
  return (
    <p className="flex min-h-5 items-center gap-1 text-sm">
      {count > 0 && (
        <>
          <Stars value={summary!.averageRating} />
          <span aria-hidden="true">
            {averageText(summary!.averageRating)} <span className="text-stone-600">({count})</span>
          </span>
          <span className="sr-only">
            Rated {averageText(summary!.averageRating)} out of 5, {reviewsText(count)}
          </span>
        </>
      )}
    </p>
  );
}

export function ProductCard({
  product: p,
  eager = false,
  summary,
}: {
  product: Product;
  eager?: boolean;
  summary?: RatingSummary;
}) {
  const soldOut = p.inventory?.availabilityStatus === 'OUT_OF_STOCK';
  const min = p.actualPriceRange?.minValue;
  const max = p.actualPriceRange?.maxValue;
  const image = productImage(p);
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white">
      <div className="relative aspect-square bg-stone-100">
        {image && (
          <img
            src={image}
            alt=""
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-cover"
          />
        )}
        {(soldOut || p.ribbon?.name) && (
          <span
            className={`absolute left-2 top-2 rounded-full px-2 py-0.5 text-xs font-semibold ${soldOut ? 'bg-stone-800 text-white' : 'bg-white text-stone-900'}`}
          >
            {soldOut ? 'Sold out' : p.ribbon?.name}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="font-medium">
          <Link
            to={`/product-page/${p.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none group-has-[a:focus-visible]:underline"
          >
            {p.name}
          </Link>
        </h3>
        <p className="text-sm">
          {min && max && min.amount !== max.amount ? (
            <span className="font-semibold">From {min.formattedAmount}</span>
          ) : (
            <Price price={min} compareAt={p.compareAtPriceRange?.minValue} />
          )}
        </p>
        <Rating summary={summary} />
      </div>
    </li>
  );
}

/** The products of a page, with their rating summaries read in one request for all of them. */
export function ProductGrid({
  products,
  eager = 0,
  className = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4',
}: {
  products: Product[];
  eager?: number;
  /** The grid's classes (a rail has one row of four). */
  className?: string;
}) {
  const { http } = useEnv();
  const { data: summaries } = useQuery(
    reviewQueries.summaries(
      http,
      products.map((p) => p.id),
    ),
  );
  return (
    <ul className={className}>
      {products.map((p, i) => (
        <ProductCard
          key={p.id}
          product={p}
          eager={i < eager}
          summary={summaries?.find((s) => s.entityId === p.id)}
        />
      ))}
    </ul>
  );
}
