import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';

export interface TaxTables {
  tax_rate: {
    id: string;
    name: string;
    rate_type: 'MANUAL_RATE' | 'NO_TAX_COLLECTED' | 'FALLBACK_RATE';
    country: string | null;
    subdivision: string | null;
    /** numeric: a string from the drivers. */
    rate: string | number;
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
  additional_fee: {
    id: string;
    code: string;
    name: string;
    fee_type: 'HANDLING_FEE' | 'INSURANCE';
    amount: number | null;
    percentage: string | number | null;
    revision: number;
    created_at: Date;
    updated_at: Date;
  };
}
export type TaxRateRow = Selectable<TaxTables['tax_rate']>;
export type FeeRow = Selectable<TaxTables['additional_fee']>;

export const allRates = (db: Executor) =>
  db.selectFrom('tax_rate').selectAll().orderBy('created_at').orderBy('id').execute();
export const allFees = (db: Executor) =>
  db.selectFrom('additional_fee').selectAll().orderBy('created_at').orderBy('id').execute();

export const findRate = (db: Executor, id: string, lock = false) => {
  const q = db.selectFrom('tax_rate').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};
/** Another rate for the same place (country + subdivision, or the fallback), if any. */
export const rateForPlace = (
  db: Executor,
  r: Pick<TaxRateRow, 'rate_type' | 'country' | 'subdivision'>,
  exceptId?: string,
) => {
  let q = db.selectFrom('tax_rate').select(['id']);
  q =
    r.country === null
      ? q.where('rate_type', '=', 'FALLBACK_RATE')
      : q
          .where('country', '=', r.country)
          .where((eb) =>
            r.subdivision === null ? eb('subdivision', 'is', null) : eb('subdivision', '=', r.subdivision),
          );
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
};
export const insertRate = (db: Executor, r: TaxRateRow) =>
  db.insertInto('tax_rate').values(r).returningAll().executeTakeFirstOrThrow();
export const updateRate = (db: Executor, r: TaxRateRow) =>
  db.updateTable('tax_rate').set(r).where('id', '=', r.id).returningAll().executeTakeFirstOrThrow();
export const deleteRate = (db: Executor, id: string) =>
  db.deleteFrom('tax_rate').where('id', '=', id).returningAll().executeTakeFirst();
export const ratesBase = (db: Executor) => db.selectFrom('tax_rate').selectAll();

export const findFee = (db: Executor, id: string, lock = false) => {
  const q = db.selectFrom('additional_fee').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
};
export const feeCodeTaken = async (db: Executor, code: string, exceptId?: string) => {
  let q = db.selectFrom('additional_fee').select('id').where('code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
};
export const insertFee = (db: Executor, r: FeeRow) =>
  db.insertInto('additional_fee').values(r).returningAll().executeTakeFirstOrThrow();
export const updateFee = (db: Executor, r: FeeRow) =>
  db.updateTable('additional_fee').set(r).where('id', '=', r.id).returningAll().executeTakeFirstOrThrow();
export const deleteFee = (db: Executor, id: string) =>
  db.deleteFrom('additional_fee').where('id', '=', id).returningAll().executeTakeFirst();
export const feesBase = (db: Executor) => db.selectFrom('additional_fee').selectAll();

export const rateSpec: QuerySpec = {
  entity: 'tax-rate',
  idSql: 'tax_rate.id',
  defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
  fields: {
    id: { sql: 'tax_rate.id', type: 'uuid', sortable: true },
    name: { sql: 'tax_rate.name', type: 'string', sortable: true },
    rateType: {
      sql: 'tax_rate.rate_type',
      type: 'string',
      sortable: true,
      values: ['MANUAL_RATE', 'NO_TAX_COLLECTED', 'FALLBACK_RATE'],
    },
    country: { sql: 'tax_rate.country', type: 'string' },
    subdivision: { sql: 'tax_rate.subdivision', type: 'string' },
    rate: { sql: 'tax_rate.rate', type: 'number', sortable: true },
    createdDate: { sql: 'tax_rate.created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'tax_rate.updated_at', type: 'date', sortable: true },
  },
};

export const feeSpec: QuerySpec = {
  entity: 'additional-fee',
  idSql: 'additional_fee.id',
  defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
  fields: {
    id: { sql: 'additional_fee.id', type: 'uuid', sortable: true },
    code: { sql: 'additional_fee.code', type: 'string', sortable: true },
    name: { sql: 'additional_fee.name', type: 'string', sortable: true },
    type: {
      sql: 'additional_fee.fee_type',
      type: 'string',
      sortable: true,
      values: ['HANDLING_FEE', 'INSURANCE'],
    },
    createdDate: { sql: 'additional_fee.created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'additional_fee.updated_at', type: 'date', sortable: true },
  },
};
