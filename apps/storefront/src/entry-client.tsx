import { hydrate } from '@tanstack/react-query';
import { localStorageStorage, type HttpClient } from '@vitrine/sdk';
import { createQueryClient } from '@vitrine/sdk/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { createBrowserClient } from './auth-client.ts';
import { setCartHint, TOKENS_KEY } from './cart.ts';
import { AppRoutes, Providers, STATE_ELEMENT_ID, type PageState } from './app.tsx';
import { createSession, type Env } from './env.tsx';
import { matchPage, preloadPages } from './routes.tsx';
import './index.css';

const state = JSON.parse(document.getElementById(STATE_ELEMENT_ID)?.textContent ?? '{}') as PageState;
const queryClient = createQueryClient();
hydrate(queryClient, state.queries);

const tokens = localStorageStorage(TOKENS_KEY);
// Arriving from a checkout with its order: the order replaced the cart, so nothing asks for it.
if (window.location.pathname === '/thank-you' && new URLSearchParams(window.location.search).has('orderId'))
  setCartHint('none');
let client: Promise<ReturnType<typeof createBrowserClient>> | undefined;
const loadClient = () =>
  (client ??= import('./auth-client.ts').then((m) => m.createBrowserClient(env, queryClient, tokens)));
const http: HttpClient = { request: async (o) => (await loadClient()).request(o) };
const env: Env = {
  http,
  auth: {
    get: async () => (await loadClient()).auth,
    loggedIn: () => tokens.get()?.refreshToken.role === 'member',
  },
  origin: state.origin,
  clientId: state.clientId,
  storeName: state.storeName,
  session: createSession(),
};
// Another tab signed in or out (not a mere token renewal): follow it. Not on /callback, whose own
// sign-in is under way (a reload there would lose it; it goes on to the member's page anyway).
const roleIn = (raw: string | null) => {
  try {
    return (JSON.parse(raw ?? 'null') as { refreshToken?: { role?: string } } | null)?.refreshToken?.role;
  } catch {
    return undefined;
  }
};
window.addEventListener('storage', (e) => {
  if (window.location.pathname === '/callback') return;
  if (e.key === TOKENS_KEY && (roleIn(e.oldValue) === 'member') !== (roleIn(e.newValue) === 'member'))
    window.location.reload();
});

// The server rendered the matched pages: load their code first, so the first render matches. Not a
// top-level await: this module is in the shell chunk the pages import from, and a page's import
// waits until this module has finished (a top-level await on it would wait forever).
void preloadPages(matchPage(window.location.pathname)).then(() =>
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <Providers env={env} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
