/** Gift cards admin API (/ecom/v1/gift-cards). Balance changes are not configuration: no config revision bump. */
import { ENTITY_FQDN } from '@vitrine/contract';
import { randomInt } from 'node:crypto';
import type { CursorQuery, GiftCardInput, GiftCardPatch, WireGiftCard } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { conflict, notFound, violation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { currencyExponent, price, toMinor } from '../../platform/money.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import {
  createEntity,
  deleteEntity,
  fieldsModified,
  updateEntity,
  type AdminEntity,
} from '../../platform/admin-entity.ts';
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

/** Gift cards are not part of the pricing configuration (a checkout reads its card when priced). */
const cards = (m: Money): AdminEntity<GiftCardRow, WireGiftCard> => ({
  fqdn: GIFT_CARD_FQDN,
  label: 'gift card',
  configuration: false,
  missing,
  wire: async (tx, row) => (await wire(tx, [row], m))[0]!,
  modified: fieldsModified(['balance', 'expirationDate', 'disabled', 'status']),
});

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
  const { row } = await createEntity(ctx, cards(m), async (tx) => {
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
      if (row) return row;
    }
    throw codeTaken();
  });
  return toWireCard(row, [], m, ctx.clock.now(), true);
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
  return updateEntity(ctx, cards(m), {
    id,
    revision: patch.revision,
    lock: (tx) => findCard(tx.db, id, true),
    write: (tx, current) => {
      const balance = patch.balance
        ? minor('giftCard.balance.amount', patch.balance.amount, current.currency, false)
        : Number(current.balance);
      return updateCard(tx.db, {
        ...current,
        balance,
        ...(patch.expirationDate !== undefined
          ? { expiration_at: patch.expirationDate ? new Date(patch.expirationDate) : null }
          : {}),
        ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
        revision: current.revision + 1,
        updated_at: tx.clock.now(),
      });
    },
  });
}

export async function deleteGiftCard(ctx: Ctx, id: string): Promise<void> {
  const m = await getSettings(ctx);
  // The card's redemptions go with it: it is shown (with its history) before it is deleted.
  await deleteEntity(ctx, cards(m), id, {
    lock: (tx) => findCard(tx.db, id, true),
    remove: (tx) => deleteCard(tx.db, id),
  });
}

export async function queryGiftCards(ctx: Ctx, query: CursorQuery | undefined) {
  const m = await getSettings(ctx);
  const page = await cursorPage(cardsBase(ctx.db), cardSpec(currencyExponent(m.currency)), query);
  return { giftCards: await wire(ctx, page.items, m), pagingMetadata: metadata.cursor(page) };
}
