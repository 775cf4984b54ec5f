import type { Order } from '@vitrine/contract';
import { expect } from 'vitest';
import type { Caller } from '../platform/context.ts';
import { startTestServer, type Answer, type TestServer, type TestServerOptions } from './server.ts';

/** Helpers shared by the orders tests (not used by the server). */

/** A test server whose token verifier maps `visitor:<id>` and `member:<id>` to those callers. */
export function ordersServer(o: TestServerOptions = {}): Promise<TestServer> {
  const verifyToken = async (t: string): Promise<Caller | null> =>
    t.startsWith('member:')
      ? { role: 'member', memberId: t.slice(7) }
      : t.startsWith('visitor:')
        ? { role: 'visitor', visitorId: t.slice(8) }
        : null;
  return startTestServer({ verifyToken, ...o });
}

export const ok = <T>(r: Answer<T>): T => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

/** A valid createOrder body: `lines` of [name, unit amount, quantity]; shipping and tax added to the total. */
export function orderBody(
  o: {
    lines?: [string, string, number][];
    email?: string;
    shipping?: string;
    tax?: string;
    discount?: string;
    visitorId?: string;
    memberId?: string;
    extra?: Record<string, unknown>;
    settings?: Record<string, unknown>;
    variantIds?: string[];
  } = {},
) {
  const lines = o.lines ?? [['Shirt', '10.00', 2]];
  const cents = (s: string) => Math.round(Number(s) * 100);
  const subtotal = lines.reduce((s, [, p, q]) => s + cents(p) * q, 0);
  const total = subtotal + cents(o.shipping ?? '0') + cents(o.tax ?? '0') - cents(o.discount ?? '0');
  const amount = (c: number) => ({ amount: (c / 100).toFixed(2) });
  return {
    order: {
      channelInfo: { type: 'WEB' },
      lineItems: lines.map(([name, price, quantity], i) => ({
        productName: { original: name },
        catalogReference: {
          catalogItemId: `item-${i}`,
          appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
          ...(o.variantIds?.[i] ? { options: { variantId: o.variantIds[i] } } : {}),
        },
        quantity,
        price: { amount: price },
        itemType: { preset: 'PHYSICAL' },
      })),
      priceSummary: {
        subtotal: amount(subtotal),
        total: amount(total),
        ...(o.shipping ? { shipping: { amount: o.shipping } } : {}),
        ...(o.tax ? { tax: { amount: o.tax } } : {}),
        ...(o.discount ? { discount: { amount: o.discount } } : {}),
      },
      currency: 'USD',
      buyerInfo: {
        email: o.email ?? 'ada@example.test',
        ...(o.visitorId ? { visitorId: o.visitorId } : {}),
        ...(o.memberId ? { memberId: o.memberId } : {}),
      },
      billingInfo: {
        address: { country: 'US', addressLine: '1 Main St' },
        contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
      },
      ...o.extra,
    },
    ...(o.settings ? { settings: o.settings } : {}),
  };
}

export async function createOrder(s: TestServer, body = orderBody()): Promise<Order> {
  return ok(await s.admin<{ order: Order }>('POST', '/ecom/v1/orders', body)).order;
}
