/**
 * What goes into a page's <head> on the server: title, description, canonical URL, Open Graph
 * tags and JSON-LD, computed from the data the route's loader put in the query cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Category, Product } from '@vitrine/sdk';
import { catalogQueries } from '@vitrine/sdk/react';
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

export function productJsonLd(p: Product, url: string): object {
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
  };
}

export const productHead: HeadFn = ({ params, queryClient, env }) => {
  const p = queryClient.getQueryData(catalogQueries.bySlug(env.http, params.slug ?? '').queryKey);
  if (!p) return { title: 'Product not found', status: 404, noindex: true };
  const canonical = `${env.origin}/product-page/${p.slug}`;
  return {
    title: p.name,
    description: clip(p.plainDescription) ?? `${p.name} at ${env.storeName}.`,
    canonical,
    image: p.media?.main?.image?.url ?? p.media?.main?.url,
    preloadImage: p.media?.main?.image?.url ?? p.media?.main?.url,
    ogType: 'product',
    jsonLd: productJsonLd(p, canonical),
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

/** Each page's <head>, by route id (routes.tsx). */
export const heads: Record<string, HeadFn> = {
  home: homeHead,
  shop: catalogHead,
  product: productHead,
  cart: staticHead('Your cart'),
  'thank-you': staticHead('Thank you'),
  login: staticHead('Sign in'),
  signup: staticHead('Create an account'),
  forgot: staticHead('Forgot password'),
  verify: staticHead('Confirm your e-mail'),
  callback: staticHead('Signing in'),
  account: staticHead('Your account'),
  'account-profile': staticHead('Your account'),
  'account-orders': staticHead('Your orders'),
  'account-order': staticHead('Order details'),
  'account-addresses': staticHead('Your addresses'),
  'not-found': staticHead('Page not found', { status: 404 }),
};
