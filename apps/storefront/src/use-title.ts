import { useEffect } from 'react';
import { useEnv } from './env.tsx';
import { pageTitle } from './title.ts';

/** Sets the tab title after client-side navigation (the server writes it into the HTML). */
export function useTitle(title: string | undefined) {
  const { storeName } = useEnv();
  useEffect(() => {
    if (title) document.title = pageTitle(title, storeName);
  }, [title, storeName]);
}
