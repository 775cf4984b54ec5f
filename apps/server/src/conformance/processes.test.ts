/**
 * A store served by two processes on one PostgreSQL, as behind a load balancer that spreads calls
 * (README, "Several processes"): what one process signs or hands out, the other accepts, including
 * a signing secret both processes make at once on its first use.
 */
import type { HostedCheckoutSession } from '@vitrine/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../test/database.ts';
import { anonymousTokens, bundledClientId, token } from '../test/oauth.ts';
import {
  askToBeNotified,
  received,
  requestOf,
  smtpSink,
  soldOutProduct,
  untilStatus,
  type SmtpSink,
} from '../test/back-in-stock.ts';
import { startSecondProcess, startTestServer, type TestServer } from '../test/server.ts';
import { setPrice, shopLine, shopProduct, visitorOf } from '../test/shop.ts';

const onPostgres = testEngine() === 'postgres';

let s: TestServer;
let other: TestServer;
let sink: SmtpSink;
let book: { productId: string; variantId: string };
beforeAll(async () => {
  if (!onPostgres) return;
  sink = await smtpSink();
  // The jobs (the back-in-stock e-mails) run on the first process.
  s = await startTestServer({ env: { SMTP_URL: sink.url } });
  other = await startSecondProcess(s, { clock: s.clock, env: { JOBS: 'false', SMTP_URL: sink.url } });
  book = await shopProduct(s, { name: 'Two Process Book', price: '8' });
});
afterAll(async () => {
  await other?.stop();
  await s?.stop();
  await sink?.close();
});

async function checkoutLink(server: TestServer, auth: string) {
  const made = await server.request<{ checkout: { id: string } }>('POST', '/ecom/v1/checkouts', {
    auth,
    body: { channelType: 'WEB', lineItems: [shopLine(book, 1)] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = made.body.checkout.id;
  const r = await server.request<{ checkoutUrl: string }>('GET', `/ecom/v1/checkouts/${id}/checkout-url`, {
    auth,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id, token: new URL(r.body.checkoutUrl).searchParams.get('checkoutToken')! };
}

describe.skipIf(!onPostgres)('two processes on one PostgreSQL', () => {
  it('checkout links both make at once, the first links of the store, open on the other', async () => {
    const visitors = await Promise.all([visitorOf(s), visitorOf(other)]);
    // Neither process has signed a checkout link yet: both make the store's link secret at once.
    const links = await Promise.all([checkoutLink(s, visitors[0]), checkoutLink(other, visitors[1])]);
    const opened = await Promise.all(
      [other, s].map((server, i) =>
        server.request<HostedCheckoutSession>('POST', '/_api/hosted-checkout/v1/session', {
          body: { checkoutToken: links[i]!.token, checkoutId: links[i]!.id },
        }),
      ),
    );
    for (const [i, r] of opened.entries()) {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.checkoutId).toBe(links[i]!.id);
      expect(decodeJwt(r.body.accessToken).sub).toBe(decodeJwt(visitors[i]!).sub);
      // The page's token reads the checkout on the process that made the link.
      const server = i ? other : s;
      const read = await server.request<{ checkout: { id: string } }>(
        'GET',
        `/ecom/v1/checkouts/${links[i]!.id}`,
        {
          auth: r.body.accessToken,
        },
      );
      expect(read.status, JSON.stringify(read.body)).toBe(200);
    }
  });

  it("a visitor's tokens from one process work on the other, which renews them, and its cart is one", async () => {
    const issued = await anonymousTokens(s, bundledClientId(s));
    const added = await other.request<{ cart: { id: string } }>(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      {
        auth: issued.access_token,
        body: { lineItems: [shopLine(book, 2)] },
      },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const renewed = await token(other, {
      clientId: bundledClientId(s),
      grantType: 'refresh_token',
      refreshToken: issued.refresh_token,
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(decodeJwt(renewed.body.access_token).sub).toBe(decodeJwt(issued.access_token).sub);
    const cart = await s.request<{ cart: { id: string; lineItems: { quantity: number }[] } }>(
      'GET',
      '/ecom/v1/carts/current',
      { auth: renewed.body.access_token },
    );
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    expect(cart.body.cart.id).toBe(added.body.cart.id);
    expect(cart.body.cart.lineItems.map((l) => l.quantity)).toEqual([2]);
  });

  it('a link one process e-mailed works on the other: a back-in-stock e-mail unsubscribes there', async () => {
    const sold = await soldOutProduct(s, { name: 'Two Process Lamp' });
    const email = 'two-processes@example.test';
    const asked = await askToBeNotified(other, await visitorOf(other), { productId: sold.productId, email });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const restocked = await other.admin('PATCH', `/stores/v3/inventory-items/${sold.inventoryItemIds[0]}`, {
      inventoryItem: { quantity: 3 },
    });
    expect(restocked.status, JSON.stringify(restocked.body)).toBe(200);
    await untilStatus(s, [asked.body.request.id], 'NOTIFICATION_SENT');
    const mail = await s.until(async () => received(sink, email)[0]);
    const link = /(http:\/\/\S+\/back-in-stock-service\/v1\/unsubscribe\?token=[\w.%-]+)/.exec(mail)?.[1];
    expect(link, mail).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    const gone = await other.request('POST', '/back-in-stock-service/v1/unsubscribe', { body: { token } });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await requestOf(s, asked.body.request.id)).toBeUndefined();
  });

  it("a price changed through one process shows at once in the other's kept product list", async () => {
    const visitor = await visitorOf(s);
    const priceOf = async (id: string) => {
      const r = await s.request<{
        products: { id: string; actualPriceRange: { minValue: { amount: string } } }[];
      }>('POST', '/stores/v3/products/query', {
        auth: visitor,
        body: { query: { cursorPaging: { limit: 100 } } },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.products.find((p) => p.id === id)?.actualPriceRange.minValue.amount;
    };
    const { product } = await shopProduct(other, { name: 'Two Process Vase', price: '10', quantity: 1 });
    expect(await priceOf(product.id)).toBe('10.00');
    expect(await priceOf(product.id)).toBe('10.00');
    await setPrice(other, product, '12');
    expect(await priceOf(product.id)).toBe('12.00');
  });
});
