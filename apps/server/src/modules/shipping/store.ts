import type { JSONColumnType, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import type { Address, ShippingOptionDef } from '../pricing/index.ts';

export interface StoredDestination {
  country: string;
  subdivisions: string[];
}

export interface ShippingTables {
  shipping_region: {
    id: string;
    name: string;
    destinations: JSONColumnType<StoredDestination[]>;
    /** The calculator's option definitions as they are: amounts in minor units, weight bounds in the rule's unit. */
    options: JSONColumnType<ShippingOptionDef[]>;
    free_shipping_threshold: number | null;
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
  pickup_location: {
    id: string;
    name: string;
    pickup_method: 'STORE_PICKUP' | 'PICKUP_POINT';
    address: JSONColumnType<Address>;
    business_location: string | null;
    cost: number;
    instructions: string | null;
    active: boolean;
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
}
export type RegionRow = Selectable<ShippingTables['shipping_region']>;
export type PickupRow = Selectable<ShippingTables['pickup_location']>;

const json = (v: unknown) => JSON.stringify(v);

export const allRegions = (db: Executor) =>
  db.selectFrom('shipping_region').selectAll().orderBy('created_at').orderBy('id').execute();
export const activePickups = (db: Executor) =>
  db
    .selectFrom('pickup_location')
    .selectAll()
    .where('active', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

export const findRegion = (db: Executor, id: string, lock = false) => {
  const q = db.selectFrom('shipping_region').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};
export const insertRegion = (db: Executor, r: RegionRow) =>
  db
    .insertInto('shipping_region')
    .values({ ...r, destinations: json(r.destinations), options: json(r.options) })
    .returningAll()
    .executeTakeFirstOrThrow();
export const updateRegion = (db: Executor, r: RegionRow) =>
  db
    .updateTable('shipping_region')
    .set({ ...r, destinations: json(r.destinations), options: json(r.options) })
    .where('id', '=', r.id)
    .returningAll()
    .executeTakeFirstOrThrow();
export const deleteRegion = (db: Executor, id: string) =>
  db.deleteFrom('shipping_region').where('id', '=', id).returningAll().executeTakeFirst();
export const regionsBase = (db: Executor) => db.selectFrom('shipping_region').selectAll();

export const findPickup = (db: Executor, id: string, lock = false) => {
  const q = db.selectFrom('pickup_location').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};
export const insertPickup = (db: Executor, r: PickupRow) =>
  db
    .insertInto('pickup_location')
    .values({ ...r, address: json(r.address) })
    .returningAll()
    .executeTakeFirstOrThrow();
export const updatePickup = (db: Executor, r: PickupRow) =>
  db
    .updateTable('pickup_location')
    .set({ ...r, address: json(r.address) })
    .where('id', '=', r.id)
    .returningAll()
    .executeTakeFirstOrThrow();
export const deletePickup = (db: Executor, id: string) =>
  db.deleteFrom('pickup_location').where('id', '=', id).returningAll().executeTakeFirst();
export const pickupsBase = (db: Executor) => db.selectFrom('pickup_location').selectAll();

const countriesOf = "array(select d->>'country' from jsonb_array_elements(shipping_region.destinations) d)";

export const regionSpec: QuerySpec = {
  entity: 'shipping-region',
  idSql: 'shipping_region.id',
  defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
  fields: {
    id: { sql: 'shipping_region.id', type: 'uuid', sortable: true },
    name: { sql: 'shipping_region.name', type: 'string', sortable: true },
    createdDate: { sql: 'shipping_region.created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'shipping_region.updated_at', type: 'date', sortable: true },
    'destinations.country': { sql: countriesOf, type: 'stringArray' },
  },
};

export const pickupSpec: QuerySpec = {
  entity: 'pickup-location',
  idSql: 'pickup_location.id',
  defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
  fields: {
    id: { sql: 'pickup_location.id', type: 'uuid', sortable: true },
    name: { sql: 'pickup_location.name', type: 'string', sortable: true },
    pickupMethod: {
      sql: 'pickup_location.pickup_method',
      type: 'string',
      sortable: true,
      values: ['STORE_PICKUP', 'PICKUP_POINT'],
    },
    active: { sql: 'pickup_location.active', type: 'boolean', sortable: true },
    'address.country': { sql: "(pickup_location.address->>'country')", type: 'string' },
    createdDate: { sql: 'pickup_location.created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'pickup_location.updated_at', type: 'date', sortable: true },
  },
};
