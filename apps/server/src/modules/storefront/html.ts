/** Pure helpers of the storefront's server render: which paths are the API's, and the page's HTML. */

/**
 * Paths that belong to the API (or to other apps and files), never to the storefront: a
 * browser navigating to an unknown one gets the JSON envelope, like any client.
 */
export function isApiPath(path: string): boolean {
  return (
    /^\/(_api|oauth2?|auth|media|assets|platform|openapi|health)(\/|\.|$)/.test(path) ||
    /^\/v\d+(\/|$)/.test(path) ||
    /^\/[^/]+\/v\d+(\/|$)/.test(path)
  );
}

// Whether a request to a storefront path gets the page: browsers (`text/html`) and clients that
// take anything (`*/*` as curl and fetch send it, `text/*`, or no Accept header at all). A client
// that names JSON and not HTML (`application/json, text/plain, */*`) gets the JSON envelope.
export function wantsPage(accept: string | undefined): boolean {
  const a = (accept ?? '').toLowerCase();
  if (a.trim() === '' || a.includes('text/html')) return true;
  if (/application\/([\w.-]+\+)?json/.test(a)) return false;
  return a.includes('*/*') || a.includes('text/*');
}

export function pageHtml(
  template: string,
  p: { head: string; html: string; state: string; preload: string[] },
): string {
  const preload = p.preload.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    ');
  return template
    .replace('<!--vitrine-head-->', () => [p.head, preload].filter(Boolean).join('\n    '))
    .replace('<!--vitrine-app-->', () => p.html)
    .replace('<!--vitrine-state-->', () => p.state);
}

/**
 * The stylesheet inlined into the page (about 4 KB compressed): the first paint then waits for
 * no other request, which is most of the product page's LCP on a slow connection.
 */
export function inlineStylesheets(template: string, read: (href: string) => string | undefined): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g,
    (tag, href: string) => {
      const css = read(href);
      return css === undefined ? tag : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    },
  );
}
