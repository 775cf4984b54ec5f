/**
 * Server render only (routes.tsx imports it there; the browser build leaves it out): the review
 * data a page shows, put in the query cache before rendering. `prefetchQuery` never throws: when
 * the reviews cannot be read, the page renders without them and the browser asks again. Also the
 * code of a page's other lazy parts (the recommendation rails, the back-in-stock form), so that
 * the server renders them rather than suspending.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient, Product } from '@vitrine/sdk';
import { reviewQueries } from '@vitrine/sdk/react';
import { REVIEWS_PAGE_SIZE } from './components/reviews/reviews-section.tsx';
import { HomeBestSellers } from './pages/home.tsx';
import { BackInStock, ProductRecommendations, ProductReviews } from './pages/product.tsx';

/** The rating summaries of a page of product cards (one request). */
export const prefetchSummaries = (qc: QueryClient, http: HttpClient, products: Product[]) =>
  qc.prefetchQuery(
    reviewQueries.summaries(
      http,
      products.map((p) => p.id),
    ),
  );

/**
 * The product page's reviews: their section's code, the rating summary and the first page (most
 * relevant); and the code of its rail and of its back-in-stock form.
 */
export const prefetchProductReviews = (qc: QueryClient, http: HttpClient, productId: string) =>
  Promise.all([
    ProductReviews.preload(),
    ProductRecommendations.preload(),
    BackInStock.preload(),
    qc.prefetchQuery(reviewQueries.summaries(http, [productId])),
    qc.prefetchQuery(reviewQueries.list(http, { entityId: productId, limit: REVIEWS_PAGE_SIZE })),
  ]);

/** The home page's best sellers rail: its code (the rail itself is read in the browser). */
export const preloadHome = () => HomeBestSellers.preload();
