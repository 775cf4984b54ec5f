import { useEffect } from 'react';

/** The document title of a page: "Orders · Dashboard". */
export function useTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Dashboard` : 'Dashboard';
  }, [title]);
}
