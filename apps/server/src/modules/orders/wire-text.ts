import { sql } from 'kysely';
import { price } from '../../platform/money.ts';

/**
 * Orders as JSON text, for lists (orders search): PostgreSQL writes each order's JSON — the stored
 * order with the row's own fields and activities, exactly what `toOrder` builds — and the server
 * only turns the `{"$minor": n}` prices of the stored part into wire prices in the text. No order is
 * parsed into objects, rebuilt and serialised again: a page of 20 orders was most of its call's time
 * (and its garbage). `wire-text.test.ts` holds the two ways to the same answer.
 */

/** The keys `toOrder` sets itself: taken out of the stored part, so they appear once. */
const OWN_KEYS = [
  'id',
  'number',
  'createdDate',
  'updatedDate',
  'purchasedDate',
  'status',
  'paymentStatus',
  'fulfillmentStatus',
  'currency',
  'archived',
  'seenByAHuman',
  'tags',
  'activities',
  'balanceSummary',
  'checkoutId',
  'cartId',
];

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The stored part, its money still `{"$minor": n}`. */
export const dataTextSql = sql<string>`(ecom_order.data - ${sql.raw(`'{${OWN_KEYS.join(',')}}'::text[]`)})::text`;

/** The row's own fields and its activities (as `toActivity` writes them), as one JSON object's text. */
export const ownTextSql = sql<string>`(jsonb_strip_nulls(jsonb_build_object(
    'id', ecom_order.id, 'number', ecom_order.number::text,
    'createdDate', ${sql.raw(iso('ecom_order.created_at'))}, 'updatedDate', ${sql.raw(iso('ecom_order.updated_at'))},
    'purchasedDate', ${sql.raw(iso('ecom_order.purchased_at'))},
    'status', ecom_order.status, 'paymentStatus', ecom_order.payment_status,
    'fulfillmentStatus', ecom_order.fulfillment_status, 'currency', ecom_order.currency,
    'archived', ecom_order.archived, 'seenByAHuman', ecom_order.seen_by_a_human,
    'checkoutId', ecom_order.checkout_id, 'cartId', ecom_order.cart_id
  )) || jsonb_build_object(
    'tags', jsonb_build_object('tags', jsonb_build_object('tagIds', to_jsonb(ecom_order.tags)),
      'privateTags', jsonb_build_object('tagIds', to_jsonb(ecom_order.private_tags))),
    'activities', coalesce((select jsonb_agg(
        jsonb_build_object('id', a.id, 'createdDate', ${sql.raw(iso('a.created_at'))}, 'type', a.type)
        || case when coalesce(a.author_email, '') = '' then '{}'::jsonb else jsonb_build_object('authorEmail', a.author_email) end
        || coalesce(a.content, '{}'::jsonb)
        order by a.created_at, a.id) from ecom_order_activity a where a.order_id = ecom_order.id), '[]'::jsonb)
  ))::text`;

export interface OrderTextRow {
  data_text: string;
  own_text: string;
  currency: string;
  total_minor: number;
  payment_status: string;
}

const MINOR = /\{"\$minor": (-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\}/g;

/** The paid part of an order, from its payment status (payments keep the detail). */
export function paidMinor(paymentStatus: string, total: number): number {
  return paymentStatus === 'PAID' ||
    paymentStatus === 'PARTIALLY_REFUNDED' ||
    paymentStatus === 'FULLY_REFUNDED'
    ? total
    : 0;
}

/** One order's wire JSON text (what `JSON.stringify(toOrder(row))` says, keys in another order). */
export function orderText(r: OrderTextRow, locale: string): string {
  const data = r.data_text.replace(MINOR, (_, n: string) =>
    JSON.stringify(price(Number(n), r.currency, locale)),
  );
  const paid = paidMinor(r.payment_status, Number(r.total_minor));
  const balance = JSON.stringify({
    balance: price(Number(r.total_minor) - paid, r.currency, locale),
    paid: price(paid, r.currency, locale),
  });
  const head = data === '{}' ? '{' : `${data.slice(0, -1)}, `;
  return `${head}"balanceSummary": ${balance}, ${r.own_text.slice(1)}`;
}
