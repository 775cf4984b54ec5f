import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import {
  appError,
  startSecondProcess,
  startTestServer,
  violations,
  type TestServer,
} from '../../test/server.ts';
import { anonymousTokens, bundledClientId } from '../../test/oauth.ts';
import { shopProduct } from '../../test/shop.ts';

const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const K = '/ecom/v1/checkouts';
type Money = { amount: string };
interface Checkout {
  id: string;
  cartId?: string;
  completed: boolean;
  buyerInfo: { email?: string; visitorId?: string };
  lineItems: { id: string; quantity: number; price: Money; availability: { status: string } }[];
  priceSummary: { subtotal: Money; total: Money; discount: Money; shipping: Money; tax: Money };
  violations: { severity: string; description: string; target: unknown }[];
}

let s: TestServer;
const visitor = async () => (await anonymousTokens(s, bundledClientId(s))).access_token;

/** A digital product (no shipping needed) with `quantity` in stock; its id and variant id. */
const ebook = (name: string, price: string, quantity: number) => shopProduct(s, { name, price, quantity });
const line = (p: { productId: string; variantId: string }, quantity = 1) => ({
  catalogReference: { catalogItemId: p.productId, appId: APP, options: { variantId: p.variantId } },
  quantity,
});
const create = (auth: string, body: Record<string, unknown>) =>
  s.request<{ checkout: Checkout }>('POST', K, { auth, body: { channelType: 'WEB', ...body } });
const stockOf = async (productId: string) => {
  const r = await s.admin<{ inventoryItems: { quantity?: number }[] }>(
    'POST',
    '/stores/v3/inventory-items/query',
    { query: { filter: { productId } } },
  );
  return r.body.inventoryItems[0]!.quantity;
};

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('checkout', () => {
  it('is created from line items, priced, readable only by its buyer, and has a hosted checkout URL', async () => {
    const book = await ebook('Checkout Book', '12.50', 10);
    const v = await visitor();
    const r = await create(v, {
      lineItems: [line(book, 2)],
      checkoutInfo: { buyerInfo: { email: 'ada@example.test' } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const co = r.body.checkout;
    expect(co).toMatchObject({
      completed: false,
      buyerInfo: { email: 'ada@example.test', visitorId: expect.any(String) },
      priceSummary: { subtotal: { amount: '25.00' }, total: { amount: '25.00' } },
    });
    expect(
      (await s.request<{ checkout: Checkout }>('GET', `${K}/${co.id}?id=${co.id}`, { auth: v })).body.checkout
        .id,
    ).toBe(co.id);
    expect(
      (await s.request<{ checkoutUrl: string }>('GET', `${K}/${co.id}/checkout-url`, { auth: v })).body
        .checkoutUrl,
    ).toMatch(
      new RegExp(`^${s.url}/checkout\\?checkoutId=${co.id}&checkoutToken=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`),
    );
    const other = await s.request('GET', `${K}/${co.id}`, { auth: await visitor() });
    expect([other.status, appError(other.body).code]).toEqual([404, 'CHECKOUT_NOT_FOUND']);
    expect((await s.admin('GET', `${K}/${co.id}`)).status).toBe(200);
    const noChannel = await s.request('POST', K, { auth: v, body: { lineItems: [line(book)] } });
    expect(violations(noChannel.body)[0]).toMatchObject({ field: 'channelType' });
    const badUrl = await s.request('PATCH', `${K}/${co.id}`, {
      auth: v,
      body: { overrideCheckoutUrl: 'not a url' },
    });
    expect(violations(badUrl.body)[0]).toMatchObject({ field: 'overrideCheckoutUrl' });
    const mask = await s.request('PATCH', `${K}/${co.id}`, {
      auth: v,
      body: { checkout: { buyerNote: 'hi' }, fieldMask: 'createdDate' },
    });
    expect(violations(mask.body)[0]).toMatchObject({ field: 'fieldMask' });
  });

  it('finds items named by their variant in the statement that reads the checkout (create, add, update), and the same ones not found', async () => {
    const [a, b, gone] = [
      await ebook('Named Book A', '4', 10),
      await ebook('Named Book B', '6.50', 10),
      await ebook('Named Book Gone', '3', 0),
    ];
    const v = await visitor();
    const named = (co: Checkout) =>
      co.lineItems.map((l) => [
        (l as unknown as { productName: { original: string } }).productName.original,
        l.quantity,
        l.price.amount,
      ]);
    const made = await create(v, { lineItems: [line(a)] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.checkout.id;
    // Ids in capitals name the same variant, and so the same line.
    const upper = { productId: a.productId.toUpperCase(), variantId: a.variantId.toUpperCase() };
    const added = await s.request<{ checkout: Checkout }>('POST', `${K}/${id}/add-to-checkout`, {
      auth: v,
      body: { lineItems: [line(b), line(upper, 2)] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(named(added.body.checkout)).toEqual([
      ['Named Book A', 3, '4.00'],
      ['Named Book B', 1, '6.50'],
    ]);
    const patched = await s.request<{ checkout: Checkout }>('PATCH', `${K}/${id}`, {
      auth: v,
      body: { lineItems: [line(b, 2)] },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(named(patched.body.checkout)).toEqual([
      ['Named Book A', 3, '4.00'],
      ['Named Book B', 3, '6.50'],
    ]);
    // A reference naming its product alone is looked up on its own (its only variant), into the same line.
    const byProduct = await s.request<{ checkout: Checkout }>('POST', `${K}/${id}/add-to-checkout`, {
      auth: v,
      body: { lineItems: [{ catalogReference: { catalogItemId: a.productId, appId: APP }, quantity: 1 }] },
    });
    expect(named(byProduct.body.checkout)).toEqual([
      ['Named Book A', 4, '4.00'],
      ['Named Book B', 3, '6.50'],
    ]);
    const wrongs = [
      { productId: a.productId, variantId: b.variantId }, // another product's variant
      { productId: a.productId, variantId: '0190a0a0-0000-7000-8000-000000000000' },
      { productId: a.productId, variantId: 'not-a-uuid' },
      { productId: 'not-a-uuid', variantId: a.variantId },
    ];
    for (const wrong of wrongs) {
      for (const r of [
        await create(v, { lineItems: [line(wrong)] }),
        await s.request('POST', `${K}/${id}/add-to-checkout`, {
          auth: v,
          body: { lineItems: [line(wrong)] },
        }),
        await s.request('PATCH', `${K}/${id}`, { auth: v, body: { lineItems: [line(wrong)] } }),
      ])
        expect([r.status, appError(r.body).code], JSON.stringify(wrong)).toEqual([
          404,
          'CATALOG_ITEM_NOT_FOUND',
        ]);
    }
    for (const r of [
      await create(v, { lineItems: [line(gone)] }),
      await s.request('POST', `${K}/${id}/add-to-checkout`, { auth: v, body: { lineItems: [line(gone)] } }),
    ])
      expect([r.status, appError(r.body).code]).toEqual([400, 'ITEM_NOT_AVAILABLE']);
    const after = await s.request<{ checkout: Checkout }>('GET', `${K}/${id}`, { auth: v });
    expect(named(after.body.checkout)).toEqual([
      ['Named Book A', 4, '4.00'],
      ['Named Book B', 3, '6.50'],
    ]);
    // A new checkout from items named by variant (one named in capitals) and, by the owner, a custom line.
    const fresh = await s.admin<{ checkout: Checkout }>('POST', K, {
      channelType: 'WEB',
      lineItems: [line(b), line(upper, 2)],
      customLineItems: [{ quantity: 1, price: '1.50', productName: { original: 'Wrapping' } }],
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(named(fresh.body.checkout)).toEqual([
      ['Named Book B', 1, '6.50'],
      ['Named Book A', 2, '4.00'],
      ['Wrapping', 1, '1.50'],
    ]);
    expect(fresh.body.checkout.priceSummary.subtotal.amount).toBe('16.00');
  });

  it('shows an error violation for an item that sold out, and create-order refuses it with the checkout intact', async () => {
    const book = await ebook('Scarce Book', '9', 1);
    const [a, b] = [await visitor(), await visitor()];
    const first = (
      await create(a, { lineItems: [line(book)], checkoutInfo: { buyerInfo: { email: 'a@example.test' } } })
    ).body.checkout;
    const second = (
      await create(b, { lineItems: [line(book)], checkoutInfo: { buyerInfo: { email: 'b@example.test' } } })
    ).body.checkout;
    const placed = await s.request<{ orderId: string; paymentGatewayOrderId: string }>(
      'POST',
      `${K}/${first.id}/create-order`,
      { auth: a, body: { id: first.id } },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.paymentGatewayOrderId).toMatch(/^pg-/);
    expect(await stockOf(book.productId)).toBe(0);

    const late = (await s.request<{ checkout: Checkout }>('GET', `${K}/${second.id}`, { auth: b })).body
      .checkout;
    expect(late.lineItems[0]!.availability.status).toBe('NOT_AVAILABLE');
    expect(late.violations[0]).toMatchObject({
      severity: 'ERROR',
      target: { lineItem: { id: late.lineItems[0]!.id, suggestedFix: 'REMOVE_LINE_ITEM' } },
    });
    const refused = await s.request('POST', `${K}/${second.id}/create-order`, { auth: b, body: {} });
    expect([refused.status, appError(refused.body).code]).toEqual([400, 'FULL_OUT_OF_STOCK']);
    expect(
      (await s.request<{ checkout: Checkout }>('GET', `${K}/${second.id}`, { auth: b })).body.checkout
        .completed,
    ).toBe(false);
  });

  it('sets a quantity above the stock to the stock left (update-line-items-quantity); with none left the line stays, out of stock; create-order still checks', async () => {
    const book = await ebook('Few Books', '3', 4);
    const free = await shopProduct(s, { name: 'Untracked Book', price: '1', untracked: true });
    const v = await visitor();
    const co = (
      await create(v, {
        lineItems: [line(book), line(free)],
        checkoutInfo: { buyerInfo: { email: 'few@example.test' } },
      })
    ).body.checkout;
    const [bookLine, freeLine] = co.lineItems.map((l) => l.id);
    const setQuantity = async (auth: string, lineItems: { id: string; quantity: number }[]) => {
      const r = await s.request<{ checkout: Checkout }>('POST', `${K}/${co.id}/update-line-items-quantity`, {
        auth,
        body: { lineItems },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.checkout;
    };
    const raised = await setQuantity(v, [
      { id: bookLine!, quantity: 9 },
      { id: freeLine!, quantity: 30 },
    ]);
    expect(raised.lineItems.map((l) => [l.quantity, l.availability])).toEqual([
      [4, { status: 'AVAILABLE', quantityAvailable: 4 }],
      [30, { status: 'AVAILABLE' }],
    ]);
    expect(raised.priceSummary.subtotal.amount).toBe('42.00');
    expect(raised.violations).toEqual([]);
    expect((await setQuantity(v, [{ id: bookLine!, quantity: 2 }])).lineItems[0]!.quantity).toBe(2);

    // Another buyer takes all 4 while this checkout holds 2: raising it then leaves it as it is.
    const other = await visitor();
    const rival = (
      await create(other, {
        lineItems: [line(book, 4)],
        checkoutInfo: { buyerInfo: { email: 'rival@example.test' } },
      })
    ).body.checkout;
    const sold = await s.request('POST', `${K}/${rival.id}/create-order`, { auth: other, body: {} });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const none = await setQuantity(v, [{ id: bookLine!, quantity: 3 }]);
    expect(none.lineItems[0]).toMatchObject({
      quantity: 2,
      availability: { status: 'NOT_AVAILABLE', quantityAvailable: 0 },
    });
    expect(none.violations[0]).toMatchObject({
      severity: 'ERROR',
      target: { lineItem: { id: bookLine, suggestedFix: 'REMOVE_LINE_ITEM' } },
    });
    const refused = await s.request('POST', `${K}/${co.id}/create-order`, { auth: v, body: {} });
    expect([refused.status, appError(refused.body).code]).toEqual([400, 'PARTIAL_OUT_OF_STOCK']);
    expect(await stockOf(book.productId)).toBe(0);
  });

  it('places an order once: the same checkout again answers with the same order; a completed checkout is frozen', async () => {
    const book = await ebook('Once Book', '5', 5);
    const v = await visitor();
    const co = (await create(v, { lineItems: [line(book, 2)] })).body.checkout;
    const noEmail = await s.request('POST', `${K}/${co.id}/create-order`, { auth: v, body: {} });
    expect([noEmail.status, appError(noEmail.body).code]).toEqual([400, 'VIOLATIONS_WITH_ERROR_SEVERITY']);
    await s.request('PATCH', `${K}/${co.id}`, {
      auth: v,
      body: { checkout: { buyerInfo: { email: 'once@example.test' } } },
    });
    const [one, two] = await Promise.all(
      [0, 1].map(() =>
        s.request<{ orderId: string }>('POST', `${K}/${co.id}/create-order`, { auth: v, body: {} }),
      ),
    );
    expect(one!.status, JSON.stringify(one!.body)).toBe(200);
    expect(two!.body.orderId).toBe(one!.body.orderId);
    expect(await stockOf(book.productId)).toBe(3);
    const after = await s.request<{ checkout: Checkout }>('GET', `${K}/${co.id}`, { auth: v });
    expect(after.body.checkout.completed).toBe(true);
    const add = await s.request('POST', `${K}/${co.id}/add-to-checkout`, {
      auth: v,
      body: { lineItems: [line(book)] },
    });
    expect(appError(add.body).code).toBe('CHECKOUT_IS_COMPLETE');
    const order = await s.admin<{
      order: { status: string; paymentStatus: string; checkoutId: string; priceSummary: { total: Money } };
    }>('GET', `/ecom/v1/orders/${one!.body.orderId}`);
    expect(order.body.order).toMatchObject({
      status: 'INITIALIZED',
      paymentStatus: 'NOT_PAID',
      checkoutId: co.id,
      priceSummary: { total: { amount: '10.00' } },
    });
  });

  it('carries streetAddress {number, name} next to addressLine: a street given by name and number gets its address line; the order keeps both', async () => {
    const book = await ebook('Street Book', '4', 5);
    const v = await visitor();
    const street = {
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      postalCode: '10001',
      streetAddress: { number: '1', name: 'Main St' },
    };
    const berlin = {
      country: 'DE',
      city: 'Berlin',
      postalCode: '10115',
      streetAddress: { number: '5', name: 'Hauptstraße' },
    };
    const co = (
      await create(v, {
        lineItems: [line(book)],
        checkoutInfo: {
          buyerInfo: { email: 'street@example.test' },
          billingInfo: { address: berlin, contactDetails: { firstName: 'Ada' } },
        },
      })
    ).body.checkout as Checkout & Record<string, never>;
    expect((co as unknown as { billingInfo: unknown }).billingInfo).toMatchObject({
      address: { ...berlin, addressLine: 'Hauptstraße 5' },
    });
    const up = await s.request<{ checkout: { shippingInfo: { shippingDestination: unknown } } }>(
      'PATCH',
      `${K}/${co.id}`,
      {
        auth: v,
        body: {
          checkout: {
            shippingInfo: {
              shippingDestination: {
                address: street,
                contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
              },
            },
          },
        },
      },
    );
    expect(up.body.checkout.shippingInfo.shippingDestination).toMatchObject({
      address: { ...street, addressLine: '1 Main St' },
    });
    const given = await s.request<{
      checkout: { shippingInfo: { shippingDestination: { address: unknown } } };
    }>('PATCH', `${K}/${co.id}`, {
      auth: v,
      body: {
        checkout: {
          shippingInfo: {
            shippingDestination: { address: { ...street, addressLine: '1 Main Street, rear door' } },
          },
        },
      },
    });
    expect(given.body.checkout.shippingInfo.shippingDestination.address).toMatchObject({
      addressLine: '1 Main Street, rear door',
      streetAddress: street.streetAddress,
    });
    await s.request('PATCH', `${K}/${co.id}`, {
      auth: v,
      body: {
        checkout: {
          shippingInfo: { shippingDestination: { address: street, contactDetails: { firstName: 'Ada' } } },
        },
      },
    });
    const placed = await s.request<{ orderId: string }>('POST', `${K}/${co.id}/create-order`, {
      auth: v,
      body: {},
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = await s.admin<{ order: { billingInfo: unknown; recipientInfo?: unknown } }>(
      'GET',
      `/ecom/v1/orders/${placed.body.orderId}`,
    );
    expect(order.body.order.billingInfo).toMatchObject({
      address: { addressLine: 'Hauptstraße 5', streetAddress: { number: '5', name: 'Hauptstraße' } },
    });
  });

  it('turns the current cart into a checkout and deletes the cart when the order is placed', async () => {
    const book = await ebook('Cart Book', '7', 5);
    const v = await visitor();
    await s.request('POST', '/ecom/v1/carts/current/add-to-cart', {
      auth: v,
      body: { lineItems: [line(book, 1)] },
    });
    const made = await s.request<{ checkoutId: string }>('POST', '/ecom/v1/carts/current/create-checkout', {
      auth: v,
      body: { channelType: 'WEB', email: 'cart@example.test' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const byCart = await s.request<{ checkout: Checkout }>('GET', `${K}/${made.body.checkoutId}`, {
      auth: v,
    });
    expect(
      (
        await s.request<{ checkout: Checkout }>('GET', `${K}/by-cart-id/${byCart.body.checkout.cartId}`, {
          auth: v,
        })
      ).body.checkout.id,
    ).toBe(made.body.checkoutId);
    expect(
      (await s.request('POST', `${K}/${made.body.checkoutId}/create-order`, { auth: v, body: {} })).status,
    ).toBe(200);
    expect((await s.request('GET', '/ecom/v1/carts/current', { auth: v })).status).toBe(404);
  });

  it('takes part of the total from a gift card and the rest by card; the order ends PAID with both payments', async () => {
    const book = await ebook('Gift Paid Book', '30', 5);
    const g = await s.admin<{ giftCard: { id: string } }>('POST', '/ecom/v1/gift-cards', {
      giftCard: { code: 'PART-PAY-10', initialValue: { amount: '10' } },
    });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    const v = await visitor();
    const co = (
      await create(v, {
        lineItems: [line(book)],
        giftCardCode: 'part-pay-10',
        checkoutInfo: { buyerInfo: { email: 'gift@example.test' } },
      })
    ).body.checkout as Checkout & { payNow: { total: Money }; giftCard: { amount: Money } };
    expect(co.giftCard.amount.amount).toBe('10.00');
    expect(co.payNow.total.amount).toBe('20.00');
    const placed = await s.request<{ orderId: string; paymentGatewayOrderId: string }>(
      'POST',
      `${K}/${co.id}/create-order`,
      { auth: v, body: {} },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const paid = await s.request('POST', '/payments/v1/test-gateway/pay', {
      auth: v,
      body: {
        paymentGatewayOrderId: placed.body.paymentGatewayOrderId,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', holderName: 'Ada' },
      },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const tx = await s.admin<{
      orderTransactions: {
        payments: {
          amount: Money;
          giftcardPaymentDetails?: { obfuscatedCode: string };
          regularPaymentDetails?: { status: string };
        }[];
      };
    }>('GET', `/ecom/v1/payments-collector/orders/${placed.body.orderId}/transactions`);
    expect(
      tx.body.orderTransactions.payments.map((p) => [
        p.amount.amount,
        p.giftcardPaymentDetails?.obfuscatedCode ?? p.regularPaymentDetails?.status,
      ]),
    ).toEqual([
      ['10.00', '****Y-10'],
      ['20.00', 'APPROVED'],
    ]);
    const order = await s.admin<{ order: { status: string; paymentStatus: string } }>(
      'GET',
      `/ecom/v1/orders/${placed.body.orderId}`,
    );
    expect(order.body.order).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    const card = await s.admin<{ giftCard: { balance: Money } }>(
      'GET',
      `/ecom/v1/gift-cards/${g.body.giftCard.id}`,
    );
    expect(card.body.giftCard.balance.amount).toBe('0.00');
  });

  it('places an offline-payment order at once; it is paid when the merchant marks it so', async () => {
    const co = await s.admin<{ checkout: Checkout }>('POST', K, {
      channelType: 'BACKOFFICE_MERCHANT',
      checkoutInfo: { buyerInfo: { email: 'cash@example.test' } },
      customLineItems: [
        {
          quantity: 2,
          price: '15.00',
          productName: { original: 'Consultation' },
          itemType: { preset: 'SERVICE' },
          paymentOption: 'FULL_PAYMENT_OFFLINE',
        },
      ],
    });
    expect(co.status, JSON.stringify(co.body)).toBe(200);
    const placed = await s.admin<{ orderId: string; paymentGatewayOrderId?: string }>(
      'POST',
      `${K}/${co.body.checkout.id}/create-order`,
      {},
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.paymentGatewayOrderId).toBeUndefined();
    const order = async () =>
      (
        await s.admin<{ order: { status: string; paymentStatus: string } }>(
          'GET',
          `/ecom/v1/orders/${placed.body.orderId}`,
        )
      ).body.order;
    expect(await order()).toMatchObject({ status: 'APPROVED', paymentStatus: 'PENDING_MERCHANT' });
    expect(
      (await s.admin('POST', `/ecom/v1/payments-collector/orders/${placed.body.orderId}/mark-as-paid`, {}))
        .status,
    ).toBe(200);
    expect(await order()).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
  });

  it.skipIf(testEngine() !== 'postgres')(
    'sells the last unit once when 50 buyers order at the same moment through two server processes',
    async () => {
      const book = await ebook('Last Copy', '20', 1);
      const other = await startSecondProcess(s);
      try {
        const buyers = await Promise.all(
          Array.from({ length: 50 }, async (_, i) => {
            const v = await visitor();
            const co = (
              await create(v, {
                lineItems: [line(book)],
                checkoutInfo: { buyerInfo: { email: `buyer${i}@example.test` } },
              })
            ).body.checkout;
            return { v, id: co.id, server: i % 2 ? other : s };
          }),
        );
        const answers = await Promise.all(
          buyers.map((b) =>
            b.server.request<{ orderId?: string }>('POST', `${K}/${b.id}/create-order`, {
              auth: b.v,
              body: {},
            }),
          ),
        );
        const ok = answers.filter((a) => a.status === 200);
        expect(ok).toHaveLength(1);
        expect([
          ...new Set(
            answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${appError(a.body).code}`),
          ),
        ]).toEqual(['400 FULL_OUT_OF_STOCK']);
        expect(await stockOf(book.productId)).toBe(0);
      } finally {
        await other.stop();
      }
    },
  );
});
