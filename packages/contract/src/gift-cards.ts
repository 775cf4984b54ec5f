import { z } from 'zod';
import { cursorPagingMetadata, cursorQuery } from './query.ts';
import { decimalString, id, int64, isoDate, price } from './scalars.ts';

/** Gift cards (/ecom/v1/gift-cards): our own API. Money in, `{amount}`; money out, `{amount, formattedAmount}`. */
const amountIn = z.strictObject({ amount: decimalString({ scale: 4, max: 1e12 }) });
export const GIFT_CARD_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{2,38})[A-Za-z0-9]$/;
export const giftCardInput = z.strictObject({
  /** Generated (16 characters in groups of 4) when omitted. Unique ignoring case. */
  code: z.string().trim().regex(GIFT_CARD_CODE, 'must be 4-40 letters, digits or inner dashes').optional(),
  initialValue: amountIn,
  /** Must be the store currency (one currency per store); defaults to it. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code')
    .optional(),
  expirationDate: isoDate.nullish(),
  disabled: z.boolean().optional(),
});
export const giftCardPatch = z.strictObject({
  id: z.string().optional(),
  /** A correction of the balance by the merchant. */
  balance: amountIn.optional(),
  expirationDate: isoDate.nullish(),
  disabled: z.boolean().optional(),
  revision: int64,
});
export type GiftCardInput = z.infer<typeof giftCardInput>;
export type GiftCardPatch = z.infer<typeof giftCardPatch>;

export const giftCardStatus = z.enum(['ACTIVE', 'DISABLED', 'EXPIRED', 'EMPTY']);
export const giftCardRedemption = z.object({
  orderId: z.string(),
  amount: price,
  createdDate: isoDate,
  refundedDate: isoDate.nullable(),
});
export const giftCard = z.object({
  id,
  /** In full only in the answer to create; afterwards all but the last 4 characters are masked. */
  code: z.string(),
  initialValue: price,
  balance: price,
  currency: z.string(),
  expirationDate: isoDate.nullable(),
  disabled: z.boolean(),
  status: giftCardStatus,
  redemptions: z.array(giftCardRedemption),
  revision: z.string(),
  createdDate: isoDate,
  updatedDate: isoDate,
});
export type WireGiftCard = z.infer<typeof giftCard>;

export const createGiftCardRequest = z.strictObject({ giftCard: giftCardInput });
export const updateGiftCardRequest = z.strictObject({ giftCard: giftCardPatch });
export const giftCardResponse = z.object({ giftCard });
export const queryGiftCardsRequest = z.strictObject({ query: cursorQuery.optional() });
export const queryGiftCardsResponse = z.object({
  giftCards: z.array(giftCard),
  pagingMetadata: cursorPagingMetadata,
});
