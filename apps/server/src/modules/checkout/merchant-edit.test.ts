/**
 * The items of an order made for a buyer, changed by the site owner before the buyer pays (the
 * dashboard's "Change the items"): a quantity, a custom item added and taken out again. The buyer,
 * who opened the link before, places the order as it is now and pays its new total.
 */
import type { Checkout, Order, PaymentLink } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations, type TestServer } from '../../test/server.ts';
import { buyerOf, deskStore, payAsBuyer, shipToNyAndPlace, type shopLine } from '../../test/shop.ts';

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

  it('refuse overrides of a catalog line (price, name) with a clear error instead of dropping them', async () => {
    const made = await s.admin<{ checkout: Checkout }>('POST', K, {
      channelType: 'BACKOFFICE_MERCHANT',
      lineItems: [line],
    });
    const id = made.body.checkout.id;
    const priced = await change(id, 'add-to-checkout', {
      lineItems: [
        { ...line, catalogOverrideFields: { price: '1.00', productName: { original: 'Cheap desk' } } },
      ],
    });
    expect(priced.status).toBe(400);
    expect(violations(priced.body).map((v) => [v.field, v.violatedRule])).toEqual([
      ['lineItems.0.catalogOverrideFields', 'FIELD_NOT_ALLOWED'],
    ]);
    expect(violations(priced.body)[0]!.description).toContain('custom line item');
    // Nothing to override: taken as absent, as a front end may send it.
    for (const none of [null, {}]) {
      const r = await change(id, 'add-to-checkout', {
        lineItems: [{ ...line, catalogOverrideFields: none }],
      });
      expect(r.status, JSON.stringify(none)).toBe(200);
    }
    const now = await s.admin<{ checkout: Checkout }>('GET', `${K}/${id}`);
    expect(now.body.checkout.lineItems.map((l) => l.quantity)).toEqual([3]);
  });
});
