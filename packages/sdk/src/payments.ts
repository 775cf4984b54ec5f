/**
 * Paying an order on the hosted checkout page, as plain typed calls: with Vitrine's test gateway (the
 * card form), or with one of the store's manual payment methods.
 */
import type { OfflinePayment, TestGatewayCard, TestGatewayPay } from '@vitrine/contract';
import type { HttpClient } from './http.ts';

export const paymentCalls = {
  /** Pays a payment gateway order with the test gateway. */
  payWithTestGateway: (
    http: HttpClient,
    paymentGatewayOrderId: string,
    card: TestGatewayCard,
  ): Promise<TestGatewayPay> =>
    http.request<TestGatewayPay>({
      method: 'POST',
      path: '/payments/v1/test-gateway/pay',
      body: { paymentGatewayOrderId, card },
    }),
  /** Chooses one of the store's manual payment methods for a payment gateway order: placed, awaiting payment. */
  payOffline: (http: HttpClient, paymentGatewayOrderId: string, methodId: string): Promise<OfflinePayment> =>
    http.request<OfflinePayment>({
      method: 'POST',
      path: '/payments/v1/offline-payment',
      body: { paymentGatewayOrderId, methodId },
    }),
};
