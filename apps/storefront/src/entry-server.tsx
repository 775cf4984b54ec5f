/**
 * The server render, imported by apps/server (modules/storefront): prefetches the matched
 * pages' data from the API in-process, renders the page to HTML, and hands back the head tags,
 * the state the browser hydrates from, and the chunks to preload.
 */
import { dehydrate } from '@tanstack/react-query';
import { createHttpClient } from '@vitrine/sdk';
import { createQueryClient } from '@vitrine/sdk/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoutes, Providers, STATE_ELEMENT_ID, type PageState } from './app.tsx';
import { createSession, type Env } from './env.tsx';
import { headHtml, heads, scriptJson, type Head } from './head.ts';
import { matchPage, preloadPages } from './routes.tsx';

export interface RenderOptions {
  /** Path and query of the request, e.g. `/product-page/shirt?x=1`. */
  url: string;
  /** PUBLIC_URL: canonical links and redirect URIs are built from it. */
  origin: string;
  clientId: string;
  /** How the render reaches the API (the server passes an in-process fetch). */
  fetch: typeof fetch;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; head: string; html: string; state: string; chunks: string[] };

export async function render(o: RenderOptions): Promise<RenderResult> {
  const url = new URL(o.url, o.origin);
  const matched = matchPage(url.pathname);
  const leaf = matched.defs[matched.defs.length - 1];
  if (leaf?.redirect) return { kind: 'redirect', status: 301, location: leaf.redirect(matched.params) };

  const queryClient = createQueryClient({ server: true });
  const http = createHttpClient({ baseUrl: o.origin, fetch: o.fetch });
  let failed = false;
  const [storeName] = await Promise.all([
    http
      .request<{ settings: { storeName: string } }>({ method: 'GET', path: '/platform/v1/store-settings' })
      .then(
        (r) => r.settings.storeName,
        () => {
          failed = true;
          return '';
        },
      ),
    preloadPages(matched),
    ...matched.defs.map((d) =>
      d.prefetch?.({ url, params: matched.params, queryClient, http }).catch(() => {
        failed = true;
      }),
    ),
  ]);

  const env: Env = {
    http,
    auth: null,
    origin: o.origin,
    clientId: o.clientId,
    storeName,
    session: createSession(),
  };
  const html = renderToString(
    <StrictMode>
      <Providers env={env} queryClient={queryClient}>
        <StaticRouter location={url.pathname + url.search}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
  );
  const head: Head = failed
    ? { title: 'Something went wrong', noindex: true, status: 500 }
    : heads[matched.pattern]
      ? heads[matched.pattern]!({ url, params: matched.params, queryClient, env })
      : { title: 'Page not found', status: 404, noindex: true };
  // Failed queries are not handed over: the browser tries them again.
  const state: PageState = {
    clientId: o.clientId,
    origin: o.origin,
    storeName,
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' }),
  };
  const chunks = [...new Set(matched.defs.map((d) => d.chunk).filter((c): c is string => Boolean(c)))];
  return {
    kind: 'page',
    status: head.status ?? 200,
    head: headHtml(head, storeName),
    html,
    state: `<script type="application/json" id="${STATE_ELEMENT_ID}">${scriptJson(state)}</script>`,
    chunks,
  };
}
