/**
 * The route table, shared by the server render and the browser. Each page names what it
 * prefetches into the query cache (so the server can render it with data and the browser picks
 * it up without refetching), its code-split component, the source file of its chunk (the server
 * preloads it) and its <head>.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '@vitrine/sdk';
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
  chunk?: string | undefined;
  page?: LazyPage;
  prefetch?: ((a: PrefetchArgs) => Promise<unknown>) | undefined;
  /** A permanent redirect to the path this returns. */
  redirect?: (params: Record<string, string | undefined>) => string;
}

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
    () => import('./pages/password-reset.tsx'),
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
  orderStatus: lazyPage(
    () => import('./pages/order-status.tsx'),
    (m) => m.OrderStatusPage,
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
  // Imported here, on the server only: in the browser it belongs to the catalog page's chunk.
  const { catalogParams, PAGE_SIZE } = await import('./catalog-params.ts');
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

/**
 * A route to a page: its code-split component, the source file of its chunk (`src/pages/<chunk>.tsx`,
 * which the server preloads; the browser has no use for the name) and what it prefetches. The
 * server finds the page's <head> by the route's path (head.ts).
 */
const route = (
  path: string | undefined,
  page: LazyPage,
  chunk: string,
  prefetch?: PageDef['prefetch'],
  children?: RouteObject[],
): RouteObject => {
  const handle: PageDef = {
    page,
    chunk: import.meta.env.SSR ? `src/pages/${chunk}.tsx` : undefined,
    prefetch,
  };
  const Page = page;
  return path === undefined
    ? { index: true, element: <Page />, handle }
    : { path, element: <Page />, handle, ...(children ? { children } : {}) };
};

const SSR = import.meta.env.SSR;
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    handle: {} satisfies PageDef,
    children: [
      route(undefined, pages.home, 'home', SSR ? prefetchHome : undefined),
      route('shop', pages.catalog, 'catalog', SSR ? prefetchCatalog : undefined),
      route('product-page/:slug', pages.product, 'product', SSR ? prefetchProduct : undefined),
      // Where the platform's `storesProduct` redirect sessions lead.
      {
        path: 'products/:slug',
        element: <ProductAlias />,
        handle: {
          redirect: (p) => `/product-page/${encodeURIComponent(p.slug ?? '')}`,
        } satisfies PageDef,
      },
      route('cart', pages.cart, 'cart'),
      route('thank-you', pages.thankYou, 'thank-you'),
      // The links of e-mails, rendered in the browser only: a review request (`/review?token=…`)
      // and a visitor's order (`/order-status?token=…`).
      route('review', pages.reviewLink, 'review-link'),
      route('order-status', pages.orderStatus, 'order-status'),
      route('login', pages.login, 'auth'),
      route('signup', pages.signUp, 'auth'),
      route('forgot-password', pages.forgot, 'auth'),
      route('verify-email', pages.verify, 'auth'),
      route('callback', pages.callback, 'auth'),
      route('account', pages.account, 'account', undefined, [
        route(undefined, pages.profile, 'account'),
        route('orders', pages.orders, 'account'),
        route('orders/:orderId', pages.order, 'account'),
        route('addresses', pages.addresses, 'account'),
        route('security', pages.security, 'account'),
      ]),
      route('*', pages.notFound, 'not-found'),
    ],
  },
];

export interface Matched {
  defs: PageDef[];
  params: Record<string, string | undefined>;
  /** The matched routes' paths joined (`account/orders/:orderId`; `` for the home page): names its <head>. */
  pattern: string;
}

/** The page definitions matched by a path (outermost first). */
export function matchPage(pathname: string): Matched {
  const matches = matchRoutes(routes, pathname) ?? [];
  return {
    defs: matches.map((m) => m.route.handle as PageDef),
    params: matches[matches.length - 1]?.params ?? {},
    pattern: matches
      .map((m) => m.route.path)
      .filter((p) => p && p !== '/')
      .join('/'),
  };
}

/** Loads the matched pages' code (before a server render, and before hydrating). */
export async function preloadPages(m: Matched): Promise<void> {
  await Promise.all(m.defs.map((d) => d.page?.preload()));
}
