/**
 * Payment figures for the merchant's home page (analytics), and the orders search's
 * `authorizationHeld` filter they count with (orders README "Search").
 */
import type { Ctx } from '../../platform/context.ts';
import { addOrderSearchField, countOrders } from '../orders/index.ts';

/** The orders search field (Vitrine's own): the order has a payment still AUTHORIZED, so it can be captured or voided. */
export const AUTHORIZATION_HELD = 'authorizationHeld';

addOrderSearchField(AUTHORIZATION_HELD, {
  // `payment_order` indexes (order_id, created_at).
  sql: `exists (select 1 from payment where payment.order_id = ecom_order.id and payment.status = 'AUTHORIZED')`,
  type: 'boolean',
});

/**
 * Orders holding an authorization that can still be captured or voided — a canceled order still
 * holding money counts (the merchant must void it) — counted as the orders search lists them with
 * `{authorizationHeld: {$eq: true}}`, which is where the home page's figure links.
 */
export function openAuthorizations(ctx: Ctx): Promise<number> {
  return countOrders(ctx, { [AUTHORIZATION_HELD]: { $eq: true } });
}
