import type { OrderStatusValue } from '@vitrine/contract';
import { conflict, type AppError } from '../../platform/errors.ts';

/**
 * The order approval lifecycle. INITIALIZED is an online order waiting for payment; APPROVED is
 * a real order; PENDING / REJECTED come from payment review. CANCELED and REJECTED are final. A
 * PENDING order is not canceled: it is approved or rejected first (cancelOrder: ORDER_IS_PENDING).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusValue, readonly OrderStatusValue[]>> = {
  INITIALIZED: ['APPROVED', 'PENDING', 'REJECTED', 'CANCELED'],
  PENDING: ['APPROVED', 'REJECTED'],
  APPROVED: ['CANCELED'],
  CANCELED: [],
  REJECTED: [],
};

export const canTransition = (from: OrderStatusValue, to: OrderStatusValue) =>
  ORDER_TRANSITIONS[from]?.includes(to) ?? false;

/** The error for a move the table refuses. */
export type OrderRefusal = (from: OrderStatusValue, to: OrderStatusValue, orderId: string) => AppError;

const refusal: OrderRefusal = (from, to) =>
  from === to
    ? conflict('STATUS_ALREADY_SET', `The order is already ${to}`, { status: to })
    : conflict('UNSUPPORTED_TRANSITION', `An order cannot go from ${from} to ${to}`, { from, to });

/** Why an order cannot be canceled (cancelOrder's codes, for every move to CANCELED). */
export const cancelRefusal: OrderRefusal = (from, to, orderId) => {
  const data = { id: orderId };
  if (from === 'CANCELED') return conflict('ORDER_ALREADY_CANCELED', 'The order is already canceled', data);
  if (from === 'PENDING')
    return conflict('ORDER_IS_PENDING', 'The order is pending and cannot be canceled', data);
  if (from === 'REJECTED')
    return conflict('ORDER_IS_REJECTED', 'The order was rejected and cannot be canceled', data);
  return refusal(from, to, orderId);
};

/**
 * The one check of every order status move (update-status, cancel, payment updates): the new status
 * when the table allows the move, else the refusal's 409.
 */
export function transitionOrder(
  order: { id: string; status: string },
  to: OrderStatusValue,
  refuse: OrderRefusal = to === 'CANCELED' ? cancelRefusal : refusal,
): OrderStatusValue {
  const from = order.status as OrderStatusValue;
  if (!canTransition(from, to)) throw refuse(from, to, order.id);
  return to;
}

/** Statuses a merchant may set with updateOrderStatus (approval and cancellation have their own calls and effects). */
export const SETTABLE_STATUSES: readonly OrderStatusValue[] = ['PENDING', 'REJECTED'];
