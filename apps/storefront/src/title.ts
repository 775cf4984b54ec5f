/** A page's title with the store's name after it (unless it already names the store). */
export const pageTitle = (title: string, storeName: string) =>
  !storeName || title.startsWith(storeName) || title.endsWith(storeName) ? title : `${title} · ${storeName}`;
