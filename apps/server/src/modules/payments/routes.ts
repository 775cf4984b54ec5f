import {
  captureAuthorizedPaymentsRequest,
  id,
  markOrderAsPaidRequest,
  offlinePaymentRequest,
  offlinePaymentResponse,
  orderResponse,
  orderTransactionsResponse,
  paymentCollectabilityResponse,
  preparePaymentCollectionRequest,
  preparePaymentCollectionResponse,
  refundabilityResponse,
  testGatewayPayRequest,
  testGatewayPayResponse,
  triggerRefundRequest,
  triggerRefundResponse,
  voidAuthorizedPaymentsRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import { violation } from '../../platform/errors.ts';
import type { Router } from '../../platform/http/route.ts';
import { getOrder } from '../orders/index.ts';
import { captureAuthorized, collectability, prepareForOrder, voidAuthorized } from './collector.ts';
import { transactionsOf } from './ledger.ts';
import { payWithTestGateway } from './pay.ts';
import { markAsPaid, refundability, triggerRefund } from './refunds.ts';
import { payOffline } from './offline.ts';

const BASE = '/payments-collector/orders/:ecomOrderId';
/** The captured prefix first, then the aliases of the SDK's routing tables (conventions §2). */
const urls = (path: string) =>
  [`/ecom/v1${BASE}${path}`, `/v1${BASE}${path}`, `/_api/v1${BASE}${path}`] as const;
const tags = ['payments'] as const;
const params = z.object({ ecomOrderId: id });

/** The SDK repeats the path's `ecomOrderId` in the body; it must agree. */
function sameOrder(pathId: string, bodyId: string | undefined) {
  if (bodyId !== undefined && bodyId !== pathId)
    throw violation('ecomOrderId', 'must match the path', 'VALIDATION');
}

export function paymentsRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: urls('/prepare-payment-collection'),
    roles: ['admin'],
    summary: 'Open a payment gateway order for an order',
    tags,
    params,
    body: preparePaymentCollectionRequest,
    response: preparePaymentCollectionResponse,
    async handler(ctx, { params: p, body }) {
      sameOrder(p.ecomOrderId, body.ecomOrderId);
      return prepareForOrder(ctx, p.ecomOrderId, {
        amount: body.amount.amount,
        ...(body.paymentGatewayOrderId ? { paymentGatewayOrderId: body.paymentGatewayOrderId } : {}),
        ...(body.delayedCapture !== undefined ? { delayedCapture: body.delayedCapture } : {}),
        ...(body.delayedCaptureSettings ? { delayedCaptureSettings: body.delayedCaptureSettings } : {}),
      });
    },
  });

  r.route({
    method: 'GET',
    url: urls('/payment-collectability-status'),
    roles: ['admin'],
    summary: 'Whether the order can still be paid, and how much',
    tags,
    params,
    response: paymentCollectabilityResponse,
    async handler(ctx, { params: p }) {
      return collectability(ctx, p.ecomOrderId);
    },
  });

  r.route({
    method: 'POST',
    url: urls('/capture-authorized-payments'),
    roles: ['admin'],
    summary: 'Capture authorized payments (partly or fully)',
    tags,
    params,
    body: captureAuthorizedPaymentsRequest,
    response: orderTransactionsResponse,
    async handler(ctx, { params: p, body }) {
      sameOrder(p.ecomOrderId, body.ecomOrderId);
      const items = body.payments.map((x) => ({
        paymentId: x.paymentId,
        ...(x.amount ? { amount: x.amount.amount } : {}),
      }));
      return { orderTransactions: await captureAuthorized(ctx, p.ecomOrderId, items) };
    },
  });

  r.route({
    method: 'POST',
    url: urls('/void-authorized-payments'),
    roles: ['admin'],
    summary: 'Void authorized payments',
    tags,
    params,
    body: voidAuthorizedPaymentsRequest,
    response: orderTransactionsResponse,
    async handler(ctx, { params: p, body }) {
      sameOrder(p.ecomOrderId, body.ecomOrderId);
      return { orderTransactions: await voidAuthorized(ctx, p.ecomOrderId, body.paymentIds) };
    },
  });

  r.route({
    method: 'GET',
    url: urls('/transactions'),
    roles: ['visitor', 'member', 'admin'],
    summary:
      "The order's payments and refunds (Vitrine); its buyer sees their own order's (gift card, card, refunds)",
    tags,
    params,
    response: orderTransactionsResponse,
    async handler(ctx, { params: p }) {
      await getOrder(ctx, p.ecomOrderId);
      return { orderTransactions: await transactionsOf(ctx, p.ecomOrderId) };
    },
  });

  r.route({
    method: 'GET',
    url: urls('/refundability'),
    roles: ['admin'],
    summary: 'Whether each payment can be refunded, and why not',
    tags,
    params,
    response: refundabilityResponse,
    async handler(ctx, { params: p }) {
      return refundability(ctx, p.ecomOrderId);
    },
  });

  r.route({
    method: 'POST',
    url: urls('/trigger-refund'),
    roles: ['admin'],
    summary: 'Refund payments (fully or partly)',
    tags,
    params,
    body: triggerRefundRequest,
    response: triggerRefundResponse,
    async handler(ctx, { params: p, body }) {
      sameOrder(p.ecomOrderId, body.ecomOrderId);
      return triggerRefund(ctx, p.ecomOrderId, body);
    },
  });

  r.route({
    method: 'POST',
    url: urls('/mark-as-paid'),
    roles: ['admin'],
    summary: 'Mark an order paid offline',
    tags,
    params,
    body: markOrderAsPaidRequest,
    response: orderResponse,
    async handler(ctx, { params: p, body }) {
      sameOrder(p.ecomOrderId, body.ecomOrderId);
      await markAsPaid(ctx, p.ecomOrderId);
      return { order: await getOrder(ctx, p.ecomOrderId) };
    },
  });

  r.route({
    method: 'POST',
    url: '/payments/v1/test-gateway/pay',
    roles: ['visitor', 'member', 'admin'],
    summary: 'Pay a payment gateway order with the built-in test gateway (hosted checkout page)',
    tags,
    body: testGatewayPayRequest,
    response: testGatewayPayResponse,
    async handler(ctx, { body }) {
      return payWithTestGateway(ctx, body.paymentGatewayOrderId, body.card);
    },
  });

  r.route({
    method: 'POST',
    url: '/payments/v1/offline-payment',
    roles: ['visitor', 'member', 'admin'],
    summary:
      "Pay a payment gateway order with one of the store's manual payment methods (hosted checkout page)",
    tags,
    body: offlinePaymentRequest,
    response: offlinePaymentResponse,
    async handler(ctx, { body }) {
      return payOffline(ctx, body.paymentGatewayOrderId, body.methodId);
    },
  });
}
