/**
 * A checkout the site owner makes for a member (Create order for someone with an account): it is
 * the member's, its payment link leads to the store's sign-in, and the order the member places is
 * in their account. Shoppers cannot name a member; a member who cannot sign in is refused.
 */
import type { Checkout, Order, PaymentLink } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../test/identity.ts';
import { member, memberTokens, shopClient } from '../../test/oauth.ts';
import { appError, type TestServer } from '../../test/server.ts';
import type { shopLine } from '../../test/shop.ts';
import { deskStore, shipToNyAndPlace, visitorOf } from '../../test/shop.ts';

const K = '/ecom/v1/checkouts';
let s: TestServer;
let line: ReturnType<typeof shopLine>;

beforeAll(async () => {
  ({ s, line } = await deskStore(1));
});
afterAll(async () => {
  await s?.stop();
});

const forMember = (buyerInfo: object) =>
  s.admin<{ checkout: Checkout }>('POST', K, {
    channelType: 'BACKOFFICE_MERCHANT',
    lineItems: [line],
    checkoutInfo: { buyerInfo },
  });

describe('a checkout made for a member', () => {
  it('is theirs: its link leads to sign-in, and the order they place is in their account', async () => {
    const clientId = await shopClient(s);
    const ada = await memberTokens(s, clientId);
    const made = await forMember({ memberId: ada.memberId });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.checkout.id;
    expect(made.body.checkout.buyerInfo).toMatchObject({ memberId: ada.memberId, email: ada.email });

    const link = await s.admin<{ paymentLink: PaymentLink }>('POST', `${K}/${id}/payment-link`, {
      sendEmail: true,
    });
    expect(link.body.paymentLink.emailedTo).toBe(ada.email);
    const [mail] = await mailsTo(s, ada.email);
    expect(mail!.text).toContain(
      'You sign in to your account to pay, and the order is with your other orders there.',
    );
    const opened = await fetch(link.body.paymentLink.url, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(
      `${s.url}/login?returnTo=${encodeURIComponent(`/cart?resume=${id}`)}`,
    );

    // Nobody else's token reads it; the member's does, and places the order.
    expect((await s.request('GET', `${K}/${id}`, { auth: await visitorOf(s) })).status).toBe(404);
    const auth = ada.tokens.access_token;
    expect((await s.request('GET', `${K}/${id}`, { auth })).status).toBe(200);
    const placed = await shipToNyAndPlace(s, auth, id);
    const order = await s.request<{ order: Order }>('GET', `/ecom/v1/orders/${placed.orderId}`, { auth });
    expect(order.status).toBe(200);
    expect(order.body.order).toMatchObject({
      buyerInfo: { memberId: ada.memberId, email: ada.email },
      channelInfo: { type: 'BACKOFFICE_MERCHANT' },
    });
  });

  it('keeps an e-mail the owner gives, and refuses a member unknown or unable to sign in', async () => {
    const grace = await member(s);
    const made = await forMember({ memberId: grace.memberId, email: 'grace.work@example.test' });
    expect(made.body.checkout.buyerInfo).toMatchObject({
      memberId: grace.memberId,
      email: 'grace.work@example.test',
    });

    const unknown = await forMember({ memberId: '0190c0de-0000-7000-8000-00000000dead' });
    expect([unknown.status, appError(unknown.body).code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    expect((await s.admin('POST', `/members/v1/members/${grace.memberId}/block`, {})).status).toBe(200);
    const blocked = await forMember({ memberId: grace.memberId });
    expect([blocked.status, appError(blocked.body).code]).toEqual([409, 'MEMBER_CANNOT_SIGN_IN']);
  });

  it("is not a shopper's to claim: a member named by a visitor is ignored, and an echoed memberId changes nothing", async () => {
    const other = await member(s);
    const v = await visitorOf(s);
    const own = await s.request<{ checkout: Checkout }>('POST', K, {
      auth: v,
      body: {
        channelType: 'WEB',
        lineItems: [line],
        checkoutInfo: { buyerInfo: { memberId: other.memberId } },
      },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.checkout.buyerInfo.memberId).toBeUndefined();
    const echoed = await s.request<{ checkout: Checkout }>('PATCH', `${K}/${own.body.checkout.id}`, {
      auth: v,
      body: { checkout: { buyerInfo: { memberId: other.memberId, email: 'v@example.test' } } },
    });
    expect(echoed.status, JSON.stringify(echoed.body)).toBe(200);
    expect(echoed.body.checkout.buyerInfo).toMatchObject({ email: 'v@example.test' });
    expect(echoed.body.checkout.buyerInfo.memberId).toBeUndefined();
    const nulled = await s.request('PATCH', `${K}/${own.body.checkout.id}`, {
      auth: v,
      body: { checkout: { buyerInfo: { memberId: null } } },
    });
    expect(nulled.status, JSON.stringify(nulled.body)).toBe(200);
  });
});
