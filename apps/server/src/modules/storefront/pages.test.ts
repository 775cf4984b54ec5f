/**
 * Every page of the built storefront, server-rendered as a first visit (a link in an e-mail, a
 * reload, a search engine): 200 with the page's own title, never the "Page not found" a route
 * without its <head> would answer. Pages that need a shopper render their frame here; the browser
 * tests follow them signed in.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../../platform/http/static.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { shopProduct } from '../../test/shop.ts';

const built = existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
let s: TestServer;
let slug: string;

beforeAll(async () => {
  if (!built) return;
  s = await startTestServer();
  const p = await shopProduct(s, { name: 'Linen Apron', price: '24' });
  const r = await s.admin<{ product: { slug: string } }>('GET', `/stores/v3/products/${p.productId}`);
  slug = r.body.product.slug;
});
afterAll(async () => {
  await s?.stop();
});

describe.skipIf(!built)('storefront pages, server-rendered', () => {
  it('answers every page with 200 and its own title', async () => {
    const pages: [string, string][] = [
      ['/', 'shop'],
      ['/shop', 'Shop'],
      [`/product-page/${slug}`, 'Linen Apron'],
      ['/cart', 'Your cart'],
      ['/thank-you', 'Thank you'],
      ['/review?token=abc', 'Review your order'],
      ['/order-status?token=abc', 'Your order'],
      ['/login', 'Sign in'],
      ['/signup', 'Create an account'],
      ['/forgot-password', 'Forgot password'],
      ['/verify-email', 'Confirm your e-mail'],
      ['/callback', 'Signing in'],
      ['/account', 'Your account'],
      ['/account/orders', 'Your orders'],
      ['/account/orders/0190c0de-0000-7000-8000-00000000dead', 'Order details'],
      ['/account/addresses', 'Your addresses'],
      ['/account/security', 'Security'],
    ];
    for (const [path, title] of pages) {
      const r = await fetch(`${s.url}${path}`, { headers: { accept: 'text/html' } });
      const html = await r.text();
      const shown = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      expect([r.status, shown.includes(title)], `${path}: ${r.status} "${shown}"`).toEqual([200, true]);
    }
    const unknown = await fetch(`${s.url}/no-such-page`, { headers: { accept: 'text/html' } });
    expect(unknown.status).toBe(404);
  });
});
