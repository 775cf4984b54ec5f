/**
 * Where a buyer's order e-mails lead: a member's order page in their account; for a visitor's
 * order, a signed link (HS256, 180 days) to the store's order-status page (`order-status.ts`),
 * which shows that one order without signing in (another device, a cleared browser).
 */
import type { Order } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { signedLinks } from '../../platform/signed-links.ts';
import { orderLinkSecret } from './store.ts';

export const ORDER_LINK_TTL_DAYS = 180;
const links = signedLinks({
  typ: 'vitrine-order-link+jwt',
  ttlSeconds: ORDER_LINK_TTL_DAYS * 86_400,
  secret: orderLinkSecret,
});

/** The link a buyer's e-mail about the order carries. */
export async function orderLink(ctx: Ctx, o: Order): Promise<string> {
  const base = ctx.config.PUBLIC_URL;
  if (o.buyerInfo.memberId) return `${base}/account/orders/${o.id}`;
  return `${base}/order-status?token=${await links.sign(ctx, o.id)}`;
}

/** The link in the store's own notice of a new order: the order in the dashboard. */
export const dashboardOrderLink = (ctx: Ctx, o: Order) => `${ctx.config.PUBLIC_URL}/dashboard/orders/${o.id}`;

/** The order id a valid link names; undefined when tampered, expired or another store's. */
export const orderOfLink = (ctx: Ctx, token: string) => links.verify(ctx, token);
