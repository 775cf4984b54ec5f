/**
 * Payment links over HTTP: the merchant makes a checkout for a buyer (an order taken by phone) and
 * e-mails its payment link; the buyer opens it on any device, gives an address, picks the delivery
 * and pays, and the order is placed from that checkout. Tampered, foreign, expired and spent links
 * open nothing; the routes' roles are walked with every kind of caller.
 */
import type { HostedCheckoutSession, Order, PaymentLink } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, mailsTo } from '../../test/identity.ts';
import { expectTabledRoles, shopCallers, walkRoles, type Expected } from '../../test/permissions.ts';
import { appError, violations, type TestServer } from '../../test/server.ts';
import type { shopLine } from '../../test/shop.ts';
import { deskStore, payAsBuyer, shipToNyAndPlace } from '../../test/shop.ts';

const K = '/ecom/v1/checkouts';
const DAY = 86_400_000;
let s: TestServer;
let line: ReturnType<typeof shopLine>;

beforeAll(async () => {
  ({ s, line } = await deskStore(2));
});
afterAll(async () => {
  await s?.stop();
});

/** A checkout the merchant makes for `email` (none: no e-mail), as the dashboard does. */
async function merchantCheckout(email?: string): Promise<string> {
  const r = await s.admin<{ checkout: { id: string } }>('POST', K, {
    channelType: 'BACKOFFICE_MERCHANT',
    lineItems: [line],
    ...(email ? { checkoutInfo: { buyerInfo: { email } } } : {}),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.checkout.id;
}
const makeLink = (id: string, body: object = {}) =>
  s.admin<{ paymentLink: PaymentLink }>('POST', `${K}/${id}/payment-link`, body);
/** Opens a link as a browser would, without following the redirect. */
const open = (url: string, html = false) =>
  fetch(url, { redirect: 'manual', headers: html ? { accept: 'text/html' } : {} });

describe('payment links', () => {
  let checkoutId = '';
  let link = '';

  it('are e-mailed to the buyer of a checkout the merchant made, with the items, the message and the link', async () => {
    checkoutId = await merchantCheckout('phone.buyer@example.test');
    const r = await makeLink(checkoutId, { sendEmail: true, message: 'As agreed on the phone: the desk.' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    link = r.body.paymentLink.url;
    expect(link).toMatch(new RegExp(`^${s.url}${K}/${checkoutId}/pay\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect(r.body.paymentLink.emailedTo).toBe('phone.buyer@example.test');
    const expires = Date.parse(r.body.paymentLink.expiresDate) - s.clock.now().getTime();
    expect(Math.round(expires / DAY)).toBe(30);

    const [mail, ...more] = await mailsTo(s, 'phone.buyer@example.test');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toMatch(/^Your order from .+: pay online$/);
    expect(mail!.text).toContain('As agreed on the phone: the desk.');
    expect(mail!.text).toContain('2 × Walnut Desk  $480.00');
    expect(mail!.text).toContain('Delivery and any tax are added when you give your address.');
    expect(linkIn(mail!.text.slice(mail!.text.indexOf('Pay now')))).toBe(link);
    expect(mail!.html).toContain('Pay now');

    // A link without an e-mail is only answered.
    const quiet = await makeLink(checkoutId, { sendEmail: false });
    expect(quiet.status).toBe(200);
    expect(quiet.body.paymentLink.emailedTo).toBeUndefined();
    expect(await mailsTo(s, 'phone.buyer@example.test')).toHaveLength(1);
  });

  it('open the checkout for its buyer on any device; the buyer gives an address, pays, and the order is placed', async () => {
    // Each opening is a fresh single-use link to the hosted checkout page (a phone, then a laptop).
    const first = await open(link);
    const second = await open(link);
    for (const res of [first, second]) {
      expect(res.status).toBe(302);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    const target = new URL(second.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe(`${s.url}/checkout`);
    expect(target.searchParams.get('checkoutId')).toBe(checkoutId);
    expect(target.searchParams.get('checkoutToken')).not.toBe(
      new URL(first.headers.get('location')!).searchParams.get('checkoutToken'),
    );

    const session = await s.request<HostedCheckoutSession>('POST', '/_api/hosted-checkout/v1/session', {
      body: { checkoutToken: target.searchParams.get('checkoutToken'), checkoutId },
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.role).toBe('visitor');
    expect(session.body.checkout).toMatchObject({
      id: checkoutId,
      buyerInfo: { email: 'phone.buyer@example.test' },
      lineItems: [{ quantity: 2 }],
    });
    const auth = session.body.accessToken;
    const placed = await shipToNyAndPlace(s, auth, checkoutId);
    await payAsBuyer(s, auth, placed.paymentGatewayOrderId);

    const order = (await s.admin<{ order: Order }>('GET', `/ecom/v1/orders/${placed.orderId}`)).body.order;
    expect(order).toMatchObject({
      channelInfo: { type: 'BACKOFFICE_MERCHANT' },
      buyerInfo: { email: 'phone.buyer@example.test' },
      paymentStatus: 'PAID',
      lineItems: [{ quantity: 2, productName: { original: 'Walnut Desk' } }],
      priceSummary: { subtotal: { amount: '480.00' }, shipping: { amount: '5.00' } },
    });
    expect(
      (await mailsTo(s, 'phone.buyer@example.test')).some(
        (m) => /order/i.test(m.subject) && m.text.includes(order.number),
      ),
    ).toBe(true);

    // Spent: the API says so, a browser gets a page that says the order was placed.
    const again = await open(link);
    expect(again.status).toBe(409);
    expect(appError(await again.json()).code).toBe('CHECKOUT_COMPLETED');
    const page = await open(link, true);
    expect(page.status).toBe(409);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('This order has been placed');
    const made = await makeLink(checkoutId);
    expect(made.status).toBe(409);
    expect(appError(made.body).code).toBe('CHECKOUT_COMPLETED');
  });

  it('refuse a tampered, foreign or missing token, an unknown checkout and a checkout without an e-mail to send to', async () => {
    const id = await merchantCheckout();
    const url = (await makeLink(id)).body.paymentLink.url;
    const token = new URL(url).searchParams.get('token')!;
    const other = await merchantCheckout('other@example.test');
    const otherToken = new URL((await makeLink(other)).body.paymentLink.url).searchParams.get('token')!;
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [
      `${s.url}${K}/${id}/pay?token=${tampered}`,
      `${s.url}${K}/${id}/pay?token=${otherToken}`,
      `${s.url}${K}/${id}/pay`,
      `${s.url}${K}/not-an-id/pay?token=${token}`,
    ]) {
      const res = await open(bad);
      expect(res.status, bad).toBe(400);
      expect(appError(await res.json()).code, bad).toBe('PAYMENT_LINK_INVALID');
    }
    const page = await open(`${s.url}${K}/${id}/pay?token=${tampered}`, true);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('This payment link no longer opens a checkout');
    expect(html).not.toContain(tampered);

    const noEmail = await makeLink(id, { sendEmail: true });
    expect(noEmail.status).toBe(409);
    expect(appError(noEmail.body).code).toBe('BUYER_EMAIL_MISSING');
    expect((await makeLink('0190c0de-0000-7000-8000-00000000dead')).status).toBe(404);
    const mismatch = await makeLink(id, { id: other });
    expect(mismatch.status).toBe(400);
    expect(violations(mismatch.body)[0]).toMatchObject({ field: 'id' });
    const unknownField = await makeLink(id, { sendEmails: true });
    expect(unknownField.status).toBe(400);
  });

  it('are listed for the merchant until paid, newest first, a page at a time', async () => {
    const made = [
      await merchantCheckout('first@example.test'),
      await merchantCheckout('second@example.test'),
      await merchantCheckout('third@example.test'),
    ];
    const shoppers = await s.request<{ checkout: { id: string } }>('POST', K, {
      auth: (await shopCallers(s)).visitor!,
      body: { channelType: 'WEB', lineItems: [line] },
    });
    expect(shoppers.status).toBe(200);
    type Page = { checkouts: { id: string; buyerInfo: { email?: string } }[]; nextCursor?: string };
    const first = await s.admin<Page>('GET', `${K}/payment-links?limit=2`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.checkouts.map((c) => c.id)).toEqual([made[2], made[1]]);
    expect(first.body.checkouts[0]).toMatchObject({
      buyerInfo: { email: 'third@example.test' },
      lineItems: [{ quantity: 2 }],
    });
    const second = await s.admin<Page>('GET', `${K}/payment-links?limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.checkouts[0]!.id).toBe(made[0]);
    const all = (await s.admin<Page>('GET', `${K}/payment-links?limit=50`)).body;
    expect(all.nextCursor).toBeUndefined();
    const ids = all.checkouts.map((c) => c.id);
    // The paid one and the shopper's own are not there.
    expect(ids).not.toContain(checkoutId);
    expect(ids).not.toContain(shoppers.body.checkout.id);
    const bad = await s.admin('GET', `${K}/payment-links?cursor=nope`);
    expect(bad.status).toBe(400);
    expect(appError(bad.body).code).toBe('INVALID_CURSOR');
  });

  it("are not a shopper's abandoned checkout: the merchant's checkouts get no reminder", async () => {
    const id = await merchantCheckout('no.reminder@example.test');
    s.clock.advance(2 * 3_600_000);
    // A shopper's checkout left at the same time is found (the finder did run).
    const shopper = await s.request<{ checkout: { id: string } }>('POST', K, {
      auth: (await shopCallers(s)).visitor!,
      body: {
        channelType: 'WEB',
        lineItems: [line],
        checkoutInfo: { buyerInfo: { email: 'left@example.test' } },
      },
    });
    expect(shopper.status).toBe(200);
    s.clock.advance(2 * 3_600_000);
    const found = async (checkoutId: string) =>
      (
        await s.admin<{ abandonedCheckouts: unknown[] }>('POST', '/ecom/v1/abandoned-checkout/search', {
          search: { filter: { checkoutId } },
        })
      ).body.abandonedCheckouts.length;
    await s.until(async () => (await found(shopper.body.checkout.id)) === 1);
    expect(await found(id)).toBe(0);
    expect(await mailsTo(s, 'no.reminder@example.test')).toHaveLength(0);
  });

  it('expire after 30 days', async () => {
    const id = await merchantCheckout('late@example.test');
    const url = (await makeLink(id)).body.paymentLink.url;
    expect((await open(url)).status).toBe(302);
    s.clock.advance(31 * DAY);
    const res = await open(url);
    expect(res.status).toBe(400);
    expect(appError(await res.json()).code).toBe('PAYMENT_LINK_INVALID');
  });
});

describe('permission matrix', () => {
  it('walks the hosted checkout routes: links are made by the merchant, and open for anyone holding one', async () => {
    const table: Record<string, Expected> = {
      'POST /_api/hosted-checkout/v1/session': 'any',
      'POST /ecom/v1/checkouts/:id/payment-link': ['admin'],
      'GET /ecom/v1/checkouts/:id/pay': 'any',
      'GET /ecom/v1/checkouts/payment-links': ['admin'],
    };
    const routes = s.app.router.routes.filter((r) => `${r.method} ${r.url}` in table);
    expect(routes).toHaveLength(4);
    expectTabledRoles(routes, table, (r) => `${r.method} ${r.url}`);
    const seen = await walkRoles(s, routes, table, (r) => `${r.method} ${r.url}`, await shopCallers(s));
    expect(seen).toHaveLength(16);
  });
});
