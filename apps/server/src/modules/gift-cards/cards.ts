import { ENTITY_FQDN } from '@vitrine/contract';
/** Gift cards admin API (/ecom/v1/gift-cards). Balance changes are not configuration: no config revision bump. */
import { randomInt } from 'node:crypto';
import type { CursorQuery, GiftCardInput, GiftCardPatch, WireGiftCard } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { conflict, notFound, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { currencyExponent, price, toMinor } from '../../platform/money.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import { getSettings } from '../settings/index.ts';
import {
  cardsBase,
  cardSpec,
  codeKey,
  deleteCard,
  findCard,
  insertCard,
  redemptionsOf,
  updateCard,
  type GiftCardRow,
  type RedemptionRow,
} from './store.ts';

export const GIFT_CARD_FQDN = ENTITY_FQDN.giftCard;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 16 random characters (no 0/O, 1/I) in groups of 4: about 80 bits. */
export function generateCode(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** All but the last 4 characters masked (dashes kept). */
export const obfuscate = (code: string) => code.replace(/[^-](?=(?:-?[^-]){4})/g, '*');

interface Money {
  currency: string;
  locale: string;
}

export function toWireCard(
  c: GiftCardRow,
  redemptions: RedemptionRow[],
  m: Money,
  now: Date,
  fullCode = false,
): WireGiftCard {
  const expired = c.expiration_at !== null && c.expiration_at.getTime() <= now.getTime();
  const balance = Number(c.balance);
  return {
    id: c.id,
    code: fullCode ? c.code : obfuscate(c.code),
    initialValue: price(Number(c.initial_value), c.currency, m.locale),
    balance: price(balance, c.currency, m.locale),
    currency: c.currency,
    expirationDate: c.expiration_at?.toISOString() ?? null,
    disabled: c.disabled,
    status: c.disabled ? 'DISABLED' : expired ? 'EXPIRED' : balance === 0 ? 'EMPTY' : 'ACTIVE',
    redemptions: redemptions.map((r) => ({
      orderId: r.order_id,
      amount: price(Number(r.amount), c.currency, m.locale),
      createdDate: r.created_at.toISOString(),
      refundedDate: r.refunded_at?.toISOString() ?? null,
    })),
    revision: String(c.revision),
    createdDate: c.created_at.toISOString(),
    updatedDate: c.updated_at.toISOString(),
  };
}

function minor(field: string, amount: string, currency: string, positive: boolean): number {
  let n: number;
  try {
    n = toMinor(amount, currency);
  } catch {
    throw violation(
      field,
      `must have at most ${currencyExponent(currency)} decimals for ${currency}`,
      'DECIMAL_MAX_SCALE',
      { maxScale: currencyExponent(currency) },
    );
  }
  if (positive && n <= 0) throw violation(field, 'must be greater than 0', 'DECIMAL_GT', { threshold: '0' });
  return n;
}

const missing = (id: string) => notFound('Gift card', { giftCardId: id }, 'GIFT_CARD_NOT_FOUND');
const codeTaken = () =>
  conflict('GIFT_CARD_CODE_ALREADY_EXISTS', 'A gift card with this code already exists');

async function wire(ctx: Ctx, rows: GiftCardRow[], m: Money, fullCode = false): Promise<WireGiftCard[]> {
  const reds = await redemptionsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const now = ctx.clock.now();
  return rows.map((r) =>
    toWireCard(
      r,
      reds.filter((x) => x.gift_card_id === r.id),
      m,
      now,
      fullCode,
    ),
  );
}

/** Creates a card; the answer is the only one that shows the code in full (events carry it masked). */
export async function createGiftCard(ctx: Ctx, input: GiftCardInput): Promise<WireGiftCard> {
  const m = await getSettings(ctx);
  if (input.currency !== undefined && input.currency !== m.currency) {
    throw violation('giftCard.currency', `must be the store currency ${m.currency}`, 'VALIDATION', {
      storeCurrency: m.currency,
    });
  }
  const value = minor('giftCard.initialValue.amount', input.initialValue.amount, m.currency, true);
  const generated = input.code === undefined;
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    // A generated code clashing is astronomically unlikely; try a few before giving up.
    for (let attempt = 0; attempt < (generated ? 5 : 1); attempt++) {
      const code = input.code ?? generateCode();
      const row = await insertCard(tx.db, {
        id: newId(),
        code,
        code_key: codeKey(code),
        initial_value: value,
        balance: value,
        currency: m.currency,
        expiration_at: input.expirationDate ? new Date(input.expirationDate) : null,
        disabled: input.disabled ?? false,
        revision: 1,
        created_at: now,
        updated_at: now,
      });
      if (!row) continue;
      await emitEvent(tx, {
        entityFqdn: GIFT_CARD_FQDN,
        slug: 'created',
        entityId: row.id,
        createdEvent: { entity: toWireCard(row, [], m, now) },
      });
      return toWireCard(row, [], m, now, true);
    }
    throw codeTaken();
  });
}

export async function getGiftCard(ctx: Ctx, id: string): Promise<WireGiftCard> {
  const row = await findCard(ctx.db, id);
  if (!row) throw missing(id);
  return (await wire(ctx, [row], await getSettings(ctx)))[0]!;
}

/** Expiration, disabled, and a merchant's correction of the balance; revision must match. */
export async function updateGiftCard(ctx: Ctx, id: string, patch: GiftCardPatch): Promise<WireGiftCard> {
  if (patch.id !== undefined && patch.id !== id) throw violation('giftCard.id', 'must match the path');
  const m = await getSettings(ctx);
  return inTransaction(ctx, async (tx) => {
    const current = await findCard(tx.db, id, true);
    if (!current) throw missing(id);
    if (BigInt(patch.revision) !== BigInt(current.revision)) {
      throw conflict('REVISION_MISMATCH', 'The gift card was changed by someone else; reload and try again', {
        expected: patch.revision,
        actual: String(current.revision),
      });
    }
    const balance = patch.balance
      ? minor('giftCard.balance.amount', patch.balance.amount, current.currency, false)
      : Number(current.balance);
    const next: GiftCardRow = {
      ...current,
      balance,
      ...(patch.expirationDate !== undefined
        ? { expiration_at: patch.expirationDate ? new Date(patch.expirationDate) : null }
        : {}),
      ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
      revision: current.revision + 1,
      updated_at: tx.clock.now(),
    };
    const saved = await updateCard(tx.db, next);
    const [before, after] = await wire(tx, [current, saved], m);
    const modifiedFields = Object.fromEntries(
      (['balance', 'expirationDate', 'disabled', 'status'] as const)
        .filter((k) => JSON.stringify(before![k]) !== JSON.stringify(after![k]))
        .map((k) => [k, before![k]]),
    );
    await emitEvent(tx, {
      entityFqdn: GIFT_CARD_FQDN,
      slug: 'updated',
      entityId: id,
      updatedEvent: { currentEntity: after, modifiedFields },
    });
    return after!;
  });
}

export async function deleteGiftCard(ctx: Ctx, id: string): Promise<void> {
  const m = await getSettings(ctx);
  await inTransaction(ctx, async (tx) => {
    const current = await findCard(tx.db, id, true);
    if (!current) throw missing(id);
    const [entity] = await wire(tx, [current], m);
    await deleteCard(tx.db, id);
    await emitEvent(tx, {
      entityFqdn: GIFT_CARD_FQDN,
      slug: 'deleted',
      entityId: id,
      deletedEvent: { deletedEntity: entity },
    });
  });
}

export async function queryGiftCards(ctx: Ctx, query: CursorQuery | undefined) {
  const m = await getSettings(ctx);
  const page = await cursorPage(cardsBase(ctx.db), cardSpec(currencyExponent(m.currency)), query);
  return { giftCards: await wire(ctx, page.items, m), pagingMetadata: metadata.cursor(page) };
}
