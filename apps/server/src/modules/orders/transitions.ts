import type { OrderStatusValue } from '@vitrine/contract';

/**
 * The order approval lifecycle. INITIALIZED is an online order waiting for payment; APPROVED is
 * a real order; PENDING / REJECTED come from payment review. CANCELED and REJECTED are final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusValue, readonly OrderStatusValue[]>> = {
  INITIALIZED: ['APPROVED', 'PENDING', 'REJECTED', 'CANCELED'],
  PENDING: ['APPROVED', 'REJECTED', 'CANCELED'],
  APPROVED: ['CANCELED'],
  CANCELED: [],
  REJECTED: [],
};

export const canTransition = (from: OrderStatusValue, to: OrderStatusValue) =>
  ORDER_TRANSITIONS[from].includes(to);

/** Statuses a merchant may set with updateOrderStatus (approval and cancellation have their own calls and effects). */
export const SETTABLE_STATUSES: readonly OrderStatusValue[] = ['PENDING', 'REJECTED'];
