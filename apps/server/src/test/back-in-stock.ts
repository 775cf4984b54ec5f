import type { WireBackInStockRequest } from '@vitrine/contract';
import { expect } from 'vitest';
import { smtpSink } from './identity.ts';
import type { TestServer } from './server.ts';
import { STORES_APP } from './shop.ts';

/** Helpers shared by the back-in-stock tests (not used by the server). */

export const BIS = '/back-in-stock-service/v1/back-in-stock-notification-requests';
export { smtpSink };
export type SmtpSink = Awaited<ReturnType<typeof smtpSink>>;

export interface SoldOut {
  productId: string;
  slug: string;
  variantIds: string[];
  inventoryItemIds: string[];
}

/**
 * A product whose variants are all out of stock (tracked, quantity 0): one variant, or one per size
 * (`sizes`), priced `price`.
 */
export async function soldOutProduct(
  s: TestServer,
  o: { name?: string; price?: string; sizes?: string[] } = {},
): Promise<SoldOut> {
  const name = o.name ?? `Sold out ${Math.random().toString(36).slice(2, 8)}`;
  const price = { actualPrice: { amount: o.price ?? '12.50' } };
  const r = await s.admin<{
    product: { id: string; slug: string; variantsInfo: { variants: { id: string }[] } };
  }>('POST', '/stores/v3/products', {
    product: {
      name,
      ...(o.sizes
        ? {
            options: [{ name: 'Size', choicesSettings: { choices: o.sizes.map((n) => ({ name: n })) } }],
            variantsInfo: {
              variants: o.sizes.map((size) => ({
                price,
                choices: [{ optionChoiceNames: { optionName: 'Size', choiceName: size } }],
                inventoryItem: { quantity: 0 },
              })),
            },
          }
        : { variantsInfo: { variants: [{ price, inventoryItem: { quantity: 0 } }] } }),
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const variantIds = r.body.product.variantsInfo.variants.map((v) => v.id);
  const q = await s.admin<{ inventoryItems: { id: string; variantId: string }[] }>(
    'POST',
    '/stores/v3/inventory-items/query',
    { query: { filter: { productId: r.body.product.id } } },
  );
  expect(q.status, JSON.stringify(q.body)).toBe(200);
  const inventoryItemIds = variantIds.map((v) => q.body.inventoryItems.find((i) => i.variantId === v)!.id);
  return { productId: r.body.product.id, slug: r.body.product.slug, variantIds, inventoryItemIds };
}

export const refOf = (productId: string, variantId?: string) => ({
  catalogItemId: productId,
  appId: STORES_APP,
  ...(variantId ? { options: { variantId } } : {}),
});

/** Creates a request over HTTP as `auth`; answers the whole answer. */
export const askToBeNotified = (
  s: TestServer,
  auth: string,
  o: { productId: string; variantId?: string; email: string; itemDetails?: Record<string, unknown> },
) =>
  s.request<{ request: WireBackInStockRequest }>('POST', BIS, {
    auth,
    body: {
      request: { catalogReference: refOf(o.productId, o.variantId), email: o.email },
      ...(o.itemDetails ? { itemDetails: o.itemDetails } : {}),
    },
  });

/** A request as the admin sees it (undefined once deleted). */
export async function requestOf(s: TestServer, id: string): Promise<WireBackInStockRequest | undefined> {
  const r = await s.admin<{ request: WireBackInStockRequest }>('GET', `${BIS}/${id}`);
  if (r.status === 404) return undefined;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.request;
}

/** Waits until every request has the status; moves the clock a second a look (the notifier paces itself). */
export async function untilStatus(s: TestServer, ids: readonly string[], status: string) {
  await s.until(async () => {
    s.clock.advance(1000);
    for (const id of ids) if ((await requestOf(s, id))?.status !== status) return false;
    return true;
  }, 30_000);
}

/** The messages an SMTP sink received for an address, decoded enough to read (quoted-printable undone). */
export function received(sink: SmtpSink, to: string): string[] {
  return sink.received
    .filter((m) => m.to.includes(to))
    .map((m) =>
      m.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
}
