/**
 * The items of an order made for a buyer, changed by the site owner before the buyer pays (the
 * dashboard's "Change the items"): a quantity, a custom item added and taken out again. The buyer,
 * who opened the link before, places the order as it is now and pays its new total. An app's own
 * price, name, description and image for a catalog line (`catalogOverrideFields`) carry into the order.
 */
import type { Checkout, Order, PaymentLink } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, appError, violations, type TestServer } from '../../test/server.ts';
import {
  buyerOf,
  deskStore,
  payAsBuyer,
  shipToNyAndPlace,
  visitorOf,
  type shopLine,
} from '../../test/shop.ts';

const K = '/ecom/v1/checkouts';
let s: TestServer;
let line: ReturnType<typeof shopLine>;

beforeAll(async () => {
  ({ s, line } = await deskStore(1));
});
afterAll(async () => {
  await s?.stop();
});

const change = (id: string, action: string, body: object) =>
  s.admin<{ checkout: Checkout }>('POST', `${K}/${id}/${action}`, { id, ...body });

describe('the items of an order made for a buyer', () => {
  it('are changed by the owner until the buyer pays, who then pays what the order says now', async () => {
    const made = await s.admin<{ checkout: Checkout }>('POST', K, {
      channelType: 'BACKOFFICE_MERCHANT',
      lineItems: [line],
      checkoutInfo: { buyerInfo: { email: 'edit.buyer@example.test' } },
    });
    const id = made.body.checkout.id;
    const desk = made.body.checkout.lineItems[0]!.id;
    // The buyer opened the link before the changes.
    await s.admin<{ paymentLink: PaymentLink }>('POST', `${K}/${id}/payment-link`, {});
    const auth = await buyerOf(s, id);

    const three = await change(id, 'update-line-items-quantity', { lineItems: [{ id: desk, quantity: 3 }] });
    expect(three.status, JSON.stringify(three.body)).toBe(200);
    expect(three.body.checkout.priceSummary.subtotal.amount).toBe('720.00');
    const added = await change(id, 'add-to-checkout', {
      customLineItems: [
        {
          productName: { original: 'Assembly' },
          price: '50',
          quantity: 1,
          itemType: { preset: 'SERVICE' },
          physicalProperties: { shippable: false },
        },
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.checkout.lineItems.map((l) => l.productName.original)).toEqual([
      'Walnut Desk',
      'Assembly',
    ]);
    expect(added.body.checkout.priceSummary.subtotal.amount).toBe('770.00');
    const two = await change(id, 'update-line-items-quantity', { lineItems: [{ id: desk, quantity: 2 }] });
    expect(two.body.checkout.priceSummary.subtotal.amount).toBe('530.00');
    const assembly = two.body.checkout.lineItems.find((l) => l.productName.original === 'Assembly')!.id;
    const out = await change(id, 'remove-line-items', { lineItemIds: [assembly] });
    expect(out.body.checkout.lineItems.map((l) => l.productName.original)).toEqual(['Walnut Desk']);
    expect(out.body.checkout.priceSummary.subtotal.amount).toBe('480.00');

    // Still the buyer's: they read it as it is now, place it and pay the new total.
    const read = await s.request<{ checkout: Checkout }>('GET', `${K}/${id}`, { auth });
    expect(read.status).toBe(200);
    expect(read.body.checkout.priceSummary.subtotal.amount).toBe('480.00');
    const placed = await shipToNyAndPlace(s, auth, id);
    await payAsBuyer(s, auth, placed.paymentGatewayOrderId);
    const order = (await s.admin<{ order: Order }>('GET', `/ecom/v1/orders/${placed.orderId}`)).body.order;
    expect(order).toMatchObject({
      paymentStatus: 'PAID',
      priceSummary: { subtotal: { amount: '480.00' }, total: { amount: '485.00' } },
    });
    // Paid: the items no longer change.
    const late = await change(id, 'remove-line-items', { lineItemIds: [desk] });
    expect(late.status).toBe(400);
  });

  it("take an app's own price, name, description and image for a catalog line, into the order", async () => {
    const made = await s.admin<{ checkout: Checkout }>('POST', K, {
      channelType: 'BACKOFFICE_MERCHANT',
      lineItems: [line],
    });
    const id = made.body.checkout.id;
    const catalogOverrideFields = {
      productName: { original: 'Walnut Desk (floor model)' },
      price: '199.99',
      fullPrice: '240',
      descriptionLines: [{ name: { original: 'Condition' }, plainText: { original: 'Shown in the shop' } }],
      image: { url: 'https://img.example.test/floor-desk.jpg' },
    };
    const r = await change(id, 'add-to-checkout', { lineItems: [{ ...line, catalogOverrideFields }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The same item at another price is a line of its own.
    const [plain, own] = r.body.checkout.lineItems;
    expect(plain).toMatchObject({ productName: { original: 'Walnut Desk' }, price: { amount: '240.00' } });
    expect(plain!.catalogOverrideFields).toBeUndefined();
    expect(own).toMatchObject({
      productName: { original: 'Walnut Desk (floor model)' },
      price: { amount: '199.99' },
      fullPrice: { amount: '240.00' },
      catalogReference: line.catalogReference,
      descriptionLines: [{ name: { original: 'Condition' }, plainText: { original: 'Shown in the shop' } }],
      media: { url: 'https://img.example.test/floor-desk.jpg' },
      catalogOverrideFields: { price: '199.99', productName: { original: 'Walnut Desk (floor model)' } },
    });
    expect(r.body.checkout.priceSummary.subtotal.amount).toBe('439.99');
    // Again with the same overrides: the same line.
    const again = await change(id, 'add-to-checkout', { lineItems: [{ ...line, catalogOverrideFields }] });
    expect(again.body.checkout.lineItems.map((l) => l.quantity)).toEqual([1, 2]);

    await s.admin('PATCH', `${K}/${id}`, { checkout: { buyerInfo: { email: 'floor.model@example.test' } } });
    const auth = await buyerOf(s, id);
    const placed = await shipToNyAndPlace(s, auth, id);
    await payAsBuyer(s, auth, placed.paymentGatewayOrderId);
    const order = (await s.admin<{ order: Order }>('GET', `/ecom/v1/orders/${placed.orderId}`)).body.order;
    expect(order.priceSummary.subtotal.amount).toBe('639.98');
    expect(order.lineItems[1]).toMatchObject({
      productName: { original: 'Walnut Desk (floor model)' },
      price: { amount: '199.99' },
      quantity: 2,
    });
  });

  it('refuse overrides Vitrine does not apply, prices past the currency, and shoppers; take null and {} as none', async () => {
    const made = await s.admin<{ checkout: Checkout }>('POST', K, {
      channelType: 'BACKOFFICE_MERCHANT',
      lineItems: [line],
    });
    const id = made.body.checkout.id;
    const refused: [object, string][] = [
      [{ paymentOption: 'FULL_PAYMENT_OFFLINE' }, 'lineItems.0.catalogOverrideFields.paymentOption'],
      [{ physicalProperties: { shippable: false } }, 'lineItems.0.catalogOverrideFields.physicalProperties'],
      [{ price: '1.234' }, 'lineItems.0.catalogOverrideFields.price'],
      [{ price: 'cheap' }, 'lineItems.0.catalogOverrideFields.price'],
    ];
    for (const [catalogOverrideFields, field] of refused) {
      const r = await change(id, 'add-to-checkout', { lineItems: [{ ...line, catalogOverrideFields }] });
      expect(r.status, JSON.stringify(catalogOverrideFields)).toBe(400);
      expect(violations(r.body).map((v) => v.field)).toContain(field);
    }
    for (const none of [null, {}]) {
      const r = await change(id, 'add-to-checkout', {
        lineItems: [{ ...line, catalogOverrideFields: none }],
      });
      expect(r.status, JSON.stringify(none)).toBe(200);
    }
    expect(
      (await s.admin<{ checkout: Checkout }>('GET', `${K}/${id}`)).body.checkout.lineItems.map(
        (l) => l.quantity,
      ),
    ).toEqual([3]);

    // A shopper may not price a line; an app acting for the shopper may, and the checkout made from
    // the cart keeps it.
    const v = await visitorOf(s);
    const own = await s.request('POST', '/ecom/v1/carts/current/add-to-cart', {
      auth: v,
      body: { lineItems: [{ ...line, catalogOverrideFields: { price: '1' } }] },
    });
    expect([own.status, appError(own.body).code]).toEqual([403, 'PERMISSION_DENIED']);
    const byApp = await s.request<{ cart: { lineItems: { price: { amount: string } }[] } }>(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      {
        auth: `${v},${ADMIN_KEY}`,
        body: { lineItems: [{ ...line, catalogOverrideFields: { price: '150' } }] },
      },
    );
    expect(byApp.status, JSON.stringify(byApp.body)).toBe(200);
    expect(byApp.body.cart.lineItems[0]!.price.amount).toBe('150.00');
    const fromCart = await s.request<{ checkoutId: string }>(
      'POST',
      '/ecom/v1/carts/current/create-checkout',
      {
        auth: v,
        body: { channelType: 'WEB' },
      },
    );
    const checkout = await s.request<{ checkout: Checkout }>('GET', `${K}/${fromCart.body.checkoutId}`, {
      auth: v,
    });
    expect(checkout.body.checkout.lineItems[0]).toMatchObject({ price: { amount: '150.00' } });
  });
});
