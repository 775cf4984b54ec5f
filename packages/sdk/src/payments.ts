/** Paying an order with Vitrine's test gateway (the hosted checkout's card form), as a plain typed call. */
import type { TestGatewayCard, TestGatewayPay } from '@vitrine/contract';
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
};
