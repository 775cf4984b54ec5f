/**
 * Every kind of e-mail the store sends, received by a real SMTP server after the real flow over HTTP:
 * a text part, and an HTML part that is a whole document in the store's mail layout (doctype,
 * `<html lang>`, `<meta charset>`, the subject as `<title>`, the store's name), whose links are the
 * text part's links, with every name a user gave (the store's, a product's, a shopper's) escaped.
 */
import type { Order } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askToBeNotified, soldOutProduct } from '../test/back-in-stock.ts';
import {
  AUTH,
  codeIn,
  freshEmail,
  GOOD_PASSWORD,
  login,
  RECOVERY,
  register,
  smtpSink,
  VERIFICATION,
} from '../test/identity.ts';
import { readMail, type ReadMail } from '../test/mime.ts';
import { createOrder, orderBody } from '../test/orders.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { accessTokenFor, shopClient } from '../test/oauth.ts';
import {
  payAsBuyer,
  pickupLocation,
  placeShopOrder,
  shopperKit,
  shopProduct,
  visitorOf,
} from '../test/shop.ts';
import { totpCode } from '../test/staff.ts';

/** A store name and a product name a mail must not render as markup. */
const STORE = 'Harbour <b>& Pine</b>';
const STORE_HTML = 'Harbour &lt;b&gt;&amp; Pine&lt;/b&gt;';
const BOLD = 'Lamp <b>bold</b>';
const BOLD_HTML = 'Lamp &lt;b&gt;bold&lt;/b&gt;';
const INBOX = 'inbox@example.test';

let smtp: Awaited<ReturnType<typeof smtpSink>>;
let s: TestServer;
beforeAll(async () => {
  smtp = await smtpSink();
  s = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Shop <shop@example.test>',
      PASSWORD_HASH_MEMORY_KIB: '1024',
      CAPTCHA_COST: '1',
    },
  });
  const r = await s.admin('PATCH', '/platform/v1/store-settings', {
    settings: { storeName: STORE, contactEmail: INBOX },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
});
afterAll(async () => {
  await s?.stop();
  await smtp?.close();
});

/** The message to `to` whose subject matches, once the SMTP server has it. */
const mail = (to: string, subject: RegExp): Promise<ReadMail> =>
  s.until(async () =>
    smtp.received
      .filter((m) => m.to.includes(to))
      .map((m) => readMail(m.raw))
      .find((m) => subject.test(m.subject)),
  );

const unescape = (h: string) =>
  h
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const distinct = (links: string[]) => [...new Set(links)].sort();
/** The addresses a text part gives (a link ends at a space or a closing parenthesis; no final dot). */
const textLinks = (text: string) =>
  distinct([...text.matchAll(/https?:\/\/[^\s)]+/g)].map((m) => m[0].replace(/[.,;:]$/, '')));
/** The addresses the HTML links to (a picture may link where the button does). */
const htmlLinks = (html: string) =>
  distinct([...html.matchAll(/href="([^"]*)"/g)].map((m) => unescape(m[1]!)));

/** The HTML part is a whole document of the layout; its links are the text's; `escaped` appear escaped. */
function expectLayout(m: ReadMail, escaped: string[] = []) {
  expect(m.text, 'a text part').not.toBe('');
  const html = m.html ?? '';
  expect(html, 'an HTML part').not.toBe('');
  expect(html).toMatch(/^<!doctype html>/i);
  expect(html).toMatch(/<html lang="[a-z]{2}(-[A-Za-z]+)?"/);
  expect(html).toMatch(/<head>.*<meta charset="utf-8">.*<\/head>/is);
  expect(unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(m.subject);
  expect(html).toMatch(/<\/body><\/html>$/);
  expect(html).toContain(STORE_HTML);
  for (const e of escaped) expect(html).toContain(e);
  expect(html).not.toContain('<b>');
  expect(htmlLinks(html)).toEqual(textLinks(m.text));
}

describe("every e-mail is a whole document in the store's layout, with a text part", () => {
  it('the test message', async () => {
    expect((await s.admin('POST', '/platform/v1/mail/test', { to: 'test@example.test' })).status).toBe(200);
    const m = await mail('test@example.test', /^Test message from /);
    expect(m.subject).toBe(`Test message from ${STORE}`);
    expectLayout(m);
    expect(textLinks(m.text)).toHaveLength(1);
  });

  it('identity: the e-mail code, the password reset link, and the notice of the reset', async () => {
    const email = freshEmail('layout');
    const r = await register(s, email);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const started = await s.admin('POST', `${VERIFICATION}/v1/start`, {
      identityId: r.body.identity!.id,
      target: 'EMAIL',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const code = await mail(email, /verification code$/);
    expectLayout(code);
    expect(code.html).toContain(codeIn(code.text));

    expect((await s.request('POST', `${RECOVERY}/v1/send-email`, { body: { email } })).status).toBe(200);
    const reset = await mail(email, /^Reset your /);
    expectLayout(reset);
    const [link] = textLinks(reset.text);
    expect(link).toMatch(/recoveryToken=/);
    const recoveryToken = new URL(link!).searchParams.get('recoveryToken');
    const recovered = await s.request('POST', `${RECOVERY}/v1/recover`, {
      body: { recoveryToken, password: 'Brand-New-Secret-7' },
    });
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    expectLayout(await mail(email, /password was reset$/));
  });

  it('identity: the activation link, and the notices of a changed password and of two-step sign-in on and off', async () => {
    const email = freshEmail('security');
    const r = await register(s, email);
    expect(r.body.state, JSON.stringify(r.body)).toBe('SUCCESS');
    const sent = await s.admin('POST', `${RECOVERY}/v1/activation-email`, {
      identityId: r.body.identity!.id,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const activation = await mail(email, /^Activate your /);
    expectLayout(activation);
    expect(textLinks(activation.text)[0]).toMatch(/recoveryToken=/);

    const signedIn = await login(s, email, GOOD_PASSWORD);
    const auth = await accessTokenFor(s, await shopClient(s), signedIn.body.sessionToken!);
    const member = (path: string, body: unknown) => s.request('POST', `${AUTH}${path}`, { auth, body });
    expect((await member('/v2/change-password', { newPassword: 'Other-Secret-81' })).status).toBe(200);
    expectLayout(await mail(email, /password was changed$/));

    const enrolled = await s.request<{ secret: string }>('POST', `${AUTH}/v2/factors/totp/enroll`, { auth });
    const on = await member('/v2/factors/totp/confirm', { code: await totpCode(s, enrolled.body.secret) });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expectLayout(await mail(email, /^Two-step sign-in is on /));
    s.clock.advance(30_000);
    const off = await member('/v2/factors/totp/remove', { code: await totpCode(s, enrolled.body.secret) });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expectLayout(await mail(email, /^Two-step sign-in is off /));
  });

  it('members: the notice that someone waits for approval, and the approval', async () => {
    const email = freshEmail('approval');
    await s.admin('PATCH', '/platform/v1/store-settings', { settings: { memberApprovalRequired: true } });
    const r = await register(s, email, GOOD_PASSWORD);
    await s.admin('PATCH', '/platform/v1/store-settings', { settings: { memberApprovalRequired: false } });
    expect(r.body.state).toBe('REQUIRE_OWNER_APPROVAL');
    const id = r.body.identity!.id;
    const notice = await mail(INBOX, new RegExp(`${email} waits for your approval$`));
    expectLayout(notice);
    expect(htmlLinks(notice.html!)).toEqual([`${s.url}/dashboard/customers/${id}`]);
    const approved = await s.admin('POST', `/members/v1/members/${id}/approve`, { id });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expectLayout(await mail(email, /account is approved$/));
  });

  it('orders: the confirmation, the new-order notice, the shipping confirmation and the cancellation', async () => {
    const email = freshEmail('order');
    const o = await createOrder(s, orderBody({ email, lines: [[BOLD, '10.00', 2]] }));
    const confirmed = await mail(email, new RegExp(`order #${o.number} confirmed$`));
    expectLayout(confirmed, [BOLD_HTML]);
    expect(textLinks(confirmed.text)).toHaveLength(1);
    expectLayout(await mail(INBOX, new RegExp(`new order #${o.number} `)), [BOLD_HTML]);

    const shipped = await s.admin('POST', `/ecom/v1/fulfillments/orders/${o.id}/create-fulfillment`, {
      orderId: o.id,
      fulfillment: {
        lineItems: [{ id: o.lineItems[0]!.id }],
        trackingInfo: { trackingNumber: '1Z999', shippingProvider: 'ups' },
      },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const shipping = await mail(email, new RegExp(`order #${o.number} shipped$`));
    expectLayout(shipping, [BOLD_HTML]);
    expect(textLinks(shipping.text)).toContain('https://www.ups.com/track?tracknum=1Z999');

    const other = await createOrder(s, orderBody({ email, lines: [[BOLD, '5.00', 1]] }));
    const canceled = await s.admin<{ order: Order }>('POST', `/ecom/v1/orders/${other.id}/cancel`, {
      id: other.id,
      sendOrderCanceledEmail: true,
      customMessage: 'Sorry <b>really</b>',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expectLayout(await mail(email, new RegExp(`order #${other.number} canceled$`)), [
      BOLD_HTML,
      'Sorry &lt;b&gt;really&lt;/b&gt;',
    ]);
  });

  it('orders: the refund, the "ready for pickup" of a pickup order, and the request for a review', async () => {
    const pickupCode = await pickupLocation(s, {
      name: 'Pier <b>Shop</b>',
      instructions: 'Ask <b>at</b> the counter.',
    });
    const mug = await shopProduct(s, { name: 'Mug <b>bold</b>', price: '12', physical: true });
    const email = freshEmail('pickup');
    const buyer = await visitorOf(s);
    const placed = await placeShopOrder(s, {
      auth: buyer,
      product: mug,
      pickupCode,
      email,
    });
    const { paymentId } = await payAsBuyer(s, buyer, placed.paymentGatewayOrderId!);
    const order = (await s.admin<{ order: Order }>('GET', `/ecom/v1/orders/${placed.orderId}`)).body.order;
    const refunded = await s.admin('POST', `/ecom/v1/payments-collector/orders/${order.id}/trigger-refund`, {
      payments: [{ paymentId, amount: { amount: '2' } }],
      details: { reason: 'Chipped <b>handle</b>' },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expectLayout(await mail(email, new RegExp(`refund for order #${order.number}$`)), [
      'Mug &lt;b&gt;bold&lt;/b&gt;',
      'Chipped &lt;b&gt;handle&lt;/b&gt;',
    ]);

    const f = await s.admin('POST', `/ecom/v1/fulfillments/orders/${order.id}/create-fulfillment`, {
      fulfillment: { lineItems: [{ id: order.lineItems[0]!.id }] },
    });
    expect(f.status, JSON.stringify(f.body)).toBe(200);
    expectLayout(await mail(email, new RegExp(`order #${order.number} is ready for pickup$`)), [
      'Mug &lt;b&gt;bold&lt;/b&gt;',
      'Pier &lt;b&gt;Shop&lt;/b&gt;',
      'Ask &lt;b&gt;at&lt;/b&gt; the counter.',
    ]);

    // A week after the fulfilment, the request for a review (its link signed, to a form of the shop).
    await s.until(async () => {
      const r = await s.admin<{ reviewRequests: unknown[] }>('POST', '/reviews/v2/review-requests/query', {
        query: { filter: { 'order.id': order.id } },
      });
      return r.body.reviewRequests.length > 0;
    });
    s.clock.advance(8 * 24 * 3_600_000);
    await s.app.jobs.runDue();
    const review = await mail(email, /how did you like your order\?$/);
    expectLayout(review, ['Mug &lt;b&gt;bold&lt;/b&gt;']);
    expect(textLinks(review.text).some((l) => l.includes('token='))).toBe(true);
  });

  it('back in stock', async () => {
    const p = await soldOutProduct(s, { name: BOLD });
    const email = freshEmail('restock');
    const asked = await askToBeNotified(s, await visitorOf(s), {
      productId: p.productId,
      email,
      itemDetails: { image: { url: 'https://cdn.example.test/lamp.jpg' } },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const r = await s.admin('PATCH', `/stores/v3/inventory-items/${p.inventoryItemIds[0]}`, {
      inventoryItem: { quantity: 5 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const m = await s.until(async () => {
      s.clock.advance(1000);
      return smtp.received.some((x) => x.to.includes(email)) && (await mail(email, /^Back in stock: /));
    });
    expect(m.subject).toBe(`Back in stock: ${BOLD}`);
    expectLayout(m, [BOLD_HTML]);
    expect(textLinks(m.text)).toHaveLength(2); // the product's page, and the unsubscribe link
    expect(m.html).toContain('<img src="https://cdn.example.test/lamp.jpg"'); // the item's own picture
  });

  it('the abandoned checkout (last: it moves the clock an hour on)', async () => {
    const kit = await shopperKit(s, '12.50');
    const auth = await kit.visitor();
    const email = freshEmail('left');
    const made = await s.request<{ checkout: { id: string } }>('POST', '/ecom/v1/checkouts', {
      auth,
      body: { channelType: 'WEB', lineItems: [{ ...kit.line, quantity: 2 }] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const patched = await s.request('PATCH', `/ecom/v1/checkouts/${made.body.checkout.id}`, {
      auth,
      body: {
        checkout: {
          buyerInfo: { email },
          shippingInfo: {
            shippingDestination: { contactDetails: { firstName: 'Ada <b>x</b>', lastName: 'Lovelace' } },
          },
        },
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    s.clock.advance(65 * 60_000);
    const m = await mail(email, /^You left something at /);
    expectLayout(m, ['Hello Ada &lt;b&gt;x&lt;/b&gt;,']);
    expect(textLinks(m.text)).toHaveLength(1);
  });
});
