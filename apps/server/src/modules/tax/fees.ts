/** Additional fees admin API (/ecom/v1/additional-fees): handling and insurance, fixed or a percentage of the subtotal. */
import { ENTITY_FQDN } from '@vitrine/contract';
import type {
  AdditionalFeeInput,
  AdditionalFeePatch,
  CursorQuery,
  FieldViolation,
  WireAdditionalFee,
} from '@vitrine/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { conflict, notFound, ValidationError, violation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { currencyExponent, fromMinor, toMinor } from '../../platform/money.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import {
  createEntity,
  deleteEntity,
  fieldsModified,
  updateEntity,
  type AdminEntity,
} from '../../platform/admin-entity.ts';
import { getSettings } from '../settings/index.ts';
import { trimDecimal } from './rates.ts';
import {
  deleteFee,
  feeCodeTaken,
  feesBase,
  feeSpec,
  findFee,
  insertFee,
  updateFee,
  type FeeRow,
} from './store.ts';

export const FEE_FQDN = ENTITY_FQDN.additionalFee;
const FEE_LOCK = 7_331_203;

export function toWireFee(f: FeeRow, currency: string): WireAdditionalFee {
  return {
    id: f.id,
    code: f.code,
    name: f.name,
    type: f.fee_type,
    amount: f.amount === null ? null : fromMinor(Number(f.amount), currency),
    percentage: f.percentage === null ? null : trimDecimal(f.percentage),
    revision: String(f.revision),
    createdDate: f.created_at.toISOString(),
    updatedDate: f.updated_at.toISOString(),
  };
}

type Fields = {
  code: string;
  name: string;
  type: FeeRow['fee_type'];
  amount: string | null;
  percentage: string | null;
};

function build(
  f: Fields,
  currency: string,
): Pick<FeeRow, 'code' | 'name' | 'fee_type' | 'amount' | 'percentage'> {
  const out: FieldViolation[] = [];
  if ((f.amount === null) === (f.percentage === null)) {
    out.push({
      field: 'additionalFee',
      description: 'needs exactly one of amount and percentage',
      violatedRule: f.amount === null ? 'REQUIRED_ONE_OF_FIELD' : 'ONE_OF_ALIGNMENT',
      data: {},
    });
  }
  let amount: number | null = null;
  if (f.amount !== null) {
    try {
      amount = toMinor(f.amount, currency);
    } catch {
      out.push({
        field: 'additionalFee.amount',
        description: `must have at most ${currencyExponent(currency)} decimals for ${currency}`,
        violatedRule: 'DECIMAL_MAX_SCALE',
        data: { maxScale: currencyExponent(currency) },
      });
    }
  }
  if (out.length) throw new ValidationError(out);
  return { code: f.code, name: f.name, fee_type: f.type, amount, percentage: f.percentage };
}

const missing = (id: string) =>
  notFound('Additional fee', { additionalFeeId: id }, 'ADDITIONAL_FEE_NOT_FOUND');

async function checkCode(ctx: Ctx, code: string, id: string) {
  await sql`select pg_advisory_xact_lock(${FEE_LOCK})`.execute(ctx.db);
  if (await feeCodeTaken(ctx.db, code, id))
    throw conflict(
      'ADDITIONAL_FEE_CODE_ALREADY_EXISTS',
      `An additional fee with the code ${code} already exists`,
      { code },
    );
}

const fees = (currency: string): AdminEntity<FeeRow, WireAdditionalFee> => ({
  fqdn: FEE_FQDN,
  label: 'additional fee',
  configuration: true,
  missing,
  wire: (_tx, row) => toWireFee(row, currency),
  modified: fieldsModified(['code', 'name', 'type', 'amount', 'percentage']),
});

export async function createAdditionalFee(ctx: Ctx, input: AdditionalFeeInput): Promise<WireAdditionalFee> {
  const { currency } = await getSettings(ctx);
  const built = build(
    {
      code: input.code,
      name: input.name,
      type: input.type,
      amount: input.amount ?? null,
      percentage: input.percentage ?? null,
    },
    currency,
  );
  const { entity } = await createEntity(ctx, fees(currency), async (tx) => {
    const id = newId();
    const now = tx.clock.now();
    await checkCode(tx, built.code, id);
    return insertFee(tx.db, { id, ...built, revision: 1, created_at: now, updated_at: now });
  });
  return entity;
}

export async function getAdditionalFee(ctx: Ctx, id: string): Promise<WireAdditionalFee> {
  const row = await findFee(ctx.db, id);
  if (!row) throw missing(id);
  return toWireFee(row, (await getSettings(ctx)).currency);
}

/** Fields given replace the stored ones; giving amount clears percentage and the other way round. */
export async function updateAdditionalFee(
  ctx: Ctx,
  id: string,
  patch: AdditionalFeePatch,
): Promise<WireAdditionalFee> {
  if (patch.id !== undefined && patch.id !== id) throw violation('additionalFee.id', 'must match the path');
  const { currency } = await getSettings(ctx);
  return updateEntity(ctx, fees(currency), {
    id,
    revision: patch.revision,
    lock: (tx) => findFee(tx.db, id, true),
    write: async (tx, current) => {
      const before = toWireFee(current, currency);
      const switches = patch.amount !== undefined || patch.percentage !== undefined;
      const built = build(
        {
          code: patch.code ?? current.code,
          name: patch.name ?? current.name,
          type: patch.type ?? current.fee_type,
          amount: switches ? (patch.amount ?? null) : before.amount,
          percentage: switches ? (patch.percentage ?? null) : before.percentage,
        },
        currency,
      );
      if (built.code !== current.code) await checkCode(tx, built.code, id);
      return updateFee(tx.db, {
        ...current,
        ...built,
        revision: current.revision + 1,
        updated_at: tx.clock.now(),
      });
    },
  });
}

export async function deleteAdditionalFee(ctx: Ctx, id: string): Promise<void> {
  const { currency } = await getSettings(ctx);
  await deleteEntity(ctx, fees(currency), id, { remove: (tx) => deleteFee(tx.db, id) });
}

export async function queryAdditionalFees(ctx: Ctx, query: CursorQuery | undefined) {
  const { currency } = await getSettings(ctx);
  const page = await cursorPage(feesBase(ctx.db), feeSpec, query);
  return {
    additionalFees: page.items.map((f) => toWireFee(f, currency)),
    pagingMetadata: metadata.cursor(page),
  };
}
