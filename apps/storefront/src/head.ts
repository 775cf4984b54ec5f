/**
 * What goes into a page's <head> on the server: title, description, canonical URL, Open Graph
 * tags and JSON-LD, computed from the data the route's loader put in the query cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Category, Product, RatingSummary, WireReview } from '@vitrine/sdk';
import { catalogQueries, reviewQueries } from '@vitrine/sdk/react';
import { REVIEWS_PAGE_SIZE } from './components/reviews/reviews-section.tsx';
import type { Env } from './env.tsx';
import { pageTitle } from './title.ts';

export interface Head {
  title: string;
  description?: string;
  /** Absolute URL. */
  canonical?: string;
  image?: string;
  /** The page's largest image, requested before anything else (it is the LCP element). */
  preloadImage?: string;
  ogType?: 'website' | 'product';
  jsonLd?: object;
  status?: number;
  /** Pages with private content (cart, account) are kept out of search engines. */
  noindex?: boolean;
}

export interface HeadArgs {
  url: URL;
  params: Record<string, string | undefined>;
  queryClient: QueryClient;
  env: Env;
}
export type HeadFn = (a: HeadArgs) => Head;

const clip = (s: string | undefined, n = 160) => (s && s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/** Schema.org `aggregateRating` and up to 5 `review`s, when the product has published reviews. */
export function reviewsJsonLd(summary: RatingSummary | undefined, reviews: WireReview[] = []): object {
  if (!summary || summary.count <= 0) return {};
  const published = reviews.filter((r) => r.moderation.moderationStatus === 'APPROVED').slice(0, 5);
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: Math.round(summary.averageRating * 10) / 10,
      reviewCount: summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    ...(published.length
      ? {
          review: published.map((r) => ({
            '@type': 'Review',
            reviewRating: { '@type': 'Rating', ratingValue: r.content.rating, bestRating: 5, worstRating: 1 },
            author: { '@type': 'Person', name: r.author.authorName || 'Anonymous' },
            datePublished: r.reviewDate.slice(0, 10),
            ...(r.content.title ? { name: r.content.title } : {}),
            ...(r.content.body ? { reviewBody: r.content.body } : {}),
          })),
        }
      : {}),
  };
}

export function productJsonLd(
  p: Product,
  url: string,
  reviews?: { summary?: RatingSummary; list?: WireReview[] },
): object {
  const variants = (p.variantsInfo?.variants ?? []).filter((v) => v.visible !== false);
  const inStock = p.inventory?.availabilityStatus !== 'OUT_OF_STOCK';
  const availability = `https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`;
  const currency = p.currency ?? 'USD';
  const low = p.actualPriceRange?.minValue?.amount;
  const high = p.actualPriceRange?.maxValue?.amount;
  const image = p.media?.main?.image?.url ?? p.media?.main?.url;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    ...(p.plainDescription ? { description: p.plainDescription } : {}),
    ...(image ? { image: [image] } : {}),
    ...(variants.length === 1 && variants[0]?.sku ? { sku: variants[0].sku } : {}),
    ...(p.brand?.name ? { brand: { '@type': 'Brand', name: p.brand.name } } : {}),
    url,
    offers:
      low !== undefined && high !== undefined && low !== high
        ? {
            '@type': 'AggregateOffer',
            priceCurrency: currency,
            lowPrice: low,
            highPrice: high,
            offerCount: variants.length,
            availability,
            url,
          }
        : { '@type': 'Offer', priceCurrency: currency, price: low, availability, url },
    ...reviewsJsonLd(reviews?.summary, reviews?.list),
  };
}

export const productHead: HeadFn = ({ params, queryClient, env }) => {
  const p = queryClient.getQueryData(catalogQueries.bySlug(env.http, params.slug ?? '').queryKey);
  if (!p) return { title: 'Product not found', status: 404, noindex: true };
  const canonical = `${env.origin}/product-page/${p.slug}`;
  // What prefetch-reviews.ts read for the page: the rating summary and the first (most relevant) reviews.
  const summary = queryClient
    .getQueryData(reviewQueries.summaries(env.http, [p.id]).queryKey)
    ?.find((s) => s.entityId === p.id);
  const list = queryClient.getQueryData(
    reviewQueries.list(env.http, { entityId: p.id, limit: REVIEWS_PAGE_SIZE }).queryKey,
  )?.reviews;
  return {
    title: p.name,
    description: clip(p.plainDescription) ?? `${p.name} at ${env.storeName}.`,
    canonical,
    image: p.media?.main?.image?.url ?? p.media?.main?.url,
    preloadImage: p.media?.main?.image?.url ?? p.media?.main?.url,
    ogType: 'product',
    jsonLd: productJsonLd(p, canonical, { summary, list }),
  };
};

export const catalogHead: HeadFn = ({ url, queryClient, env }) => {
  const slug = url.searchParams.get('category') || null;
  const categories = queryClient.getQueryData<Category[]>(catalogQueries.categories(env.http).queryKey) ?? [];
  const category = slug ? categories.find((c) => c.slug === slug) : undefined;
  if (slug && !category) return { title: 'Category not found', status: 404, noindex: true };
  const q = url.searchParams.get('q');
  return {
    title: q ? `Search: ${q}` : (category?.name ?? 'Shop all products'),
    description: clip(category?.description) ?? `Browse every product at ${env.storeName}.`,
    canonical: `${env.origin}/shop${category ? `?category=${encodeURIComponent(category.slug)}` : ''}`,
    image: category?.image?.url,
    ogType: 'website',
    ...(q || url.searchParams.get('cursor') ? { noindex: true } : {}),
  };
};

export const homeHead: HeadFn = ({ env }) => ({
  title: `${env.storeName} — shop`,
  description: `Clothes, home goods, accessories and stationery from ${env.storeName}.`,
  canonical: `${env.origin}/`,
  ogType: 'website',
});

export const staticHead =
  (title: string, o: Partial<Head> = {}): HeadFn =>
  () => ({ title, noindex: true, ...o });

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON for a <script> data block: `<` escaped so no text can close the element. */
export const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function headHtml(h: Head, storeName: string): string {
  const title = pageTitle(h.title, storeName);
  const tags = [`<title>${esc(title)}</title>`];
  if (h.preloadImage)
    tags.unshift(`<link rel="preload" as="image" href="${esc(h.preloadImage)}" fetchpriority="high">`);
  if (h.description) tags.push(`<meta name="description" content="${esc(h.description)}">`);
  if (h.noindex) tags.push('<meta name="robots" content="noindex">');
  if (h.canonical) tags.push(`<link rel="canonical" href="${esc(h.canonical)}">`);
  tags.push(
    `<meta property="og:site_name" content="${esc(storeName)}">`,
    `<meta property="og:title" content="${esc(h.title)}">`,
  );
  if (h.ogType) tags.push(`<meta property="og:type" content="${h.ogType}">`);
  if (h.description) tags.push(`<meta property="og:description" content="${esc(h.description)}">`);
  if (h.canonical) tags.push(`<meta property="og:url" content="${esc(h.canonical)}">`);
  if (h.image)
    tags.push(
      `<meta property="og:image" content="${esc(h.image)}">`,
      '<meta name="twitter:card" content="summary_large_image">',
    );
  if (h.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(h.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/** Each page's <head>, by its route's path (routes.tsx `matchPage`'s `pattern`). */
export const heads: Record<string, HeadFn> = {
  '': homeHead,
  shop: catalogHead,
  'product-page/:slug': productHead,
  cart: staticHead('Your cart'),
  'thank-you': staticHead('Thank you'),
  review: staticHead('Review your order'),
  'order-status': staticHead('Your order'),
  login: staticHead('Sign in'),
  signup: staticHead('Create an account'),
  'forgot-password': staticHead('Forgot password'),
  'verify-email': staticHead('Confirm your e-mail'),
  callback: staticHead('Signing in'),
  account: staticHead('Your account'),
  'account/orders': staticHead('Your orders'),
  'account/orders/:orderId': staticHead('Order details'),
  'account/addresses': staticHead('Your addresses'),
  'account/security': staticHead('Security'),
  '*': staticHead('Page not found', { status: 404 }),
};
