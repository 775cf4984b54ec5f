import { createHttpClient } from '@vitrine/sdk';
import { useEffect, useState } from 'react';

const http = createHttpClient({ baseUrl: window.location.origin });
let loading: Promise<string> | undefined;

/** The store's name from its settings (`GET /platform/v1/store-settings`), asked once per page view. */
function storeName(): Promise<string> {
  loading ??= http
    .request<{ settings: { storeName: string } }>({ method: 'GET', path: '/platform/v1/store-settings' })
    .then(
      (r) => r.settings.storeName,
      () => '',
    );
  return loading;
}

/** The store's name once known ('' until then, or when it cannot be read). */
export function useStoreName(): string {
  const [name, setName] = useState('');
  useEffect(() => {
    let live = true;
    void storeName().then((n) => {
      if (live) setName(n);
    });
    return () => {
      live = false;
    };
  }, []);
  return name;
}

/** Sets the tab's title: the page's, then the store's name. */
export function useDocumentTitle(title: string): void {
  const name = useStoreName();
  useEffect(() => {
    document.title = name ? `${title} · ${name}` : title;
  }, [title, name]);
}
