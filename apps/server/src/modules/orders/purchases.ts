/** What other modules ask of orders about purchases (reviews: verified purchases, review requests). */
import type { Order } from '@vitrine/contract';
import { sql, type SqlBool } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { getSettings } from '../settings/index.ts';
import { isUuid } from '../../platform/ids.ts';
import { readOrder } from './store.ts';
import { toOrder } from './wire.ts';

type Buyer = { memberId?: string | undefined; email?: string | undefined };

/** The orders of the member or of the e-mail address (lower-cased on orders); none without either. */
function buyerIs(buyer: Buyer) {
  const who: ReturnType<typeof sql<SqlBool>>[] = [];
  if (buyer.memberId) who.push(sql<SqlBool>`member_id = ${buyer.memberId}`);
  if (buyer.email) who.push(sql<SqlBool>`buyer_email = ${buyer.email.trim().toLowerCase()}`);
  return who.length ? sql<SqlBool>`(${sql.join(who, sql` or `)})` : undefined;
}

/**
 * Whether the buyer (a member, or an e-mail address) has an approved, not fully refunded order
 * holding the catalog item.
 */
export async function hasPurchased(ctx: Ctx, buyer: Buyer, catalogItemId: string): Promise<boolean> {
  const who = buyerIs(buyer);
  if (!who) return false;
  const holding = JSON.stringify([{ catalogReference: { catalogItemId } }]);
  const row = await ctx.db
    .selectFrom('ecom_order')
    .select('id')
    .where(who)
    .where('status', '=', 'APPROVED')
    .where('payment_status', '!=', 'FULLY_REFUNDED')
    .where(sql<SqlBool>`data -> 'lineItems' @> ${holding}::jsonb`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** An order as the system reads it (no ownership check: for jobs and event subscribers). */
export async function readOrderForSystem(ctx: Ctx, id: string): Promise<Order | undefined> {
  const row = isUuid(id) ? await readOrder(ctx.db, { id }) : undefined;
  return row ? toOrder(row, (await getSettings(ctx)).locale) : undefined;
}

/**
 * Whether the buyer (a member, or an e-mail address) has placed any order after `since`, from a
 * checkout or made by an app (abandoned checkouts: a buyer who bought since is not reminded).
 */
export async function orderedSince(ctx: Ctx, buyer: Buyer, since: Date): Promise<boolean> {
  const who = buyerIs(buyer);
  if (!who) return false;
  const row = await ctx.db
    .selectFrom('ecom_order')
    .select('id')
    .where(who)
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
