/** Tax rates admin API (/ecom/v1/tax-rates): manual rates by country and subdivision, one fallback. */
import { ENTITY_FQDN } from '@vitrine/contract';
import type { CursorQuery, FieldViolation, TaxRateInput, TaxRatePatch, WireTaxRate } from '@vitrine/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { conflict, notFound, ValidationError, violation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import {
  createEntity,
  deleteEntity,
  fieldsModified,
  updateEntity,
  type AdminEntity,
} from '../../platform/admin-entity.ts';
import {
  deleteRate,
  findRate,
  insertRate,
  rateForPlace,
  ratesBase,
  rateSpec,
  updateRate,
  type TaxRateRow,
} from './store.ts';

export const TAX_RATE_FQDN = ENTITY_FQDN.taxRate;
/** Serialises tax-rate writes, so two rates can never come to cover the same place. */
const TAX_LOCK = 7_331_202;

/** "8.8750" → "8.875", "19.0000" → "19". */
export const trimDecimal = (n: string | number) => String(Number(n));

export function toWireRate(r: TaxRateRow): WireTaxRate {
  return {
    id: r.id,
    name: r.name,
    rateType: r.rate_type,
    country: r.country,
    subdivision: r.subdivision,
    rate: trimDecimal(r.rate),
    revision: String(r.revision),
    createdDate: r.created_at.toISOString(),
    updatedDate: r.updated_at.toISOString(),
  };
}

type Fields = {
  name: string;
  rateType: TaxRateInput['rateType'];
  country: string | null;
  subdivision: string | null;
  rate: string | null;
};

/** Checks a whole rate (after a PATCH is merged) and returns its stored columns. */
function build(f: Fields): Pick<TaxRateRow, 'name' | 'rate_type' | 'country' | 'subdivision' | 'rate'> {
  const out: FieldViolation[] = [];
  const push = (
    field: string,
    description: string,
    violatedRule: FieldViolation['violatedRule'] = 'VALIDATION',
    data: Record<string, unknown> = {},
  ) => out.push({ field: `taxRate.${field}`, description, violatedRule, data });
  if (f.rateType === 'AUTO_RATE') {
    push(
      'rateType',
      'AUTO_RATE is not supported: no automatic tax provider is available; use MANUAL_RATE with the rate',
      'VALIDATION',
      { supported: ['MANUAL_RATE', 'NO_TAX_COLLECTED', 'FALLBACK_RATE'] },
    );
  }
  if (f.rateType === 'FALLBACK_RATE') {
    if (f.country !== null)
      push(
        'country',
        'is not allowed on the FALLBACK_RATE (it applies wherever no other rate does)',
        'FIELD_NOT_ALLOWED',
      );
    if (f.subdivision !== null)
      push('subdivision', 'is not allowed on the FALLBACK_RATE', 'FIELD_NOT_ALLOWED');
  } else if (f.country === null) {
    push('country', `is required for ${f.rateType}`, 'REQUIRED_FIELD');
  }
  let subdivision = f.subdivision;
  if (subdivision !== null && f.country !== null) {
    subdivision = subdivision.includes('-') ? subdivision : `${f.country}-${subdivision}`;
    if (!subdivision.startsWith(`${f.country}-`))
      push('subdivision', `${f.subdivision} is not a subdivision of ${f.country}`);
  }
  if (f.rateType === 'NO_TAX_COLLECTED') {
    if (f.rate !== null && Number(f.rate) !== 0)
      push('rate', 'must be 0 or absent for NO_TAX_COLLECTED', 'VALIDATION');
  } else if (f.rate === null) {
    push('rate', `is required for ${f.rateType}`, 'REQUIRED_FIELD');
  }
  if (out.length) throw new ValidationError(out);
  return {
    name: f.name,
    rate_type: f.rateType as TaxRateRow['rate_type'],
    country: f.country,
    subdivision,
    rate: f.rate ?? '0',
  };
}

const missing = (id: string) => notFound('Tax rate', { taxRateId: id }, 'TAX_RATE_NOT_FOUND');

async function checkPlace(
  ctx: Ctx,
  r: Pick<TaxRateRow, 'rate_type' | 'country' | 'subdivision'>,
  id: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(${TAX_LOCK})`.execute(ctx.db);
  const other = await rateForPlace(ctx.db, r, id);
  if (other) {
    const place =
      r.country === null ? 'the fallback' : [r.country, r.subdivision].filter(Boolean).join(' / ');
    throw conflict('TAX_RATE_ALREADY_EXISTS', `There is already a tax rate for ${place}`, {
      taxRateId: other.id,
    });
  }
}

const rates: AdminEntity<TaxRateRow, WireTaxRate> = {
  fqdn: TAX_RATE_FQDN,
  label: 'tax rate',
  configuration: true,
  missing,
  wire: (_tx, row) => toWireRate(row),
  modified: fieldsModified(['name', 'rateType', 'country', 'subdivision', 'rate']),
};

export async function createTaxRate(ctx: Ctx, input: TaxRateInput): Promise<WireTaxRate> {
  const built = build({
    name: input.name,
    rateType: input.rateType,
    country: input.country ?? null,
    subdivision: input.subdivision ?? null,
    rate: input.rate ?? null,
  });
  const { entity } = await createEntity(ctx, rates, async (tx) => {
    const id = newId();
    const now = tx.clock.now();
    await checkPlace(tx, built, id);
    return insertRate(tx.db, { id, ...built, revision: 1, created_at: now, updated_at: now });
  });
  return entity;
}

export async function getTaxRate(ctx: Ctx, id: string): Promise<WireTaxRate> {
  const row = await findRate(ctx.db, id);
  if (!row) throw missing(id);
  return toWireRate(row);
}

/** The fields given replace the stored ones (null clears country/subdivision/rate); the result is checked whole. */
export async function updateTaxRate(ctx: Ctx, id: string, patch: TaxRatePatch): Promise<WireTaxRate> {
  if (patch.id !== undefined && patch.id !== id) throw violation('taxRate.id', 'must match the path');
  return updateEntity(ctx, rates, {
    id,
    revision: patch.revision,
    lock: (tx) => findRate(tx.db, id, true),
    write: async (tx, current) => {
      const pick = <T>(given: T | null | undefined, stored: T | null) =>
        given === undefined ? stored : given;
      const built = build({
        name: patch.name ?? current.name,
        rateType: patch.rateType ?? current.rate_type,
        country: pick(patch.country, current.country),
        subdivision: pick(patch.subdivision, current.subdivision),
        rate: pick(patch.rate, trimDecimal(current.rate)),
      });
      await checkPlace(tx, built, id);
      return updateRate(tx.db, {
        ...current,
        ...built,
        revision: current.revision + 1,
        updated_at: tx.clock.now(),
      });
    },
  });
}

export async function deleteTaxRate(ctx: Ctx, id: string): Promise<void> {
  await deleteEntity(ctx, rates, id, { remove: (tx) => deleteRate(tx.db, id) });
}

export async function queryTaxRates(ctx: Ctx, query: CursorQuery | undefined) {
  const page = await cursorPage(ratesBase(ctx.db), rateSpec, query);
  return { taxRates: page.items.map(toWireRate), pagingMetadata: metadata.cursor(page) };
}
