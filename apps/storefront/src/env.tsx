import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { HttpClient, OAuthStrategy } from '@vitrine/sdk';

/** What the pages need from the outside: the API client, the sign-in strategy (browser only), the store's address. */
export interface Env {
  http: HttpClient;
  /** The shopper's tokens; null while rendering on the server. */
  auth: AuthAccess | null;
  /** The store's public origin (PUBLIC_URL), for canonical links and redirect URIs. */
  origin: string;
  clientId: string;
  /** The store's name (store settings), read on the server for every page. */
  storeName: string;
  /** Tells subscribers that the sign-in state changed (login, logout). */
  session: Session;
}

/**
 * The OAuth strategy is loaded with the first API call (its code is not needed to show a
 * server-rendered page); whether a member is signed in is read from the stored tokens at once.
 */
export interface AuthAccess {
  get(): Promise<OAuthStrategy>;
  loggedIn(): boolean;
}

export interface Session {
  subscribe(listener: () => void): () => void;
  changed(): void;
}

export function createSession(): Session {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed() {
      for (const l of listeners) l();
    },
  };
}

const EnvContext = createContext<Env | null>(null);

export function EnvProvider({ env, children }: { env: Env; children: ReactNode }) {
  return <EnvContext.Provider value={env}>{children}</EnvContext.Provider>;
}

export function useEnv(): Env {
  const env = useContext(EnvContext);
  if (!env) throw new Error('useEnv outside EnvProvider');
  return env;
}

/** True when a member is signed in (the refresh token's role is member); false on the server. */
export function useLoggedIn(): boolean {
  const { auth, session } = useEnv();
  return useSyncExternalStore(
    session.subscribe,
    () => auth?.loggedIn() ?? false,
    () => false,
  );
}

const noSubscription = () => () => {};

/**
 * False on the server and while hydrating, true after: for what depends on the browser's own state
 * (its tokens, its cart). A page hydrates inside the layout's Suspense boundary, after the header
 * has committed and started the same queries; reading their answers during hydration would render
 * other HTML than the server sent (React error #418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
