/**
 * create-checkout from the current cart over HTTP: the cart's open checkout is brought up to date
 * with the cart and answered again (same id), keeping what the shopper entered in it; a completed one
 * is never reused; a visitor's checkout follows them into the member account they sign in to from
 * that session, and nobody else's is reused (README, "A checkout from the cart").
 */
import { ENTITY_FQDN } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf } from '../../test/discounts.ts';
import { freshEmail, register } from '../../test/identity.ts';
import { anonymousTokens, shopClient, signInFrom } from '../../test/oauth.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { NY_ADDRESS, shopLine, shopProduct } from '../../test/shop.ts';

const K = '/ecom/v1/checkouts';
const C = '/ecom/v1/carts/current';
interface Checkout {
  id: string;
  cartId?: string;
  completed: boolean;
  buyerInfo: { email?: string; visitorId?: string; memberId?: string };
  buyerNote?: string;
  customFields?: { title: string; value: unknown }[];
  billingInfo?: { address?: { city?: string } };
  shippingInfo: {
    shippingDestination?: { address?: { city?: string }; contactDetails?: { firstName?: string } };
    selectedCarrierServiceOption?: { code: string };
  };
  appliedDiscounts: { coupon?: { code: string } }[];
  lineItems: { id: string; quantity: number; productName: { original: string } }[];
}

let s: TestServer;
let clientId: string;
let pen: { productId: string; variantId: string };
let ink: { productId: string; variantId: string };
const visitor = async () => (await anonymousTokens(s, clientId)).access_token;
const add = (auth: string, lines: unknown[]) =>
  s.request<{ cart: { id: string; lineItems: { id: string; quantity: number }[] } }>(
    'POST',
    `${C}/add-to-cart`,
    { auth, body: { lineItems: lines } },
  );
const checkOut = async (auth: string, body: Record<string, unknown> = {}) => {
  const r = await s.request<{ checkoutId: string }>('POST', `${C}/create-checkout`, {
    auth,
    body: { channelType: 'WEB', ...body },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.checkoutId;
};
const read = (auth: string, id: string) => s.request<{ checkout: Checkout }>('GET', `${K}/${id}`, { auth });
const lines = (c: Checkout) => c.lineItems.map((l) => [l.productName.original, l.quantity]);
/** The checkout's buyer e-mail, address and name, as the hosted checkout's contact step sends them. */
const fillIn = async (auth: string, id: string, email: string) => {
  const r = await s.request('PATCH', `${K}/${id}`, {
    auth,
    body: {
      checkout: {
        buyerInfo: { email },
        shippingInfo: { shippingDestination: { address: NY_ADDRESS, contactDetails: { firstName: 'Ada' } } },
      },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

beforeAll(async () => {
  s = await startTestServer();
  clientId = await shopClient(s);
  const region = await s.admin('POST', '/ecom/v1/shipping-regions', {
    shippingRegion: {
      name: 'United States',
      destinations: [{ country: 'US' }],
      options: [
        { code: 'standard', title: 'Standard', rule: { type: 'FLAT', cost: '5' } },
        { code: 'express', title: 'Express', rule: { type: 'FLAT', cost: '15' } },
      ],
    },
  });
  expect(region.status, JSON.stringify(region.body)).toBe(200);
  pen = await shopProduct(s, { name: 'Reuse Pen', price: '4', quantity: 50, physical: true });
  ink = await shopProduct(s, { name: 'Reuse Ink', price: '6', quantity: 50, physical: true });
  const coupon = await s.admin('POST', '/stores/v2/coupons', {
    specification: {
      name: 'Reuse 10',
      code: 'REUSE10',
      startTime: new Date(0).toISOString(),
      percentOffRate: 10,
    },
  });
  expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
});
afterAll(async () => {
  await s?.stop();
});

describe('create-checkout from the current cart', () => {
  it("answers the cart's open checkout, with the cart's lines and coupon and what the shopper entered", async () => {
    const v = await visitor();
    const cart = (await add(v, [shopLine(pen)])).body.cart;
    const id = await checkOut(v);
    await fillIn(v, id, 'reuse@example.test');
    const chosen = await s.request<{ checkout: Checkout }>('PATCH', `${K}/${id}`, {
      auth: v,
      body: {
        checkout: {
          shippingInfo: { selectedCarrierServiceOption: { code: 'express' } },
          billingInfo: { address: { ...NY_ADDRESS, city: 'Albany' } },
          buyerNote: 'ring twice',
          customFields: [{ title: 'Gift', value: 'yes' }],
        },
      },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);

    // Back to the cart: another item, another quantity, a coupon.
    await add(v, [shopLine(ink, 2)]);
    const q = await s.request('POST', `${C}/update-line-items-quantity`, {
      auth: v,
      body: { lineItems: [{ id: cart.lineItems[0]!.id, quantity: 3 }] },
    });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect((await s.request('PATCH', C, { auth: v, body: { couponCode: 'REUSE10' } })).status).toBe(200);

    expect(await checkOut(v)).toBe(id);
    const c = (await read(v, id)).body.checkout;
    expect(c).toMatchObject({
      id,
      cartId: cart.id,
      completed: false,
      buyerInfo: { email: 'reuse@example.test' },
      buyerNote: 'ring twice',
      customFields: [{ title: 'Gift', value: 'yes' }],
      billingInfo: { address: { city: 'Albany' } },
      shippingInfo: {
        shippingDestination: { address: { city: 'New York' }, contactDetails: { firstName: 'Ada' } },
        selectedCarrierServiceOption: { code: 'express' },
      },
    });
    expect(lines(c)).toEqual([
      ['Reuse Pen', 3],
      ['Reuse Ink', 2],
    ]);
    expect(c.appliedDiscounts.map((d) => d.coupon?.code)).toEqual(['REUSE10']);
    const events = await eventsOf(s, ENTITY_FQDN.checkout, id);
    const last = events.at(-1)!;
    expect(last.eventType).toBe('wix.ecom.v1.checkout_updated');
    expect(JSON.stringify(last)).toMatch(/"lineItems":true/);

    // The coupon removed from the cart, and a line: the checkout follows; pressed again, no change.
    await s.request('POST', `${C}/remove-coupon`, { auth: v, body: {} });
    await s.request('POST', `${C}/remove-line-items`, {
      auth: v,
      body: { lineItemIds: [cart.lineItems[0]!.id] },
    });
    expect(await checkOut(v)).toBe(id);
    expect(await checkOut(v)).toBe(id);
    const after = (await read(v, id)).body.checkout;
    expect(lines(after)).toEqual([['Reuse Ink', 2]]);
    expect(after.appliedDiscounts).toEqual([]);
    expect(after.buyerInfo.email).toBe('reuse@example.test');
    expect(
      (await s.request<{ checkout: Checkout }>('GET', `${K}/by-cart-id/${cart.id}`, { auth: v })).body
        .checkout.id,
    ).toBe(id);
    // What the call's body gives is new information too.
    expect(await checkOut(v, { email: 'other@example.test' })).toBe(id);
    expect((await read(v, id)).body.checkout.buyerInfo.email).toBe('other@example.test');
  });

  it('never reuses a completed checkout: a new one is made', async () => {
    const v = await visitor();
    await add(v, [shopLine(pen)]);
    const first = await checkOut(v);
    const done = await s.admin('POST', `${K}/${first}/mark-as-completed`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const next = await checkOut(v);
    expect(next).not.toBe(first);
    expect((await read(v, next)).body.checkout.completed).toBe(false);
    expect(await checkOut(v)).toBe(next);
  });

  it('follows a visitor into the member account they sign in to from that session, and reuses no one else’s', async () => {
    const email = freshEmail('reuse');
    expect((await register(s, email, 'Correct-Horse-42')).status).toBe(200);
    const loginAs = (visitorToken: string) =>
      signInFrom(s, { clientId, visitorToken, email, password: 'Correct-Horse-42' });
    const v = await visitor();
    await add(v, [shopLine(pen)]);
    const id = await checkOut(v);
    await fillIn(v, id, 'typed@example.test');

    // Signed in from that session: the member owns the cart, and the checkout becomes theirs.
    const m = await loginAs(v);
    expect(await checkOut(m)).toBe(id);
    const c = (await read(m, id)).body.checkout;
    expect(c.buyerInfo).toMatchObject({ memberId: expect.any(String), email: 'typed@example.test' });
    expect(c.shippingInfo.shippingDestination?.address?.city).toBe('New York');
    expect((await read(v, id)).status).toBe(404);
    // The member's, it is theirs in a later session too.
    const later = await loginAs(await visitor());
    expect(await checkOut(later)).toBe(id);

    // A visitor's checkout whose cart a member took over, checked out by that member in another
    // session (which does not carry that visitor): not theirs to see, so a new checkout.
    const email2 = freshEmail('reuse');
    expect((await register(s, email2, 'Correct-Horse-42')).status).toBe(200);
    const v2 = await visitor();
    await add(v2, [shopLine(ink)]);
    const visitors = await checkOut(v2);
    await fillIn(v2, visitors, 'shared@example.test');
    const m2 = await signInFrom(s, {
      clientId,
      visitorToken: v2,
      email: email2,
      password: 'Correct-Horse-42',
    });
    expect((await s.request('GET', C, { auth: m2 })).status).toBe(200);
    const elsewhere = await signInFrom(s, {
      clientId,
      visitorToken: await visitor(),
      email: email2,
      password: 'Correct-Horse-42',
    });
    const own = await checkOut(elsewhere);
    expect(own).not.toBe(visitors);
    expect((await read(elsewhere, own)).body.checkout.buyerInfo.email).toBe(email2);
    expect((await read(v2, visitors)).body.checkout.buyerInfo.email).toBe('shared@example.test');
  });
});
