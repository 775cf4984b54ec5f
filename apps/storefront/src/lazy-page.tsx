import { lazy, type ComponentType } from 'react';

export type LazyPage = ComponentType & { preload(): Promise<void> };

/**
 * A code-split page that can be loaded ahead of rendering: the server and the hydrating browser
 * call `preload()` for the matched pages, so their first render has the component at hand (no
 * Suspense fallback, HTML that matches); client-side navigation loads it through React.lazy.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): LazyPage {
  let Loaded: ComponentType | undefined;
  const preload = async () => {
    Loaded ??= pick(await load());
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  return Object.assign(Page, { preload });
}
