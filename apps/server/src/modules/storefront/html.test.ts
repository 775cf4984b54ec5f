import { describe, expect, it } from 'vitest';
import { chunkFiles, type Manifest } from '../../platform/http/manifest.ts';
import { inlineStylesheets, isApiPath, pageHtml } from './html.ts';

describe('the storefront catch-all', () => {
  it('leaves API paths, other apps and files alone', () => {
    for (const p of [
      '/ecom/v1/carts/current',
      '/stores/v3/products/x',
      '/_api/iam/x',
      '/oauth2/token',
      '/oauth/token',
      '/auth/login',
      '/media/a.webp',
      '/assets/x.js',
      '/v1/redirect-session',
      '/members/v1/members/my',
      '/categories/v1/categories/query',
      '/platform/v1/jobs',
      '/openapi.json',
      '/health',
    ]) {
      expect(isApiPath(p), p).toBe(true);
    }
    for (const p of [
      '/',
      '/shop',
      '/product-page/linen-shirt',
      '/cart',
      '/account/orders/abc',
      '/thank-you',
      '/authors',
      '/healthy-living',
    ]) {
      expect(isApiPath(p), p).toBe(false);
    }
  });
});

describe('page HTML', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index-a.js', imports: ['_shell'] },
    _shell: { file: 'assets/shell-b.js' },
    'src/pages/product.tsx': { file: 'assets/product-c.js', imports: ['_shell', '_card'] },
    _card: { file: 'assets/card-d.js', imports: ['_shell'] },
  };
  const template =
    '<head><!--vitrine-head--><script type="module" src="/assets/index-a.js"></script><link rel="modulepreload" href="/assets/shell-b.js"></head><body><div id="root"><!--vitrine-app--></div><!--vitrine-state--></body>';

  it("preloads the page's chunks and their imports, not what the template loads already", () => {
    expect(chunkFiles(manifest, ['src/pages/product.tsx', 'src/pages/unknown.tsx'], template)).toEqual([
      'assets/product-c.js',
      'assets/card-d.js',
    ]);
  });

  it('fills the template without interpreting $ patterns in the content', () => {
    const html = pageHtml(template, {
      head: '<title>A $& B</title>',
      html: '<p>$& $1 costs $5</p>',
      state: '<script type="application/json">{}</script>',
      preload: ['assets/product-c.js'],
    });
    expect(html).toContain(
      '<title>A $& B</title>\n    <link rel="modulepreload" crossorigin href="/assets/product-c.js">',
    );
    expect(html).toContain('<div id="root"><p>$& $1 costs $5</p></div>');
    expect(html).toContain('<script type="application/json">{}</script></body>');
  });
});

describe('inlined stylesheet', () => {
  it('replaces the link with the file, and keeps the link when the file is missing', () => {
    const t =
      '<link rel="stylesheet" crossorigin href="/assets/a.css"><link rel="stylesheet" crossorigin href="/assets/b.css">';
    expect(inlineStylesheets(t, (h) => (h === '/assets/a.css' ? 'body{color:red}</style>' : undefined))).toBe(
      '<style>body{color:red}<\\/style></style><link rel="stylesheet" crossorigin href="/assets/b.css">',
    );
  });
});
