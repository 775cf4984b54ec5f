/**
 * The merchant's side of orders and their payments, as plain typed calls: search with filters and
 * sort, tags, notes, cancel, fulfilments, and the payments collector's capture, void and refund
 * (contract orders-payments.md §1–§4; apps/server/src/modules/orders and payments READMEs).
 * Reading one order and its transactions is `orderCalls.get` / `.transactions` (../orders.ts): the
 * same calls, answering everything to an admin.
 */
import type {
  Filter,
  Fulfillment,
  FulfillmentStatusValue,
  Order,
  OrderPaymentStatusValue,
  OrderStatusValue,
  OrderTransactions,
  Sorting,
} from '@vitrine/contract';
import { VitrineError } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import type { OrdersPage } from '../orders.ts';

export const ADMIN_ORDER_SORTS = ['newest', 'oldest', 'number-desc', 'number-asc', 'updated'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];
const SORTS: Record<AdminOrderSort, Sorting[]> = {
  newest: [{ fieldName: 'createdDate', order: 'DESC' }],
  oldest: [{ fieldName: 'createdDate', order: 'ASC' }],
  'number-desc': [{ fieldName: 'number', order: 'DESC' }],
  'number-asc': [{ fieldName: 'number', order: 'ASC' }],
  updated: [{ fieldName: 'updatedDate', order: 'DESC' }],
};

export interface AdminOrderSearch {
  /**
   * An order number (with or without the "#" the store shows before it: "#10003"), or part of the
   * buyer's e-mail address (case-insensitive).
   */
  text?: string;
  paymentStatus?: OrderPaymentStatusValue[];
  fulfillmentStatus?: FulfillmentStatusValue[];
  status?: OrderStatusValue[];
  /** Created at or after (ISO date-time). */
  createdFrom?: string;
  /** Created before (ISO date-time). */
  createdBefore?: string;
  /** Orders carrying every one of these tags. */
  tags?: string[];
  archived?: boolean;
  /**
   * Orders holding a card authorization that can still be captured or voided (canceled ones too):
   * the orders search's `authorizationHeld` filter (Vitrine's own; orders README "Search").
   */
  authorizationHeld?: boolean;
  /** Only these orders (a selection: packing slips of the orders ticked in the list). */
  ids?: string[];
  sort?: AdminOrderSort;
  /** The next or previous page (the cursor carries the filter and the sort). */
  cursor?: string;
  limit?: number;
}

/** The platform query filter of a search (without paging and sort). */
export function adminOrderFilter(s: AdminOrderSearch): Filter {
  const and: Filter[] = [];
  const text = s.text?.trim();
  if (text) {
    // "#10003", as the store writes order numbers (lists, headings, e-mails), is order 10003.
    const number = /^#\s*(\d{1,15})$/.exec(text)?.[1];
    const email = { 'buyerInfo.email': { $contains: text } };
    if (number) and.push({ number: { $eq: Number(number) } });
    else and.push(/^\d{1,15}$/.test(text) ? { $or: [{ number: { $eq: Number(text) } }, email] } : email);
  }
  if (s.paymentStatus?.length) and.push({ paymentStatus: { $in: s.paymentStatus } });
  if (s.fulfillmentStatus?.length) and.push({ fulfillmentStatus: { $in: s.fulfillmentStatus } });
  if (s.status?.length) and.push({ status: { $in: s.status } });
  if (s.createdFrom) and.push({ createdDate: { $gte: s.createdFrom } });
  if (s.createdBefore) and.push({ createdDate: { $lt: s.createdBefore } });
  if (s.tags?.length) and.push({ 'tags.tags.tagIds': { $hasAll: s.tags } });
  if (s.archived !== undefined) and.push({ archived: { $eq: s.archived } });
  if (s.authorizationHeld !== undefined) and.push({ authorizationHeld: { $eq: s.authorizationHeld } });
  if (s.ids) and.push({ id: { $in: s.ids } });
  return and.length === 0 ? {} : and.length === 1 ? and[0]! : { $and: and };
}

/** `POST /ecom/v1/orders/search`'s body: the cursor alone for another page. */
export const adminOrderSearchBody = (s: AdminOrderSearch) => ({
  search: s.cursor
    ? { cursorPaging: { limit: s.limit ?? 20, cursor: s.cursor } }
    : {
        filter: adminOrderFilter(s),
        sort: SORTS[s.sort ?? 'newest'],
        cursorPaging: { limit: s.limit ?? 20 },
      },
});

/**
 * The link that downloads every order a search finds as CSV (`GET /ecom/v1/orders/export`: one row
 * per line item; orders README "Export"), dates in `timeZone`. Same-origin with the staff cookie.
 */
export function adminOrderExportPath(s: AdminOrderSearch, timeZone: string): string {
  const search = JSON.stringify({ filter: adminOrderFilter(s), sort: SORTS[s.sort ?? 'newest'] });
  return `/ecom/v1/orders/export?${new URLSearchParams({ search, timeZone })}`;
}

/** A random key for `Idempotency-Key` (works outside secure contexts, unlike `randomUUID`). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** An amount to capture or refund: all of it when omitted. */
export interface PaymentAmount {
  paymentId: string;
  amount?: string;
}

interface BulkItemResult {
  itemMetadata: { success: boolean; error?: { code: string; description: string; data: object } };
}

const collector = (orderId: string, path: string) =>
  ({
    path: `/ecom/v1/payments-collector/orders/{ecomOrderId}/${path}`,
    pathParams: { ecomOrderId: orderId },
  }) as const;
const idempotent = (key?: string) => (key ? { headers: { 'Idempotency-Key': key } } : {});

export interface Refundability {
  paymentId: string;
  refundabilityStatus: 'NOT_REFUNDABLE' | 'MANUAL' | 'REFUNDABLE';
  nonRefundableReason?: string;
  manuallyRefundableReason?: string;
}

export interface NewFulfillment {
  /** Each line and how many of it (all that is left when omitted); all lines when empty. */
  lineItems: { id: string; quantity?: number }[];
  trackingNumber?: string;
  /** `fedex`, `ups`, `usps`, `dhl`, `canadaPost` (links are built for these), or any name. */
  shippingProvider?: string;
  trackingLink?: string;
}

export const adminOrderCalls = {
  search: (http: HttpClient, s: AdminOrderSearch): Promise<OrdersPage> =>
    http.request<OrdersPage>({
      method: 'POST',
      path: '/ecom/v1/orders/search',
      body: adminOrderSearchBody(s),
    }),
  /** Adds and removes tags (only the difference is sent, so concurrent edits of other tags survive). */
  updateTags: async (http: HttpClient, v: { orderId: string; assign: string[]; unassign: string[] }) => {
    const r = await http.request<{ results: BulkItemResult[] }>({
      method: 'POST',
      path: '/ecom/v1/bulk/orders/update-tags',
      body: {
        orderIds: [v.orderId],
        ...(v.assign.length ? { assignTags: { tags: { tagIds: v.assign } } } : {}),
        ...(v.unassign.length ? { unassignTags: { tags: { tagIds: v.unassign } } } : {}),
      },
    });
    const error = r.results[0]?.itemMetadata.error;
    if (error)
      throw new VitrineError(error.description, {
        status: 409,
        requestId: undefined,
        details: { applicationError: { ...error, data: { ...error.data } }, requestId: undefined },
      });
  },
  /**
   * Adds and removes tags on several orders (at most 100) in one call; the answer says how many
   * were changed and which were not (an order that is not there).
   */
  bulkTags: async (http: HttpClient, v: { orderIds: string[]; assign: string[]; unassign: string[] }) => {
    const r = await http.request<{
      results: BulkItemResult[];
      bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
    }>({
      method: 'POST',
      path: '/ecom/v1/bulk/orders/update-tags',
      body: {
        orderIds: v.orderIds,
        ...(v.assign.length ? { assignTags: { tags: { tagIds: v.assign } } } : {}),
        ...(v.unassign.length ? { unassignTags: { tags: { tagIds: v.unassign } } } : {}),
      },
    });
    return r.bulkActionMetadata;
  },
  /** A merchant comment on the order's timeline. */
  addNote: async (http: HttpClient, v: { orderId: string; message: string }): Promise<Order> =>
    (
      await http.request<{ order: Order }>({
        method: 'POST',
        path: '/ecom/v1/orders/{id}/activities',
        pathParams: { id: v.orderId },
        body: { activity: { merchantComment: { message: v.message } } },
      })
    ).order,
  cancel: async (
    http: HttpClient,
    v: { orderId: string; restock: boolean; notify: boolean; message?: string },
  ): Promise<Order> =>
    (
      await http.request<{ order: Order }>({
        method: 'POST',
        path: '/ecom/v1/orders/{id}/cancel',
        pathParams: { id: v.orderId },
        body: {
          restockAllItems: v.restock,
          sendOrderCanceledEmail: v.notify,
          ...(v.message ? { customMessage: v.message } : {}),
        },
      })
    ).order,
  fulfillments: async (http: HttpClient, orderId: string): Promise<Fulfillment[]> =>
    (
      await http.request<{ orderWithFulfillments: { fulfillments: Fulfillment[] } }>({
        method: 'GET',
        path: '/ecom/v1/fulfillments/orders/{orderId}',
        pathParams: { orderId },
      })
    ).orderWithFulfillments.fulfillments,
  /** The fulfillments of several orders (at most 300), by order id; an order without any maps to []. */
  fulfillmentsOf: async (
    http: HttpClient,
    orderIds: readonly string[],
  ): Promise<Map<string, Fulfillment[]>> => {
    if (orderIds.length === 0) return new Map();
    const r = await http.request<{
      ordersWithFulfillments: { orderId: string; fulfillments: Fulfillment[] }[];
    }>({
      method: 'POST',
      path: '/ecom/v1/fulfillments/list-by-ids',
      body: { orderIds },
    });
    return new Map(r.ordersWithFulfillments.map((o) => [o.orderId, o.fulfillments]));
  },
  /** Ships lines with tracking; the buyer is e-mailed. */
  fulfil: (http: HttpClient, v: { orderId: string; fulfillment: NewFulfillment }) => {
    const { lineItems, trackingNumber, shippingProvider, trackingLink } = v.fulfillment;
    const trackingInfo = {
      ...(trackingNumber ? { trackingNumber } : {}),
      ...(shippingProvider ? { shippingProvider } : {}),
      ...(trackingLink ? { trackingLink } : {}),
    };
    return http.request<{ fulfillmentId: string }>({
      method: 'POST',
      path: '/ecom/v1/fulfillments/orders/{orderId}/create-fulfillment',
      pathParams: { orderId: v.orderId },
      body: { fulfillment: { lineItems, ...(Object.keys(trackingInfo).length ? { trackingInfo } : {}) } },
    });
  },
  /**
   * Corrects a shipment: only the tracking fields given change (`trackingLink: null` clears the
   * link; a new number of a listed carrier gets its link again). A new number is e-mailed to the buyer.
   */
  updateShipment: (
    http: HttpClient,
    v: {
      orderId: string;
      fulfillmentId: string;
      trackingInfo: {
        trackingNumber?: string | null;
        shippingProvider?: string | null;
        trackingLink?: string | null;
      };
    },
  ) =>
    http.request<{ orderWithFulfillments: { fulfillments: Fulfillment[] } }>({
      method: 'PATCH',
      path: '/ecom/v1/fulfillments/{fulfillmentId}/orders/{orderId}',
      pathParams: { fulfillmentId: v.fulfillmentId, orderId: v.orderId },
      body: { fulfillment: { trackingInfo: v.trackingInfo } },
    }),
  /**
   * Fulfils every item still to ship of several orders (each order on its own: one that cannot be
   * fulfilled fails alone); the buyers are e-mailed. The answer's results are in the orders' order.
   */
  bulkFulfil: (
    http: HttpClient,
    v: {
      orders: {
        orderId: string;
        lineItems: { id: string; quantity: number }[];
        /** The shipment's tracking (a listed carrier's code, or another carrier's name). */
        tracking?: { trackingNumber: string; shippingProvider?: string };
      }[];
    },
  ) =>
    http.request<{
      results: {
        itemMetadata: { id?: string; success: boolean; error?: { code: string; description: string } };
      }[];
      bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
    }>({
      method: 'POST',
      path: '/ecom/v1/fulfillments/orders/bulk/create-fulfillments',
      body: {
        ordersWithFulfillments: v.orders.map((o) => ({
          orderId: o.orderId,
          fulfillments: [
            {
              lineItems: o.lineItems,
              ...(o.tracking
                ? {
                    trackingInfo: {
                      trackingNumber: o.tracking.trackingNumber,
                      ...(o.tracking.shippingProvider
                        ? { shippingProvider: o.tracking.shippingProvider }
                        : {}),
                    },
                  }
                : {}),
            },
          ],
        })),
      },
    }),
  /** Deletes a shipment recorded by mistake: its items are to fulfil again (the buyer is not told). */
  deleteShipment: (http: HttpClient, v: { orderId: string; fulfillmentId: string }) =>
    http.request<{ orderWithFulfillments: { fulfillments: Fulfillment[] } }>({
      method: 'DELETE',
      path: '/ecom/v1/fulfillments/{fulfillmentId}/orders/{orderId}',
      pathParams: { fulfillmentId: v.fulfillmentId, orderId: v.orderId },
    }),
  refundability: async (http: HttpClient, orderId: string): Promise<Refundability[]> =>
    (
      await http.request<{ refundabilities: Refundability[] }>({
        method: 'GET',
        ...collector(orderId, 'refundability'),
      })
    ).refundabilities,
  /** Captures authorized payments, each in full or in part. */
  capture: async (
    http: HttpClient,
    v: { orderId: string; payments: PaymentAmount[]; idempotencyKey?: string },
  ): Promise<OrderTransactions> =>
    (
      await http.request<{ orderTransactions: OrderTransactions }>({
        method: 'POST',
        ...collector(v.orderId, 'capture-authorized-payments'),
        ...idempotent(v.idempotencyKey),
        body: {
          payments: v.payments.map((p) => ({
            paymentId: p.paymentId,
            ...(p.amount ? { amount: { amount: p.amount } } : {}),
          })),
        },
      })
    ).orderTransactions,
  /** Releases authorized payments (what part was captured stays captured). */
  void: async (
    http: HttpClient,
    v: { orderId: string; paymentIds: string[]; idempotencyKey?: string },
  ): Promise<OrderTransactions> =>
    (
      await http.request<{ orderTransactions: OrderTransactions }>({
        method: 'POST',
        ...collector(v.orderId, 'void-authorized-payments'),
        ...idempotent(v.idempotencyKey),
        body: { paymentIds: v.paymentIds },
      })
    ).orderTransactions,
  /** Refunds payments, each in full or in part; the buyer is e-mailed with the reason. */
  refund: async (
    http: HttpClient,
    v: { orderId: string; payments: PaymentAmount[]; reason?: string; idempotencyKey?: string },
  ): Promise<OrderTransactions> =>
    (
      await http.request<{ orderTransactions: OrderTransactions }>({
        method: 'POST',
        ...collector(v.orderId, 'trigger-refund'),
        ...idempotent(v.idempotencyKey),
        body: {
          payments: v.payments.map((p) => ({
            paymentId: p.paymentId,
            ...(p.amount ? { amount: { amount: p.amount } } : {}),
          })),
          ...(v.reason ? { details: { reason: v.reason } } : {}),
        },
      })
    ).orderTransactions,
  /**
   * The money came in outside the store (a manual payment method, cash): what waited for it is
   * settled and anything still due recorded as paid; a buyer told how to pay is e-mailed.
   */
  markPaid: async (http: HttpClient, v: { orderId: string; idempotencyKey?: string }): Promise<Order> =>
    (
      await http.request<{ order: Order }>({
        method: 'POST',
        ...collector(v.orderId, 'mark-as-paid'),
        ...idempotent(v.idempotencyKey),
        body: {},
      })
    ).order,
};

export type { OrdersPage };
