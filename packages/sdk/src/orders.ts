/**
 * The shopper's own orders (contract orders-payments.md §1: `getOrder`, `searchOrders`; buyers see
 * only theirs), and their payments, as plain typed calls.
 */
import type {
  CursorPagingMetadata,
  Fulfillment,
  OpenOrderLinkResponse,
  Order,
  OrderTransactions,
} from '@vitrine/contract';
import type { HttpClient } from './http.ts';

export interface OrdersPage {
  orders: Order[];
  metadata: CursorPagingMetadata;
}

export const orderCalls = {
  /** Newest first, one page of `limit`; `cursor` for the next ones. */
  mine: (http: HttpClient, o: { cursor?: string; limit?: number } = {}): Promise<OrdersPage> =>
    http.request<OrdersPage>({
      method: 'POST',
      path: '/ecom/v1/orders/search',
      body: {
        search: o.cursor
          ? { cursorPaging: { limit: o.limit ?? 20, cursor: o.cursor } }
          : { sort: [{ fieldName: 'createdDate', order: 'DESC' }], cursorPaging: { limit: o.limit ?? 20 } },
      },
    }),
  get: async (http: HttpClient, id: string): Promise<Order> =>
    (
      await http.request<{ order: Order }>({
        method: 'GET',
        path: '/ecom/v1/orders/{id}',
        pathParams: { id },
      })
    ).order,
  /** How the order was paid (gift card, card…) and refunded; the buyer's own orders only. */
  transactions: async (http: HttpClient, id: string): Promise<OrderTransactions> =>
    (
      await http.request<{ orderTransactions: OrderTransactions }>({
        method: 'GET',
        path: '/ecom/v1/payments-collector/orders/{ecomOrderId}/transactions',
        pathParams: { ecomOrderId: id },
      })
    ).orderTransactions,
  /** The order's shipments (or pickups) so far, with their tracking; the buyer's own orders only. */
  fulfillments: async (http: HttpClient, id: string): Promise<Fulfillment[]> =>
    (
      await http.request<{ orderWithFulfillments: { fulfillments: Fulfillment[] } }>({
        method: 'GET',
        path: '/ecom/v1/fulfillments/orders/{orderId}',
        pathParams: { orderId: id },
      })
    ).orderWithFulfillments.fulfillments,
  /**
   * The order the link in a visitor's order e-mail names, with its fulfillments, for whoever holds
   * the link (Vitrine's: 400 `INVALID_ORDER_LINK` when tampered or expired).
   */
  openLink: (http: HttpClient, token: string): Promise<OpenOrderLinkResponse> =>
    http.request<OpenOrderLinkResponse>({
      method: 'POST',
      path: '/ecom/v1/orders/link/open',
      body: { token },
    }),
};
