import { ENTITY_FQDN } from '@vitrine/contract';
/** Tax rates admin API (/ecom/v1/tax-rates): manual rates by country and subdivision, one fallback. */
import type { CursorQuery, FieldViolation, TaxRateInput, TaxRatePatch, WireTaxRate } from '@vitrine/contract';
import { sql } from 'kysely';
import { bumpConfigRevision } from '../../platform/config-cache.ts';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { conflict, notFound, ValidationError, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
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

export async function createTaxRate(ctx: Ctx, input: TaxRateInput): Promise<WireTaxRate> {
  const built = build({
    name: input.name,
    rateType: input.rateType,
    country: input.country ?? null,
    subdivision: input.subdivision ?? null,
    rate: input.rate ?? null,
  });
  return inTransaction(ctx, async (tx) => {
    const id = newId();
    const now = tx.clock.now();
    await checkPlace(tx, built, id);
    const row = await insertRate(tx.db, { id, ...built, revision: 1, created_at: now, updated_at: now });
    await bumpConfigRevision(tx.db);
    const rate = toWireRate(row);
    await emitEvent(tx, {
      entityFqdn: TAX_RATE_FQDN,
      slug: 'created',
      entityId: id,
      createdEvent: { entity: rate },
    });
    return rate;
  });
}

export async function getTaxRate(ctx: Ctx, id: string): Promise<WireTaxRate> {
  const row = await findRate(ctx.db, id);
  if (!row) throw missing(id);
  return toWireRate(row);
}

/** The fields given replace the stored ones (null clears country/subdivision/rate); the result is checked whole. */
export async function updateTaxRate(ctx: Ctx, id: string, patch: TaxRatePatch): Promise<WireTaxRate> {
  if (patch.id !== undefined && patch.id !== id) throw violation('taxRate.id', 'must match the path');
  return inTransaction(ctx, async (tx) => {
    const current = await findRate(tx.db, id, true);
    if (!current) throw missing(id);
    if (BigInt(patch.revision) !== BigInt(current.revision)) {
      throw conflict('REVISION_MISMATCH', 'The tax rate was changed by someone else; reload and try again', {
        expected: patch.revision,
        actual: String(current.revision),
      });
    }
    const pick = <T>(given: T | null | undefined, stored: T | null) => (given === undefined ? stored : given);
    const built = build({
      name: patch.name ?? current.name,
      rateType: patch.rateType ?? current.rate_type,
      country: pick(patch.country, current.country),
      subdivision: pick(patch.subdivision, current.subdivision),
      rate: pick(patch.rate, trimDecimal(current.rate)),
    });
    await checkPlace(tx, built, id);
    const saved = await updateRate(tx.db, {
      ...current,
      ...built,
      revision: current.revision + 1,
      updated_at: tx.clock.now(),
    });
    await bumpConfigRevision(tx.db);
    const before = toWireRate(current);
    const rate = toWireRate(saved);
    const modifiedFields = Object.fromEntries(
      (['name', 'rateType', 'country', 'subdivision', 'rate'] as const)
        .filter((k) => before[k] !== rate[k])
        .map((k) => [k, before[k]]),
    );
    await emitEvent(tx, {
      entityFqdn: TAX_RATE_FQDN,
      slug: 'updated',
      entityId: id,
      updatedEvent: { currentEntity: rate, modifiedFields },
    });
    return rate;
  });
}

export async function deleteTaxRate(ctx: Ctx, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await deleteRate(tx.db, id);
    if (!row) throw missing(id);
    await bumpConfigRevision(tx.db);
    await emitEvent(tx, {
      entityFqdn: TAX_RATE_FQDN,
      slug: 'deleted',
      entityId: id,
      deletedEvent: { deletedEntity: toWireRate(row) },
    });
  });
}

export async function queryTaxRates(ctx: Ctx, query: CursorQuery | undefined) {
  const page = await cursorPage(ratesBase(ctx.db), rateSpec, query);
  return { taxRates: page.items.map(toWireRate), pagingMetadata: metadata.cursor(page) };
}
