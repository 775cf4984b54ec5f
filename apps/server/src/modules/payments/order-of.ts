/**
 * The order of each payment gateway order this process wrote, so that paying one needs no read to
 * find the order to lock first. A gateway order is made for one order and never deleted, so what is
 * remembered never goes stale; it is remembered once its transaction committed. Bounded (the oldest
 * go first); another process's gateway orders are read.
 */
const MAX_REMEMBERED = 10_000;
const orderOf = new Map<string, string>();

export function rememberOrderOf(gatewayOrderId: string, orderId: string): void {
  if (orderOf.size >= MAX_REMEMBERED) orderOf.delete(orderOf.keys().next().value!);
  orderOf.set(gatewayOrderId, orderId);
}

export const rememberedOrderOf = (gatewayOrderId: string): string | undefined => orderOf.get(gatewayOrderId);
