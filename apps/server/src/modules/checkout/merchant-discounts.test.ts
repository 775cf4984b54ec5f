/**
 * The merchant's own discount on a checkout made for a buyer (the dashboard's Create order): a
 * percentage or an amount off the whole order, given when the checkout is made and changed or taken
 * off until the buyer pays; carried into the order and its payment. Shoppers cannot give one.
 */
import type { Checkout, Order, PaymentLink } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../test/identity.ts';
import { appError, violations, type TestServer } from '../../test/server.ts';
import type { shopLine } from '../../test/shop.ts';
import { buyerOf, deskStore, payAsBuyer, shipToNyAndPlace, visitorOf } from '../../test/shop.ts';

const K = '/ecom/v1/checkouts';
let s: TestServer;
let line: ReturnType<typeof shopLine>;

beforeAll(async () => {
  ({ s, line } = await deskStore(2));
});
afterAll(async () => {
  await s?.stop();
});

const create = (merchantDiscounts: unknown, email = 'desk.buyer@example.test') =>
  s.admin<{ checkout: Checkout }>('POST', K, {
    channelType: 'BACKOFFICE_MERCHANT',
    lineItems: [line],
    checkoutInfo: { buyerInfo: { email } },
    merchantDiscounts,
  });
const setDiscounts = (id: string, merchantDiscounts: unknown, auth?: string) =>
  auth
    ? s.request<{ checkout: Checkout }>('PATCH', `${K}/${id}`, { auth, body: { merchantDiscounts } })
    : s.admin<{ checkout: Checkout }>('PATCH', `${K}/${id}`, { merchantDiscounts });
const merchantOf = (c: Checkout) => c.appliedDiscounts.filter((d) => d.merchantDiscount);

describe('a merchant discount on a checkout made for a buyer', () => {
  it('takes a percentage off the items, as an applied discount that names it', async () => {
    const r = await create([{ percentage: 12.5 }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const c = r.body.checkout;
    expect(c.priceSummary).toMatchObject({
      subtotal: { amount: '480.00' },
      discount: { amount: '60.00' },
      total: { amount: '420.00' },
    });
    expect(merchantOf(c)).toEqual([
      {
        discountType: 'GLOBAL',
        lineItemIds: [c.lineItems[0]!.id],
        merchantDiscount: { amount: expect.objectContaining({ amount: '60.00' }), percentage: 12.5 },
      },
    ]);
  });

  it('is changed to an amount, then taken off, by the site owner until the buyer pays; with a coupon beside it', async () => {
    const coupon = await s.admin('POST', '/stores/v2/coupons', {
      specification: {
        name: 'Ten off',
        code: 'TENOFF',
        startTime: '2020-01-01T00:00:00.000Z',
        moneyOffAmount: 10,
        scope: { namespace: 'stores' },
      },
    });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
    const made = await create([{ amount: '25' }]);
    const id = made.body.checkout.id;
    expect(made.body.checkout.priceSummary.discount.amount).toBe('25.00');
    expect(merchantOf(made.body.checkout)[0]!.merchantDiscount).toEqual({
      amount: expect.objectContaining({ amount: '25.00' }),
    });

    const both = await s.admin<{ checkout: Checkout }>('PATCH', `${K}/${id}`, {
      couponCode: 'TENOFF',
      merchantDiscounts: [{ percentage: 10 }],
    });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.checkout.appliedDiscounts.some((d) => d.coupon?.code === 'TENOFF')).toBe(true);
    expect(merchantOf(both.body.checkout)).toHaveLength(1);
    expect(merchantOf(both.body.checkout)[0]!.merchantDiscount!.percentage).toBe(10);
    const sum = both.body.checkout.appliedDiscounts.reduce(
      (n, d) => n + Number((d.coupon ?? d.merchantDiscount)!.amount.amount),
      0,
    );
    expect(Number(both.body.checkout.priceSummary.discount.amount)).toBeCloseTo(sum, 2);

    const off = await setDiscounts(id, []);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(merchantOf(off.body.checkout)).toEqual([]);
    expect(off.body.checkout.priceSummary.discount.amount).toBe('10.00');
    // As read again, not only as answered.
    const read = await s.admin<{ checkout: Checkout }>('GET', `${K}/${id}`);
    expect(merchantOf(read.body.checkout)).toEqual([]);
  });

  it('is refused unless exactly one of an amount and a percentage, in range and in the currency', async () => {
    const cases: [unknown, string][] = [
      [[{ amount: '5', percentage: 5 }], 'merchantDiscounts.0'],
      [[{}], 'merchantDiscounts.0'],
      [[{ percentage: 0 }], 'merchantDiscounts.0.percentage'],
      [[{ percentage: 100.5 }], 'merchantDiscounts.0.percentage'],
      [[{ percentage: 12.345 }], 'merchantDiscounts.0.percentage'],
      [[{ percentage: '10' }], 'merchantDiscounts.0.percentage'],
      [[{ amount: 'ten' }], 'merchantDiscounts.0.amount'],
      [[{ amount: '-5' }], 'merchantDiscounts.0.amount'],
      [[{ amount: '5', reason: 'x' }], 'merchantDiscounts.0.reason'],
      [[{ amount: '1.234' }], 'merchantDiscounts.0.amount'],
      [[{ amount: '0.00' }], 'merchantDiscounts.0.amount'],
    ];
    for (const [body, field] of cases) {
      const r = await create(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(
        violations(r.body).map((v) => v.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    // An amount above the items' total takes the items' total, no more.
    const all = await create([{ amount: '1000' }]);
    expect(all.status).toBe(200);
    expect(all.body.checkout.priceSummary).toMatchObject({
      discount: { amount: '480.00' },
      total: { amount: '0.00' },
    });
  });

  it('is not the shoppers to give: neither on a checkout they make nor on one made for them', async () => {
    const v = await visitorOf(s);
    const own = await s.request('POST', K, {
      auth: v,
      body: { channelType: 'WEB', lineItems: [line], merchantDiscounts: [{ percentage: 50 }] },
    });
    expect(own.status).toBe(403);

    const made = await create([{ percentage: 5 }]);
    const id = made.body.checkout.id;
    const auth = await buyerOf(s, id);
    const r = await setDiscounts(id, [{ percentage: 90 }], auth);
    expect(r.status).toBe(403);
    expect(appError(r.body).code).toBe('PERMISSION_DENIED');
    const taken = await setDiscounts(id, [], auth);
    expect(taken.status).toBe(403);
    const read = await s.admin<{ checkout: Checkout }>('GET', `${K}/${id}`);
    expect(merchantOf(read.body.checkout)[0]!.merchantDiscount!.percentage).toBe(5);
  });

  it('is in the e-mailed link, the order placed and the payment: the buyer pays the discounted total', async () => {
    const made = await create([{ percentage: 10 }], 'discounted.buyer@example.test');
    const id = made.body.checkout.id;
    const link = await s.admin<{ paymentLink: PaymentLink }>('POST', `${K}/${id}/payment-link`, {
      sendEmail: true,
    });
    expect(link.status).toBe(200);
    const [mail] = await mailsTo(s, 'discounted.buyer@example.test');
    expect(mail!.text).toContain('Discount: −$48.00');

    const auth = await buyerOf(s, id);
    const placed = await shipToNyAndPlace(s, auth, id, { firstName: 'Dee', lastName: 'Buyer' });
    await payAsBuyer(s, auth, placed.paymentGatewayOrderId);
    const order = (await s.admin<{ order: Order }>('GET', `/ecom/v1/orders/${placed.orderId}`)).body.order;
    expect(order).toMatchObject({
      paymentStatus: 'PAID',
      priceSummary: {
        subtotal: { amount: '480.00' },
        discount: { amount: '48.00' },
        shipping: { amount: '5.00' },
        total: { amount: '437.00' },
      },
      balanceSummary: { paid: { amount: '437.00' } },
    });
    expect(order.appliedDiscounts).toEqual([
      expect.objectContaining({ merchantDiscount: expect.objectContaining({ percentage: 10 }) }),
    ]);
    // Once paid, the discount is the order's: the checkout no longer changes.
    const late = await setDiscounts(id, []);
    expect(late.status).toBe(400);
    expect(appError(late.body).code).toBe('CHECKOUT_IS_COMPLETE');
  });
});
