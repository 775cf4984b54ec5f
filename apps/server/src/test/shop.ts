import { expect } from 'vitest';
import type { HostedCheckoutSession, PaymentLink } from '@vitrine/contract';
import { anonymousTokens, bundledClientId, shopClient } from './oauth.ts';
import { testEngine } from './database.ts';
import { startSecondProcess, startTestServer, type TestServer } from './server.ts';

/** Shop orders placed the way the hosted checkout places them, over HTTP (helpers for tests). */

export const STORES_APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
export const CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
  holderName: 'Ada Lovelace',
};

/**
 * A product with one variant (100 in stock); PHYSICAL ones weigh 0.5 kg. Its ids, and the product as
 * made (`product`, for `setPrice`).
 */
export async function shopProduct(
  s: TestServer,
  /** `quantity` in stock (100 unless given), or with `untracked` an item whose stock is not tracked. */
  o: {
    name?: string;
    price: string;
    physical?: boolean;
    quantity?: number;
    untracked?: boolean;
    /** The collections (categories) it is put in. */
    categoryIds?: string[];
  },
) {
  const r = await s.admin<{ product: PricedProduct }>('POST', '/stores/v3/products', {
    product: {
      name: o.name ?? `Product ${Math.random().toString(36).slice(2, 8)}`,
      productType: o.physical ? 'PHYSICAL' : 'DIGITAL',
      ...(o.categoryIds?.length
        ? { directCategoriesInfo: { categories: o.categoryIds.map((id) => ({ id })) } }
        : {}),
      variantsInfo: {
        variants: [
          {
            price: { actualPrice: { amount: o.price } },
            inventoryItem: o.untracked ? { inStock: true } : { quantity: o.quantity ?? 100 },
            ...(o.physical ? { physicalProperties: { weight: 0.5 } } : {}),
          },
        ],
      },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const product = r.body.product;
  return { productId: product.id, variantId: product.variantsInfo.variants[0]!.id, product };
}

/** A collection (a v3 category) by name: its id. */
export async function shopCollection(s: TestServer, name: string): Promise<string> {
  const r = await s.admin<{ category: { id: string } }>('POST', '/categories/v1/categories', {
    category: { name },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.category.id;
}

/** A US address a checkout ships to. */
export const NY_ADDRESS = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};

/** A shipping region for the US with one flat-rate option, `standard` at 5. */
export async function usFlatShipping(s: TestServer) {
  const region = await s.admin('POST', '/ecom/v1/shipping-regions', {
    shippingRegion: {
      name: 'United States',
      destinations: [{ country: 'US' }],
      options: [{ code: 'standard', title: 'Standard', rule: { type: 'FLAT', cost: '5' } }],
    },
  });
  expect(region.status, JSON.stringify(region.body)).toBe(200);
}

/**
 * A store that ships to the US at a flat 5 (usFlatShipping) and sells a "Walnut Desk" at 240: the
 * server and a line of `quantity` desks (the payment link and Create order tests' shop).
 */
export async function deskStore(quantity: number) {
  const s = await startTestServer();
  await usFlatShipping(s);
  const line = shopLine(
    await shopProduct(s, { name: 'Walnut Desk', price: '240', physical: true }),
    quantity,
  );
  return { s, line };
}

/** A line item of `quantity` of a shopProduct. */
export const shopLine = (p: { productId: string; variantId: string }, quantity = 1) => ({
  catalogReference: { catalogItemId: p.productId, appId: STORES_APP, options: { variantId: p.variantId } },
  quantity,
});

/** A shop's OAuth client, a maker of its visitors' tokens, and a line of a new product. */
export async function shopperKit(s: TestServer, price: string) {
  const clientId = await shopClient(s);
  const line = shopLine(await shopProduct(s, { price }));
  return { clientId, line, visitor: async () => (await anonymousTokens(s, clientId)).access_token };
}

export const visitorOf = async (s: TestServer) => (await anonymousTokens(s, bundledClientId(s))).access_token;

export interface ShopOrderInput {
  auth: string;
  product: { productId: string; variantId: string };
  quantity?: number;
  email?: string;
  /** A US address (delivery); else nothing (digital goods, or `pickupCode`). */
  address?: boolean;
  /** The delivery option chosen with `address` (else the checkout's own choice, when it makes one). */
  shippingCode?: string;
  pickupCode?: string;
  /** The checkout's `billingInfo` (none unless given). */
  billingInfo?: Record<string, unknown>;
  giftCardCode?: string;
  /** create-order's `delayCapture`: the payment only authorizes, the merchant captures. */
  delayCapture?: boolean;
}

/** Checkout → contact (and address or pickup, gift card) → create-order; answers the ids. */
export async function placeShopOrder(
  s: TestServer,
  o: ShopOrderInput,
): Promise<{ orderId: string; paymentGatewayOrderId?: string; checkoutId: string }> {
  const made = await s.request<{ checkout: { id: string } }>('POST', '/ecom/v1/checkouts', {
    auth: o.auth,
    body: {
      channelType: 'WEB',
      lineItems: [
        {
          catalogReference: {
            catalogItemId: o.product.productId,
            appId: STORES_APP,
            options: { variantId: o.product.variantId },
          },
          quantity: o.quantity ?? 1,
        },
      ],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = made.body.checkout.id;
  const contactDetails = { firstName: 'Ada', lastName: 'Lovelace' };
  const shippingInfo = o.address
    ? {
        shippingDestination: {
          address: NY_ADDRESS,
          contactDetails,
        },
        ...(o.shippingCode ? { selectedCarrierServiceOption: { code: o.shippingCode } } : {}),
      }
    : {
        shippingDestination: { contactDetails },
        ...(o.pickupCode ? { selectedCarrierServiceOption: { code: o.pickupCode } } : {}),
      };
  const updated = await s.request('PATCH', `/ecom/v1/checkouts/${id}`, {
    auth: o.auth,
    body: {
      checkout: {
        buyerInfo: { email: o.email ?? 'ada@example.test' },
        shippingInfo,
        ...(o.billingInfo ? { billingInfo: o.billingInfo } : {}),
      },
      ...(o.giftCardCode ? { giftCardCode: o.giftCardCode } : {}),
    },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  const placed = await s.request<{ orderId: string; paymentGatewayOrderId?: string }>(
    'POST',
    `/ecom/v1/checkouts/${id}/create-order`,
    { auth: o.auth, body: { id, ...(o.delayCapture ? { delayCapture: true } : {}) } },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return { ...placed.body, checkoutId: id };
}

/** Pays a gateway order with the test card, as the buyer. */
/**
 * The buyer's token for a checkout made for them, as the hosted checkout page gets it: from a
 * payment link the merchant makes, opened and exchanged for a session.
 */
export async function buyerOf(s: TestServer, checkoutId: string): Promise<string> {
  const K = '/ecom/v1/checkouts';
  const link = await s.admin<{ paymentLink: PaymentLink }>('POST', `${K}/${checkoutId}/payment-link`, {});
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const to = (await fetch(link.body.paymentLink.url, { redirect: 'manual' })).headers.get('location')!;
  const session = await s.request<HostedCheckoutSession>('POST', '/_api/hosted-checkout/v1/session', {
    body: { checkoutToken: new URL(to).searchParams.get('checkoutToken'), checkoutId },
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return session.body.accessToken;
}

/**
 * The buyer on the hosted checkout page: gives a New York address and the standard delivery
 * (usFlatShipping) to their checkout, and places the order (its ids).
 */
export async function shipToNyAndPlace(
  s: TestServer,
  auth: string,
  checkoutId: string,
  contactDetails = { firstName: 'Pat', lastName: 'Buyer' },
) {
  const K = '/ecom/v1/checkouts';
  const patched = await s.request('PATCH', `${K}/${checkoutId}`, {
    auth,
    body: {
      checkout: {
        shippingInfo: {
          shippingDestination: { address: NY_ADDRESS, contactDetails },
          selectedCarrierServiceOption: { code: 'standard' },
        },
      },
    },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const placed = await s.request<{ orderId: string; paymentGatewayOrderId: string }>(
    'POST',
    `${K}/${checkoutId}/create-order`,
    { auth, body: { id: checkoutId } },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body;
}

export async function payAsBuyer(s: TestServer, auth: string, paymentGatewayOrderId: string) {
  const r = await s.request<{ status: string; paymentId: string }>('POST', '/payments/v1/test-gateway/pay', {
    auth,
    body: { paymentGatewayOrderId, card: CARD },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** A product as the catalog answers it, with what a price change names. */
/** The inventory item of a product of one variant (its id and quantity), as the admin API answers it. */
export async function inventoryItemOf(s: TestServer, productId: string) {
  const r = await s.admin<{ inventoryItems: { id: string; quantity: number }[] }>(
    'POST',
    '/stores/v3/inventory-items/query',
    { query: { filter: { productId } } },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.inventoryItems[0]!;
}

export interface PricedProduct {
  id: string;
  revision: string;
  variantsInfo: { variants: { id: string }[] };
}

/** Sets the price of a product's first variant, as the dashboard does; answers the product as saved. */
export async function setPrice<P extends PricedProduct>(s: TestServer, p: P, amount: string): Promise<P> {
  const r = await s.admin<{ product: P }>('PATCH', `/stores/v3/products/${p.id}`, {
    product: {
      id: p.id,
      revision: p.revision,
      variantsInfo: {
        variants: [{ id: p.variantsInfo.variants[0]!.id, price: { actualPrice: { amount } } }],
      },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.product;
}

/**
 * A store for the tests of what a process keeps between calls (kept carts, checkouts): a server,
 * another process on the same database (on PostgreSQL; on PGlite the same one) with no jobs of its
 * own, sharing the server's clock, and a product `name` at 10 with 50 in stock.
 */
export async function keptStateStore(name: string) {
  const s = await startTestServer();
  const other =
    testEngine() === 'postgres' ? await startSecondProcess(s, { clock: s.clock, env: { JOBS: 'false' } }) : s;
  const { product } = await shopProduct(s, { name, price: '10', quantity: 50, physical: true });
  return {
    s,
    other,
    product,
    async stop() {
      if (other !== s) await other.stop();
      await s.stop();
    },
  };
}

/** A store-pickup location in Boston (name and instructions as given); answers its id, the checkout's pickup code. */
export async function pickupLocation(
  s: TestServer,
  o: { name: string; instructions: string },
): Promise<string> {
  const r = await s.admin<{ pickupLocation: { id: string } }>('POST', '/ecom/v1/pickup-locations', {
    pickupLocation: {
      name: o.name,
      pickupMethod: 'STORE_PICKUP',
      address: {
        country: 'US',
        subdivision: 'US-MA',
        city: 'Boston',
        addressLine: '1 Pier Road',
        postalCode: '02110',
      },
      instructions: o.instructions,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.pickupLocation.id;
}
