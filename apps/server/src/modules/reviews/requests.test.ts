/**
 * The review-request journey over HTTP and real SMTP: a shop order is placed, paid and fulfilled;
 * its request is scheduled `requestDelayDays` later; at that time the job e-mails a signed link;
 * the buyer opens it and reviews the product without signing in (verified, as the buyer), and the
 * request remembers the review. A canceled order's scheduled request is canceled; a tampered or
 * expired link is refused.
 */
import type { RatingSummary, WireReview, WireReviewRequest } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpSink } from '../../test/identity.ts';
import { collector, transactions } from '../../test/payments.ts';
import { memberTokens, shopClient } from '../../test/oauth.ts';
import { appError, startTestServer, type TestServer } from '../../test/server.ts';
import { payAsBuyer, placeShopOrder, shopProduct, visitorOf } from '../../test/shop.ts';

const DAY = 86_400_000;
let s: TestServer;
let smtp: Awaited<ReturnType<typeof smtpSink>>;

beforeAll(async () => {
  smtp = await smtpSink();
  s = await startTestServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await s?.stop();
  await smtp?.close();
});

/** The decoded text of a raw message: quoted-printable undone, base64 parts decoded. */
function decoded(raw: string): string {
  let out = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  for (const m of raw.matchAll(
    /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
  ))
    out += `\n${Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8')}`;
  return out;
}
/** The parts of a raw multipart message by content type, each decoded (quoted-printable or base64). */
function mimeParts(raw: string): Record<string, string> {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const out: Record<string, string> = {};
  for (const part of boundary ? raw.split(`--${boundary}`) : []) {
    const at = part.indexOf('\r\n\r\n');
    const head = part.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
    const type = /content-type:\s*([\w/+.-]+)/i.exec(head)?.[1]?.toLowerCase();
    if (at < 0 || !type) continue;
    const body = part.slice(at + 4).replace(/\r\n$/, '');
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
    const bytes =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            )
          : Buffer.from(body, 'utf8');
    out[type] = bytes.toString('utf8').replace(/\r\n/g, '\n');
  }
  return out;
}
const reviewLinkIn = (raw: string) =>
  /https?:\/\/[^\s"<>]+\/review\?token=[^\s"<>&]+/.exec(decoded(raw))?.[0];
/** The review-request e-mails an address received (the buyer gets order mails too). */
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to) && reviewLinkIn(m.raw));

const requestsOfOrder = async (orderId: string) => {
  const r = await s.admin<{ reviewRequests: WireReviewRequest[] }>(
    'POST',
    '/reviews/v2/review-requests/query',
    {
      query: { filter: { 'order.id': orderId } },
    },
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.reviewRequests;
};
const requestOf = (orderId: string) => s.until(async () => (await requestsOfOrder(orderId))[0], 10_000);
const getRequest = async (id: string) => {
  const r = await s.admin<{ reviewRequest: WireReviewRequest }>('GET', `/reviews/v2/review-requests/${id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.reviewRequest;
};
const open = (token: string) =>
  s.request<{
    reviewRequestId: string;
    authorName: string;
    items: { catalogItemId: string; name: string; reviewId?: string }[];
  }>('POST', '/reviews/v2/review-requests/link/open', { body: { token } });
const submit = (token: string, catalogItemId: string, content: Record<string, unknown>) =>
  s.request<{ review: WireReview }>('POST', '/reviews/v2/review-requests/link/submit', {
    body: { token, catalogItemId, content },
  });

/** The request is CANCELED once its order's event is delivered, and nothing is sent at its time. */
async function staysCanceled(requestId: string, email: string) {
  const after = await s.until(async () => {
    const r = await getRequest(requestId);
    return r.status !== 'SCHEDULED' ? r : undefined;
  });
  expect(after.status).toBe('CANCELED');
  s.clock.advance(8 * DAY);
  await s.app.jobs.runDue();
  await new Promise((r) => setTimeout(r, 200));
  expect(mailsTo(email)).toEqual([]);
  expect((await getRequest(requestId)).status).toBe('CANCELED');
}

async function fulfil(orderId: string) {
  const order = (
    await s.admin<{ order: { lineItems: { id: string }[] } }>('GET', `/ecom/v1/orders/${orderId}`)
  ).body.order;
  const r = await s.admin('POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
    fulfillment: { lineItems: order.lineItems.map((l) => ({ id: l.id })) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A paid shop order of `product` by a visitor (or the given buyer token) with `email`. */
async function paidOrder(product: { productId: string; variantId: string }, email: string, auth?: string) {
  const buyer = auth ?? (await visitorOf(s));
  const placed = await placeShopOrder(s, { auth: buyer, product, email });
  await payAsBuyer(s, buyer, placed.paymentGatewayOrderId!);
  return placed.orderId;
}

describe('review requests follow their order', () => {
  let token = '';
  let requestId = '';
  let productId = '';
  let reviewId = '';

  it('has the defaults: requests enabled, sent 7 days after fulfilment', async () => {
    const r = await s.admin<{ settings: Record<string, unknown> }>('GET', '/reviews/v1/settings');
    expect(r.status).toBe(200);
    expect(r.body.settings).toEqual({ moderation: 'MANUAL', requestDelayDays: 7, requestsEnabled: true });
  });

  it('schedules a request when the order is fulfilled, e-mails the link at sendDate, and takes the review', async () => {
    const product = await shopProduct(s, { name: 'Linen shirt', price: '25' });
    productId = product.productId;
    const email = 'linen-buyer@example.test';
    const orderId = await paidOrder(product, email);
    // Paid but not fulfilled: nothing scheduled.
    await s.app.jobs.runDue();
    expect(await requestsOfOrder(orderId)).toEqual([]);

    const fulfilledAt = s.clock.now().getTime();
    await fulfil(orderId);
    const scheduled = await requestOf(orderId);
    expect(scheduled).toMatchObject({
      namespace: 'stores',
      order: { id: orderId },
      items: [{ catalogItemId: productId }],
      communicationChannel: 'EMAIL',
      status: 'SCHEDULED',
    });
    expect(new Date(scheduled.sendDate).getTime()).toBe(fulfilledAt + 7 * DAY);
    requestId = scheduled.id;

    // A minute early: nothing is sent.
    s.clock.advance(7 * DAY - 60_000);
    await s.app.jobs.runDue();
    expect((await getRequest(requestId)).status).toBe('SCHEDULED');
    expect(mailsTo(email)).toEqual([]);

    // Past the delay: the job sends the e-mail over SMTP and the request is SENT.
    s.clock.advance(2 * 60_000);
    await s.app.jobs.runDue();
    const mail = await s.until(async () => mailsTo(email)[0], 15_000);
    const link = reviewLinkIn(mail.raw);
    expect(link, decoded(mail.raw)).toBeDefined();
    expect(link!.startsWith(`${s.url}/review?token=`)).toBe(true);
    expect(decoded(mail.raw)).toContain('Linen shirt');
    token = new URL(link!).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);
    const sent = await s.until(async () => {
      const r = await getRequest(requestId);
      return r.status === 'SENT' ? r : undefined;
    });
    expect(sent.sentOptions).toEqual({ opened: false });

    // The buyer opens the link without signing in: the order's items, by name.
    const opened = await open(token);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({
      reviewRequestId: requestId,
      items: [{ catalogItemId: productId, name: 'Linen shirt' }],
    });
    expect(opened.body.items[0]!.reviewId).toBeUndefined();
    // The author name is public: the buyer's name from the order (Ada), never their e-mail address.
    expect.soft(opened.body.authorName, 'the public author name').not.toContain('linen-buyer');
    expect.soft(opened.body.authorName, 'the public author name').toMatch(/Ada/);
    expect((await getRequest(requestId)).sentOptions).toEqual({ opened: true });

    // …and reviews the product: verified, by the buyer, HTML stripped, waiting for moderation.
    const done = await submit(token, productId, { title: '<b>Lovely</b>', body: 'Soft linen', rating: 5 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.review).toMatchObject({
      namespace: 'stores',
      entityId: productId,
      content: { title: 'Lovely', body: 'Soft linen', rating: 5 },
      verified: true,
      author: { authorName: opened.body.authorName, authorType: 'VISITOR' },
      moderation: { moderationStatus: 'IN_MODERATION' },
      origin: { type: 'ORGANIC' },
    });
    reviewId = done.body.review.id;

    // The request remembers the review; the link shows it as done.
    expect(await getRequest(requestId)).toMatchObject({
      status: 'SENT',
      items: [{ catalogItemId: productId, reviewId }],
    });
    expect((await open(token)).body.items).toEqual([
      expect.objectContaining({ catalogItemId: productId, reviewId }),
    ]);

    // The merchant sees and approves it; the product's summary counts it.
    const got = await s.admin<{ review: WireReview }>(
      'GET',
      `/reviews/v1/reviews/${reviewId}?returnPrivateReviews=true`,
    );
    expect(got.body.review).toMatchObject({ id: reviewId, verified: true });
    expect(
      (await s.admin('PATCH', `/reviews/v1/reviews/${reviewId}/moderate`, { status: 'APPROVED' })).status,
    ).toBe(200);
    const sum = await s.request<{ summaries: RatingSummary[] }>(
      'GET',
      `/reviews/v1/summaries?namespace=stores&entityIds=${productId}`,
    );
    expect(sum.body.summaries).toEqual([
      expect.objectContaining({ entityId: productId, count: 1, averageRating: 5 }),
    ]);
  });

  it('sends its HTML as a whole document in the store layout, with the text part as before and links that open the form', async () => {
    const mail = mailsTo('linen-buyer@example.test')[0]!;
    const parts = mimeParts(mail.raw);
    const html = parts['text/html'];
    const text = parts['text/plain'];
    expect(html, mail.raw).toBeDefined();
    const link = reviewLinkIn(mail.raw)!;
    // The text part: the same words and link as ever.
    expect(text).toMatch(
      new RegExp(
        String.raw`^Hello [^\n]+,\n\nWe hope you enjoy what you bought:\n- Linen shirt\n\n` +
          String.raw`Tell other shoppers what you think \(no sign-in needed; the link is valid for 60 days\):\n` +
          `${link.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}\n\nMy Vitrine store$`,
      ),
    );
    // A whole document: doctype, language, a head with charset and title (the subject), one body.
    expect(html!.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8">')).toBe(true);
    expect(html).toMatch(/<\/body><\/html>$/);
    expect(/<title>([^<]*)<\/title>/.exec(html!)?.[1]).toBe('My Vitrine store: how did you like your order?');
    expect(html!.match(/<head>/g)).toHaveLength(1);
    expect(html!.match(/<body[ >]/g)).toHaveLength(1);
    const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html!)![1]!;
    expect(/<body style="([^"]+)"/.exec(html!)?.[1]).toContain('font-family:sans-serif');
    expect(body).toContain('My Vitrine store');
    expect(body).toContain('<li>Linen shirt</li>');
    // Its one link is the text's signed link, and opens the review form (page and API).
    const hrefs = [...html!.matchAll(/href="([^"]*)"/g)].map((m) =>
      m[1]!
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'"),
    );
    expect(hrefs).toEqual([link]);
    const page = await fetch(hrefs[0]!, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const opened = await open(new URL(hrefs[0]!).searchParams.get('token')!);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.items).toEqual([expect.objectContaining({ catalogItemId: productId })]);
  });

  it('takes one review per item through the link, and only items of the order', async () => {
    const again = await submit(token, productId, { rating: 1 });
    expect([again.status, appError(again.body).code]).toEqual([409, 'REVIEW_ALREADY_EXISTS']);
    const other = await shopProduct(s, { name: 'Not ordered', price: '5' });
    const notInOrder = await submit(token, other.productId, { rating: 4 });
    expect(notInOrder.status).toBe(404);
    expect((await getRequest(requestId)).items).toEqual([{ catalogItemId: productId, reviewId }]);
  });

  it('refuses a tampered, a made-up and an expired link (4xx, nothing written)', async () => {
    const [head, payload, signature] = token.split('.');
    expect(signature).toBeTruthy();
    const flipped = signature!.slice(0, 5) + (signature![5] === 'A' ? 'B' : 'A') + signature!.slice(6);
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), rid: requestId }),
    ).toString('base64url');
    const bad = [
      `${head}.${payload}.${flipped}`,
      `${head}.${forgedPayload}x.${signature}`,
      `${head}.${payload}.`,
      'not-a-review-link-token',
    ];
    for (const t of bad) {
      for (const call of [() => open(t), () => submit(t, productId, { rating: 5 })]) {
        const r = await call();
        expect(r.status, `${t}: ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
        expect(r.status, t).toBeLessThan(500);
      }
    }
    // 60 days after sending, the genuine link has expired too.
    s.clock.advance(61 * DAY);
    const expired = await open(token);
    expect(expired.status).toBeGreaterThanOrEqual(400);
    expect(expired.status).toBeLessThan(500);
    const count = await s.admin<{ count: number }>('POST', '/reviews/v1/reviews/count', {
      filter: { entityId: productId },
      includePrivateReviews: true,
    });
    expect(count.body.count).toBe(1);
  });

  it('cancels the scheduled request of a canceled order; nothing is sent', async () => {
    const product = await shopProduct(s, { name: 'Wool scarf', price: '30' });
    const email = 'scarf-buyer@example.test';
    const orderId = await paidOrder(product, email);
    await fulfil(orderId);
    const scheduled = await requestOf(orderId);
    expect(scheduled.status).toBe('SCHEDULED');

    const canceled = await s.admin('POST', `/ecom/v1/orders/${orderId}/cancel`, { restockAllItems: false });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    await staysCanceled(scheduled.id, email);
  });

  it('cancels the scheduled request of an order refunded in full; a partial refund keeps it', async () => {
    const product = await shopProduct(s, { name: 'Felt hat', price: '40' });
    const email = 'hat-buyer@example.test';
    const orderId = await paidOrder(product, email);
    await fulfil(orderId);
    const scheduled = await requestOf(orderId);
    expect(scheduled.status).toBe('SCHEDULED');
    const [payment] = (await transactions(s, orderId)).payments;
    const refund = (amount?: string) =>
      s.admin('POST', collector(orderId, 'trigger-refund'), {
        ecomOrderId: orderId,
        payments: [{ paymentId: payment!.id, ...(amount ? { amount: { amount } } : {}) }],
      });

    expect((await refund('10.00')).status).toBe(200);
    await s.app.jobs.runDue();
    expect((await getRequest(scheduled.id)).status).toBe('SCHEDULED');

    expect((await refund()).status).toBe(200);
    await staysCanceled(scheduled.id, email);
  });

  it("writes a member buyer's review as the member", async () => {
    const product = await shopProduct(s, { name: 'Canvas bag', price: '15' });
    const m = await memberTokens(s, await shopClient(s));
    const orderId = await paidOrder(product, m.email, m.tokens.access_token);
    await fulfil(orderId);
    const scheduled = await requestOf(orderId);
    expect(scheduled.recipient).toEqual({ contactId: m.memberId });
    s.clock.advance(7 * DAY + 1000);
    await s.app.jobs.runDue();
    const mail = await s.until(async () => mailsTo(m.email)[0], 15_000);
    const t = new URL(reviewLinkIn(mail.raw)!).searchParams.get('token')!;
    const done = await submit(t, product.productId, { body: 'Sturdy', rating: 4 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.review).toMatchObject({
      verified: true,
      author: { contactId: m.memberId, authorType: 'MEMBER' },
    });
    expect((await getRequest(scheduled.id)).items).toEqual([
      { catalogItemId: product.productId, reviewId: done.body.review.id },
    ]);
  });
});
