/**
 * Search fields another module adds to the orders search (Vitrine's own, README "Search"): a module
 * above orders in the module graph owns the SQL of its tables, so it gives the condition's
 * expression here instead of orders naming its tables. The payments module adds
 * `authorizationHeld` (an order holding an authorization that can still be captured or voided).
 * `countOrders` counts what the search would list for a filter, so a figure and the list it links
 * to cannot disagree.
 */
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { compileFilter } from '../../platform/query/filter.ts';
import type { FieldSpec } from '../../platform/query/spec.ts';
import { orderSpec } from './store.ts';

/** Adds a search field `name` (a trusted SQL expression over `ecom_order`); once per name. */
export function addOrderSearchField(name: string, field: FieldSpec): void {
  const known = orderSpec.fields[name];
  if (known && known.sql !== field.sql) throw new Error(`orders search field ${name} is defined twice`);
  orderSpec.fields[name] = field;
}

/** Whether a filter names `status` anywhere (then PENDING/REJECTED orders are searched too). */
export function mentionsStatus(f: unknown): boolean {
  if (Array.isArray(f)) return f.some(mentionsStatus);
  if (typeof f !== 'object' || f === null) return false;
  return Object.entries(f).some(([k, v]) => k === 'status' || mentionsStatus(v));
}

/** How many orders an admin's search with `filter` lists (its rules: never INITIALIZED; PENDING/REJECTED only when status is named). */
export async function countOrders(ctx: Ctx, filter: unknown): Promise<number> {
  let q = ctx.db
    .selectFrom('ecom_order')
    .select(sql<string>`count(*)`.as('n'))
    .where('ecom_order.status', '!=', 'INITIALIZED')
    .where(compileFilter(orderSpec, filter));
  if (!mentionsStatus(filter)) q = q.where('ecom_order.status', 'in', ['APPROVED', 'CANCELED']);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
