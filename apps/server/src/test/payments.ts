import { randomUUID } from 'node:crypto';
import type { Caller } from '../platform/context.ts';
import { ADMIN_KEY, type TestServer } from './server.ts';

/** Test tokens: `visitor:<uuid>`, `member:<uuid>` and `member:<uuid>:<visitor uuid>` (logged in from that visitor session). */
export async function fakeTokens(token: string): Promise<Caller | null> {
  const [role, id, visitorId] = token.split(':');
  if (role === 'visitor' && id) return { role: 'visitor', visitorId: id };
  if (role === 'member' && id) return { role: 'member', memberId: id, ...(visitorId ? { visitorId } : {}) };
  return null;
}

export const CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
  holderName: 'Ada Lovelace',
};
export const DECLINED_CARD = { ...CARD, number: '4000 0000 0000 0002' };
export const POOR_CARD = { ...CARD, number: '4000 0000 0000 9995' };

export interface Txns {
  orderTransactions: {
    orderId: string;
    payments: {
      id: string;
      amount: { amount: string };
      refundDisabled: boolean;
      regularPaymentDetails: {
        status: string;
        paymentOrderId?: string;
        offlinePayment: boolean;
        paymentMethod: string;
        creditCardDetails?: { lastFourDigits: string; brand: string };
        authorizationDetails?: {
          delayedCapture: boolean;
          captures: { amount: { amount: string } }[];
          void?: { reason: string };
          scheduledAction?: { actionType: string; executionDate: string };
        };
      };
    }[];
    refunds: {
      id: string;
      transactions: { paymentId: string; amount: { amount: string }; refundStatus: string }[];
    }[];
  };
}

/** An order for `total` (USD) made through the orders API; INITIALIZED until paid unless `approved`. */
export async function newOrder(
  s: TestServer,
  o: { total?: string; visitorId?: string; memberId?: string; approved?: boolean } = {},
) {
  const total = o.total ?? '25.00';
  const r = await s.admin<{ order: { id: string; status: string; paymentStatus: string } }>(
    'POST',
    '/ecom/v1/orders',
    {
      order: {
        channelInfo: { type: 'WEB' },
        lineItems: [
          {
            productName: { original: 'Shirt' },
            catalogReference: { catalogItemId: randomUUID(), appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' },
            quantity: 1,
            price: { amount: total },
            itemType: { preset: 'PHYSICAL' },
          },
        ],
        priceSummary: { subtotal: { amount: total }, total: { amount: total } },
        currency: 'USD',
        buyerInfo: {
          email: 'ada@example.test',
          ...(o.visitorId ? { visitorId: o.visitorId } : {}),
          ...(o.memberId ? { memberId: o.memberId } : {}),
        },
        billingInfo: { address: { country: 'US', addressLine: '1 Main St' } },
      },
      settings: {
        orderApprovalStrategy: o.approved ? 'DEFAULT' : 'PAYMENT_RECEIVED',
        notifications: { sendNotificationToBuyer: false, sendNotificationsToBusiness: false },
      },
    },
  );
  if (r.status !== 200) throw new Error(`order not created: ${JSON.stringify(r.body)}`);
  return r.body.order;
}

export const collector = (orderId: string, path: string) =>
  `/ecom/v1/payments-collector/orders/${orderId}/${path}`;

/** prepare-payment-collection as admin; returns the gateway order id. */
export async function prepare(
  s: TestServer,
  orderId: string,
  amount: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const r = await s.admin<{ paymentGatewayOrderId: string }>(
    'POST',
    collector(orderId, 'prepare-payment-collection'),
    { ecomOrderId: orderId, amount: { amount }, ...extra },
  );
  if (r.status !== 200) throw new Error(`prepare failed: ${JSON.stringify(r.body)}`);
  return r.body.paymentGatewayOrderId;
}

export async function pay(
  s: TestServer,
  paymentGatewayOrderId: string,
  card = CARD,
  auth: string = 'admin',
  headers: Record<string, string> = {},
) {
  return s.request<{
    orderId: string;
    paymentId: string;
    status: string;
    amount: { amount: string };
    creditCardDetails: { lastFourDigits: string; brand: string };
  }>('POST', '/payments/v1/test-gateway/pay', {
    body: { paymentGatewayOrderId, card },
    auth: auth === 'admin' ? undefined : auth,
    headers: auth === 'admin' ? { authorization: ADMIN_KEY, ...headers } : headers,
  });
}

export const getOrder = async (s: TestServer, id: string) =>
  (
    await s.admin<{
      order: { id: string; status: string; paymentStatus: string; activities: { type: string }[] };
    }>('GET', `/ecom/v1/orders/${id}`)
  ).body.order;
export const transactions = async (s: TestServer, id: string) =>
  (await s.admin<Txns>('GET', collector(id, 'transactions'))).body.orderTransactions;
