import { sql } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import { rarestParts } from './email-sample.ts';

export interface OrdersTables {
  ecom_order: {
    id: string;
    number: number;
    status: string;
    payment_status: string;
    fulfillment_status: string;
    buyer_email: string | null;
    member_id: string | null;
    visitor_id: string | null;
    contact_id: string | null;
    checkout_id: string | null;
    cart_id: string | null;
    channel_type: string;
    currency: string;
    subtotal_minor: number;
    total_minor: number;
    tags: string[];
    private_tags: string[];
    archived: boolean;
    seen_by_a_human: boolean;
    data: StoredOrderData;
    revision: number;
    purchased_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
  ecom_order_activity: {
    id: string;
    order_id: string;
    type: string;
    author_email: string | null;
    content: Record<string, unknown> | null;
    created_at: Date;
  };
  ecom_order_fulfillment: {
    id: string;
    order_id: string;
    line_items: { id: string; quantity: number }[];
    tracking_number: string | null;
    shipping_provider: string | null;
    tracking_link: string | null;
    custom_info: { fieldsData: Record<string, string> } | null;
    status: string | null;
    completed: boolean | null;
    created_at: Date;
  };
  order_link_key: { id: number; secret: string };
}

/** The nested wire parts of an order, money as `{$minor}` (see `money-json.ts`). */
export type StoredOrderData = Record<string, unknown>;
export type OrderRow = OrdersTables['ecom_order'];
export type ActivityRow = OrdersTables['ecom_order_activity'];
export type FulfillmentRow = OrdersTables['ecom_order_fulfillment'];
export type OrderWithActivities = OrderRow & { activities: ActivityRow[] };

export const ORDER_STATUSES = ['INITIALIZED', 'APPROVED', 'CANCELED', 'PENDING', 'REJECTED'] as const;
const PAYMENT_STATUSES = [
  'UNSPECIFIED',
  'NOT_PAID',
  'PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'PENDING',
  'PARTIALLY_PAID',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
] as const;

/** What searchOrders may filter and sort on. */
export const orderSpec: QuerySpec = {
  entity: 'order',
  idSql: 'ecom_order.id',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    id: { sql: 'ecom_order.id', type: 'uuid', sortable: true },
    number: { sql: 'ecom_order.number', type: 'number', sortable: true },
    status: { sql: 'ecom_order.status', type: 'string', sortable: true, values: ORDER_STATUSES },
    paymentStatus: {
      sql: 'ecom_order.payment_status',
      type: 'string',
      sortable: true,
      values: PAYMENT_STATUSES,
    },
    fulfillmentStatus: {
      sql: 'ecom_order.fulfillment_status',
      type: 'string',
      sortable: true,
      values: ['NOT_FULFILLED', 'FULFILLED', 'PARTIALLY_FULFILLED'],
    },
    'buyerInfo.email': { sql: 'ecom_order.buyer_email', type: 'string', lookupParts: rarestParts },
    'buyerInfo.memberId': { sql: 'ecom_order.member_id', type: 'string' },
    'buyerInfo.visitorId': { sql: 'ecom_order.visitor_id', type: 'string' },
    'buyerInfo.contactId': { sql: 'ecom_order.contact_id', type: 'string' },
    checkoutId: { sql: 'ecom_order.checkout_id', type: 'string' },
    'channelInfo.type': { sql: 'ecom_order.channel_type', type: 'string' },
    archived: { sql: 'ecom_order.archived', type: 'boolean', sortable: true },
    seenByAHuman: { sql: 'ecom_order.seen_by_a_human', type: 'boolean' },
    createdDate: { sql: 'ecom_order.created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'ecom_order.updated_at', type: 'date', sortable: true },
    purchasedDate: { sql: 'ecom_order.purchased_at', type: 'date' },
    'tags.tags.tagIds': { sql: 'ecom_order.tags', type: 'stringArray' },
    'tags.privateTags.tagIds': { sql: 'ecom_order.private_tags', type: 'stringArray' },
  },
};

/** The next human order number (a sequence: increasing, never handed out twice, no lock held). */
export const nextOrderNumberSql = sql<number>`nextval('ecom_order_number_seq')`;

/** Activities of each order, in creation order, as a JSON array beside the row (one statement per read). */
const activitiesJson = sql<ActivityRow[]>`coalesce((select json_agg(json_build_object(
    'id', a.id, 'order_id', a.order_id, 'type', a.type, 'author_email', a.author_email, 'content', a.content, 'created_at', a.created_at
  ) order by a.created_at, a.id) from ecom_order_activity a where a.order_id = ecom_order.id), '[]'::json)`;

/** Rows come back from json_agg with ISO strings for dates. */
export const fixActivities = (list: ActivityRow[]): ActivityRow[] =>
  list.map((a) => ({ ...a, created_at: new Date(a.created_at) }));

export function selectOrders(db: Executor) {
  return db.selectFrom('ecom_order').selectAll('ecom_order').select(activitiesJson.as('activities'));
}

export async function readOrder(
  db: Executor,
  where: { id?: string; checkoutId?: string },
  lock = false,
): Promise<OrderWithActivities | undefined> {
  let q = selectOrders(db);
  q =
    where.id !== undefined
      ? q.where('ecom_order.id', '=', where.id)
      : q.where('ecom_order.checkout_id', '=', where.checkoutId!);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row ? { ...row, activities: fixActivities(row.activities) } : undefined;
}

export async function addActivityRow(db: Executor, a: ActivityRow): Promise<void> {
  await db
    .insertInto('ecom_order_activity')
    .values({ ...a, content: a.content === null ? null : (JSON.stringify(a.content) as never) })
    .execute();
}

export const listFulfillmentRows = (db: Executor, orderId: string): Promise<FulfillmentRow[]> =>
  fulfillmentRowsOf(db, [orderId]);

/** The owners of the orders with these ids (those that exist). */
export async function orderOwners(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('ecom_order')
    .select(['id', 'visitor_id', 'member_id'])
    .where('id', 'in', ids)
    .execute();
}

/** The fulfillments of these orders, oldest first. */
export async function fulfillmentRowsOf(
  db: Executor,
  orderIds: readonly string[],
): Promise<FulfillmentRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('ecom_order_fulfillment')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The key of the order links, `fresh` stored when there is none yet (the first writer wins). Read
 * first: the write (and its row lock) happens once in the store's life, not on every order.
 */
export async function orderLinkSecret(db: Executor, fresh: string): Promise<string> {
  const read = () => db.selectFrom('order_link_key').select('secret').where('id', '=', 1).executeTakeFirst();
  const stored = await read();
  if (stored) return stored.secret;
  await db
    .insertInto('order_link_key')
    .values({ id: 1, secret: fresh })
    .onConflict((c) => c.column('id').doNothing())
    .execute();
  return (await read())!.secret;
}
