import { ENTITY_FQDN } from '@vitrine/contract';
/** Additional fees admin API (/ecom/v1/additional-fees): handling and insurance, fixed or a percentage of the subtotal. */
import type {
  AdditionalFeeInput,
  AdditionalFeePatch,
  CursorQuery,
  FieldViolation,
  WireAdditionalFee,
} from '@vitrine/contract';
import { sql } from 'kysely';
import { bumpConfigRevision } from '../../platform/config-cache.ts';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { conflict, notFound, ValidationError, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { currencyExponent, fromMinor, toMinor } from '../../platform/money.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
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
  return inTransaction(ctx, async (tx) => {
    const id = newId();
    const now = tx.clock.now();
    await checkCode(tx, built.code, id);
    const row = await insertFee(tx.db, { id, ...built, revision: 1, created_at: now, updated_at: now });
    await bumpConfigRevision(tx.db);
    const fee = toWireFee(row, currency);
    await emitEvent(tx, {
      entityFqdn: FEE_FQDN,
      slug: 'created',
      entityId: id,
      createdEvent: { entity: fee },
    });
    return fee;
  });
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
  return inTransaction(ctx, async (tx) => {
    const current = await findFee(tx.db, id, true);
    if (!current) throw missing(id);
    if (BigInt(patch.revision) !== BigInt(current.revision)) {
      throw conflict(
        'REVISION_MISMATCH',
        'The additional fee was changed by someone else; reload and try again',
        { expected: patch.revision, actual: String(current.revision) },
      );
    }
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
    const saved = await updateFee(tx.db, {
      ...current,
      ...built,
      revision: current.revision + 1,
      updated_at: tx.clock.now(),
    });
    await bumpConfigRevision(tx.db);
    const fee = toWireFee(saved, currency);
    const modifiedFields = Object.fromEntries(
      (['code', 'name', 'type', 'amount', 'percentage'] as const)
        .filter((k) => before[k] !== fee[k])
        .map((k) => [k, before[k]]),
    );
    await emitEvent(tx, {
      entityFqdn: FEE_FQDN,
      slug: 'updated',
      entityId: id,
      updatedEvent: { currentEntity: fee, modifiedFields },
    });
    return fee;
  });
}

export async function deleteAdditionalFee(ctx: Ctx, id: string): Promise<void> {
  const { currency } = await getSettings(ctx);
  await inTransaction(ctx, async (tx) => {
    const row = await deleteFee(tx.db, id);
    if (!row) throw missing(id);
    await bumpConfigRevision(tx.db);
    await emitEvent(tx, {
      entityFqdn: FEE_FQDN,
      slug: 'deleted',
      entityId: id,
      deletedEvent: { deletedEntity: toWireFee(row, currency) },
    });
  });
}

export async function queryAdditionalFees(ctx: Ctx, query: CursorQuery | undefined) {
  const { currency } = await getSettings(ctx);
  const page = await cursorPage(feesBase(ctx.db), feeSpec, query);
  return {
    additionalFees: page.items.map((f) => toWireFee(f, currency)),
    pagingMetadata: metadata.cursor(page),
  };
}
