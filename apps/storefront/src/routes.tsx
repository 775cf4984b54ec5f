/**
 * The route table, shared by the server render and the browser. Each page names what it
 * prefetches into the query cache (so the server can render it with data and the browser picks
 * it up without refetching), its code-split component, the source file of its chunk (the server
 * preloads it) and its <head>.
 */
import type { QueryClient } from '@tanstack/react-query';
import { type HttpClient, type ProductSort, PRODUCT_SORTS } from '@vitrine/sdk';
import { catalogQueries } from '@vitrine/sdk/react';
import { matchRoutes, Navigate, useParams, type RouteObject } from 'react-router';
import { Layout } from './components/layout.tsx';
import { lazyPage, type LazyPage } from './lazy-page.tsx';
import type * as ReviewsPrefetch from './prefetch-reviews.ts';

export interface PrefetchArgs {
  url: URL;
  params: Record<string, string | undefined>;
  queryClient: QueryClient;
  http: HttpClient;
}

export interface PageDef {
  /** Names the page's <head> in head.ts (server only). */
  id?: string;
  chunk?: string;
  page?: LazyPage;
  prefetch?: (a: PrefetchArgs) => Promise<unknown>;
  /** A permanent redirect to the path this returns. */
  redirect?: (params: Record<string, string | undefined>) => string;
}

/** The catalog page's URL state: `/shop?category=<slug>&sort=<sort>&q=<words>&cursor=<cursor>`. */
export function catalogParams(search: URLSearchParams) {
  const sort = search.get('sort') as ProductSort | null;
  return {
    category: search.get('category') || undefined,
    sort: sort && PRODUCT_SORTS.includes(sort) ? sort : ('newest' as ProductSort),
    text: search.get('q')?.trim().slice(0, 200) || undefined,
    cursor: search.get('cursor') || undefined,
  };
}
export const PAGE_SIZE = 12;
export const FEATURED = 8;

const pages = {
  home: lazyPage(
    () => import('./pages/home.tsx'),
    (m) => m.Home,
  ),
  catalog: lazyPage(
    () => import('./pages/catalog.tsx'),
    (m) => m.Catalog,
  ),
  product: lazyPage(
    () => import('./pages/product.tsx'),
    (m) => m.ProductPage,
  ),
  cart: lazyPage(
    () => import('./pages/cart.tsx'),
    (m) => m.CartPage,
  ),
  thankYou: lazyPage(
    () => import('./pages/thank-you.tsx'),
    (m) => m.ThankYou,
  ),
  login: lazyPage(
    () => import('./pages/auth.tsx'),
    (m) => m.Login,
  ),
  signUp: lazyPage(
    () => import('./pages/auth.tsx'),
    (m) => m.SignUp,
  ),
  forgot: lazyPage(
    () => import('./pages/auth.tsx'),
    (m) => m.ForgotPassword,
  ),
  verify: lazyPage(
    () => import('./pages/auth.tsx'),
    (m) => m.VerifyEmail,
  ),
  callback: lazyPage(
    () => import('./pages/auth.tsx'),
    (m) => m.Callback,
  ),
  account: lazyPage(
    () => import('./pages/account.tsx'),
    (m) => m.AccountLayout,
  ),
  profile: lazyPage(
    () => import('./pages/account.tsx'),
    (m) => m.Profile,
  ),
  orders: lazyPage(
    () => import('./pages/account.tsx'),
    (m) => m.Orders,
  ),
  order: lazyPage(
    () => import('./pages/account.tsx'),
    (m) => m.OrderDetails,
  ),
  addresses: lazyPage(
    () => import('./pages/account.tsx'),
    (m) => m.Addresses,
  ),
  security: lazyPage(
    () => import('./pages/account.tsx'),
    (m) => m.Security,
  ),
  reviewLink: lazyPage(
    () => import('./pages/review-link.tsx'),
    (m) => m.ReviewLinkPage,
  ),
  notFound: lazyPage(
    () => import('./pages/not-found.tsx'),
    (m) => m.NotFound,
  ),
};

/**
 * The review data of a page (rating summaries, the product's first reviews): a module of its own,
 * for the server render only. The browser build leaves it out (`import.meta.env.SSR` is false there).
 */
const withReviews = async (f: (m: typeof ReviewsPrefetch) => Promise<unknown>) => {
  if (import.meta.env.SSR) await f(await import('./prefetch-reviews.ts'));
};

const prefetchHome: PageDef['prefetch'] = ({ queryClient: qc, http }) =>
  Promise.all([
    qc.ensureQueryData(catalogQueries.categories(http)),
    qc
      .ensureQueryData(catalogQueries.search(http, { limit: FEATURED }))
      .then((page) => withReviews((m) => m.prefetchSummaries(qc, http, page.products))),
    withReviews((m) => m.preloadHome()),
  ]);

const prefetchCatalog: PageDef['prefetch'] = async ({ url, queryClient: qc, http }) => {
  const p = catalogParams(url.searchParams);
  const categories = await qc.ensureQueryData(catalogQueries.categories(http));
  const category = p.category ? categories.find((c) => c.slug === p.category) : undefined;
  if (p.category && !category) return;
  const page = await qc.ensureQueryData(
    catalogQueries.search(http, {
      categoryId: category?.id,
      text: p.text,
      sort: p.sort,
      cursor: p.cursor,
      limit: PAGE_SIZE,
    }),
  );
  await withReviews((m) => m.prefetchSummaries(qc, http, page.products));
};

const prefetchProduct: PageDef['prefetch'] = async ({ params, queryClient: qc, http }) => {
  const product = await qc.ensureQueryData(catalogQueries.bySlug(http, params.slug ?? ''));
  if (product) await withReviews((m) => m.prefetchProductReviews(qc, http, product.id));
};

function ProductAlias() {
  const { slug = '' } = useParams();
  return <Navigate to={`/product-page/${encodeURIComponent(slug)}`} replace />;
}

const route = (path: string | undefined, def: PageDef, children?: RouteObject[]): RouteObject => {
  const Page = def.page;
  const element = Page ? <Page /> : def.redirect ? <ProductAlias /> : null;
  return path === undefined
    ? { index: true, element, handle: def }
    : { path, element, handle: def, ...(children ? { children } : {}) };
};

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    handle: {} satisfies PageDef,
    children: [
      route(undefined, {
        id: 'home',
        page: pages.home,
        chunk: 'src/pages/home.tsx',
        prefetch: import.meta.env.SSR ? prefetchHome : undefined,
      }),
      route('shop', {
        id: 'shop',
        page: pages.catalog,
        chunk: 'src/pages/catalog.tsx',
        prefetch: import.meta.env.SSR ? prefetchCatalog : undefined,
      }),
      route('product-page/:slug', {
        id: 'product',
        page: pages.product,
        chunk: 'src/pages/product.tsx',
        prefetch: import.meta.env.SSR ? prefetchProduct : undefined,
      }),
      // Where the platform's `storesProduct` redirect sessions lead.
      route('products/:slug', { redirect: (p) => `/product-page/${encodeURIComponent(p.slug ?? '')}` }),
      route('cart', { id: 'cart', page: pages.cart, chunk: 'src/pages/cart.tsx' }),
      route('thank-you', { id: 'thank-you', page: pages.thankYou, chunk: 'src/pages/thank-you.tsx' }),
      // The link of a review-request e-mail (`/review?token=…`): rendered in the browser only.
      route('review', { id: 'review', page: pages.reviewLink, chunk: 'src/pages/review-link.tsx' }),
      route('login', { id: 'login', page: pages.login, chunk: 'src/pages/auth.tsx' }),
      route('signup', { id: 'signup', page: pages.signUp, chunk: 'src/pages/auth.tsx' }),
      route('forgot-password', { id: 'forgot', page: pages.forgot, chunk: 'src/pages/auth.tsx' }),
      route('verify-email', { id: 'verify', page: pages.verify, chunk: 'src/pages/auth.tsx' }),
      route('callback', { id: 'callback', page: pages.callback, chunk: 'src/pages/auth.tsx' }),
      route('account', { id: 'account', page: pages.account, chunk: 'src/pages/account.tsx' }, [
        route(undefined, { id: 'account-profile', page: pages.profile, chunk: 'src/pages/account.tsx' }),
        route('orders', { id: 'account-orders', page: pages.orders, chunk: 'src/pages/account.tsx' }),
        route('orders/:orderId', { id: 'account-order', page: pages.order, chunk: 'src/pages/account.tsx' }),
        route('addresses', {
          id: 'account-addresses',
          page: pages.addresses,
          chunk: 'src/pages/account.tsx',
        }),
        route('security', {
          id: 'account-security',
          page: pages.security,
          chunk: 'src/pages/account.tsx',
        }),
      ]),
      route('*', { id: 'not-found', page: pages.notFound, chunk: 'src/pages/not-found.tsx' }),
    ],
  },
];

export interface Matched {
  defs: PageDef[];
  params: Record<string, string | undefined>;
}

/** The page definitions matched by a path (outermost first). */
export function matchPage(pathname: string): Matched {
  const matches = matchRoutes(routes, pathname) ?? [];
  return {
    defs: matches.map((m) => m.route.handle as PageDef),
    params: matches[matches.length - 1]?.params ?? {},
  };
}

/** Loads the matched pages' code (before a server render, and before hydrating). */
export async function preloadPages(m: Matched): Promise<void> {
  await Promise.all(m.defs.map((d) => d.page?.preload()));
}
