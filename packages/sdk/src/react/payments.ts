/** Paying with the test gateway as TanStack Query mutation options over `paymentCalls` (../payments.ts). */
import { mutationOptions } from '@tanstack/react-query';
import type { TestGatewayCard } from '@vitrine/contract';
import type { HttpClient } from '../http.ts';
import { paymentCalls } from '../payments.ts';

export const paymentMutations = {
  /** Pays a payment gateway order with the test gateway. */
  payWithTestGateway: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['payments', 'test-gateway'] as const,
      mutationFn: (v: { paymentGatewayOrderId: string; card: TestGatewayCard }) =>
        paymentCalls.payWithTestGateway(http, v.paymentGatewayOrderId, v.card),
    }),
  /** Pays a payment gateway order with one of the store's manual payment methods. */
  payOffline: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['payments', 'offline'] as const,
      mutationFn: (v: { paymentGatewayOrderId: string; methodId: string }) =>
        paymentCalls.payOffline(http, v.paymentGatewayOrderId, v.methodId),
    }),
};
