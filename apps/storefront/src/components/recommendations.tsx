/**
 * Recommendation rails: "You may also like" (RELATED_ITEMS) under a product and in the cart, "Best
 * sellers" (GLOBAL) on the home page. A chunk of its own, below the fold: the server renders
 * nothing here (the rails are read in the browser, after the page is interactive). An answer names
 * items only: their products come from one catalog search by ids, their stars from one summaries
 * request (ProductGrid). A rail is optional: it is asked for once (no retries), and a failure, an
 * empty answer or products gone meanwhile simply show no rail.
 */
import { useQuery } from '@tanstack/react-query';
import type { RecommendationAlgorithm } from '@vitrine/sdk';
import { recommendationQueries } from '@vitrine/sdk/react';
import { useId } from 'react';
import { useEnv } from '../env.tsx';
import { ProductGrid } from './product-card.tsx';

/** Cards in a rail (the server answers up to 8 items; the first 4 still shown are used). */
export const RAIL_SIZE = 4;

function Rail({
  title,
  algorithm,
  productIds = [],
  compact = false,
}: {
  title: string;
  algorithm: RecommendationAlgorithm;
  productIds?: readonly string[];
  compact?: boolean;
}) {
  const { http } = useEnv();
  const headingId = useId();
  // While the asked items change (a cart's lines), the previous rail stays until the new one is read
  // (`keepPreviousData`, written out: the library's export would land in the shell chunk).
  const recommendation = useQuery({
    ...recommendationQueries.get(http, { algorithm, productIds, minimumRecommendedItems: RAIL_SIZE }),
    retry: false,
    placeholderData: (previous) => previous,
  });
  const ids = recommendation.data?.items.map((i) => i.catalogItemId) ?? [];
  const products = useQuery({
    ...recommendationQueries.products(http, ids),
    enabled: ids.length > 0,
    retry: false,
    placeholderData: (previous) => previous,
  });
  const shown = ids.length ? (products.data?.slice(0, RAIL_SIZE) ?? []) : [];
  if (!shown.length) return null;
  return (
    <section
      aria-labelledby={headingId}
      className={compact ? 'mt-8' : 'mt-12 border-t border-stone-200 pt-8'}
    >
      <h2 id={headingId} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      <ProductGrid
        products={shown}
        className={`grid grid-cols-2 gap-3 ${compact ? '' : 'sm:gap-4 lg:grid-cols-4'}`}
      />
    </section>
  );
}

/** "You may also like": items bought together with these products (a product page's, a cart's). */
export function RelatedProducts({
  productIds,
  compact,
}: {
  productIds: readonly string[];
  compact?: boolean;
}) {
  return (
    <Rail title="You may also like" algorithm="RELATED_ITEMS" productIds={productIds} compact={compact} />
  );
}

/** "Best sellers": the most sold products of the last 30 days. */
export function BestSellers() {
  return <Rail title="Best sellers" algorithm="GLOBAL" />;
}
