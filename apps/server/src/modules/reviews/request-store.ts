/** The review requests' SQL. */
import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';

export interface RequestTables {
  review_request: {
    id: string;
    namespace: string;
    order_id: string | null;
    items: { catalogItemId: string; reviewId?: string }[];
    recipient_contact_id: string | null;
    recipient_member_id: string | null;
    recipient_email: string | null;
    recipient_name: string | null;
    send_at: Date;
    status: 'SCHEDULED' | 'CANCELED' | 'FAILED' | 'SENT';
    failed_reason: string | null;
    failed_message: string | null;
    opened: boolean;
    requested_by: { wixUserId?: string; appId?: string; identityType: 'WIX_USER' | 'APP' };
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
}
export type RequestRow = Selectable<RequestTables['review_request']>;

const json = (r: RequestRow) => ({
  ...r,
  items: JSON.stringify(r.items) as never,
  requested_by: JSON.stringify(r.requested_by) as never,
});

/** Inserts unless the order already has a request in this namespace (undefined then). */
export const insertRequest = (db: Executor, r: RequestRow) =>
  db
    .insertInto('review_request')
    .values(json(r))
    .onConflict((oc) => oc.columns(['namespace', 'order_id']).where('order_id', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();

export const findRequest = (db: Executor, id: string, lock = false) => {
  const q = db.selectFrom('review_request').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};

export const requestsOfOrder = (db: Executor, orderId: string) =>
  db.selectFrom('review_request').selectAll().where('order_id', '=', orderId).forUpdate().execute();

export const writeRequest = (db: Executor, r: RequestRow) =>
  db
    .updateTable('review_request')
    .set(json(r))
    .where('id', '=', r.id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const removeRequest = (db: Executor, id: string) =>
  db.deleteFrom('review_request').where('id', '=', id).returningAll().executeTakeFirst();

export const requestsBase = (db: Executor) => db.selectFrom('review_request').selectAll();

const STATUS = ['SCHEDULED', 'CANCELED', 'FAILED', 'SENT'] as const;

export const requestSpec: QuerySpec = {
  entity: 'review-request',
  idSql: 'review_request.id',
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  fields: {
    id: { sql: 'review_request.id', type: 'uuid', sortable: true },
    namespace: { sql: 'review_request.namespace', type: 'string' },
    'order.id': { sql: "coalesce(review_request.order_id, '')", type: 'string' },
    status: { sql: 'review_request.status', type: 'string', values: STATUS },
    sendDate: { sql: 'review_request.send_at', type: 'date', sortable: true },
    createdDate: { sql: 'review_request.created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'review_request.updated_at', type: 'date', sortable: true },
    'recipient.contactId': { sql: "coalesce(review_request.recipient_contact_id, '')", type: 'string' },
    communicationChannel: { sql: "'EMAIL'", type: 'string' },
  },
};
