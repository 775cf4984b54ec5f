import { lazy, type ComponentType } from 'react';

export type LazyPage<P extends object = object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A code-split page (or part of one) that can be loaded ahead of rendering: the server and the
 * hydrating browser call `preload()` for the matched pages, so their first render has the
 * component at hand (no Suspense fallback, HTML that matches); client-side navigation loads it
 * through React.lazy. A part that is not preloaded in the browser (the product page's reviews)
 * hydrates inside its own Suspense boundary once its code arrives, its server HTML shown meanwhile.
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
): LazyPage<P> {
  let Loaded: ComponentType<P> | undefined;
  const preload = async () => {
    Loaded ??= pick(await load());
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  const Page = (p: P) => (Loaded ? <Loaded {...p} /> : <Lazy {...p} />);
  return Object.assign(Page, { preload });
}
