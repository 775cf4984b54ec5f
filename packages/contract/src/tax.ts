import { z } from 'zod';
import { cursorPagingMetadata, cursorQuery } from './query.ts';
import { decimalString, id, int64, isoDate } from './scalars.ts';
import { countryCode, subdivisionCode } from './settings.ts';

/** Tax rates (/ecom/v1/tax-rates) and additional fees (/ecom/v1/additional-fees). */
const percent = decimalString({ scale: 4, max: 100 });

/** AUTO_RATE is part of the enum so that it gets a clear "not supported" answer rather than an enum error. */
export const taxRateType = z.enum(['MANUAL_RATE', 'NO_TAX_COLLECTED', 'FALLBACK_RATE', 'AUTO_RATE']);
const rateFields = {
  name: z.string().trim().min(1).max(100),
  rateType: taxRateType,
  /** Required except on the FALLBACK_RATE (which has none). */
  country: countryCode.nullish(),
  subdivision: subdivisionCode.nullish(),
  /** Percent as a decimal string, e.g. "8.875"; 0 for NO_TAX_COLLECTED. */
  rate: percent.optional(),
};
export const taxRateInput = z.strictObject({ ...rateFields, id: z.string().optional() });
export const taxRatePatch = z.strictObject({
  ...z.object(rateFields).partial().shape,
  id: z.string().optional(),
  revision: int64,
});
export type TaxRateInput = z.infer<typeof taxRateInput>;
export type TaxRatePatch = z.infer<typeof taxRatePatch>;

export const taxRate = z.object({
  id,
  name: z.string(),
  rateType: z.enum(['MANUAL_RATE', 'NO_TAX_COLLECTED', 'FALLBACK_RATE']),
  country: z.string().nullable(),
  subdivision: z.string().nullable(),
  rate: z.string(),
  revision: z.string(),
  createdDate: isoDate,
  updatedDate: isoDate,
});
export type WireTaxRate = z.infer<typeof taxRate>;

export const createTaxRateRequest = z.strictObject({ taxRate: taxRateInput });
export const updateTaxRateRequest = z.strictObject({ taxRate: taxRatePatch });
export const taxRateResponse = z.object({ taxRate });
export const queryTaxRatesRequest = z.strictObject({ query: cursorQuery.optional() });
export const queryTaxRatesResponse = z.object({
  taxRates: z.array(taxRate),
  pagingMetadata: cursorPagingMetadata,
});

const feeFields = {
  code: z
    .string()
    .regex(
      /^[a-z0-9](?:[a-z0-9_-]{0,48}[a-z0-9])?$/,
      'must be lower-case letters, digits, dashes or underscores',
    ),
  name: z.string().trim().min(1).max(100),
  type: z.enum(['HANDLING_FEE', 'INSURANCE']),
  /** Exactly one of amount (a fixed decimal amount) and percentage (of the subtotal before discounts). */
  amount: decimalString({ scale: 4, max: 1e12 }).nullish(),
  percentage: percent.nullish(),
};
export const additionalFeeInput = z.strictObject({ ...feeFields, id: z.string().optional() });
export const additionalFeePatch = z.strictObject({
  ...z.object(feeFields).partial().shape,
  id: z.string().optional(),
  revision: int64,
});
export type AdditionalFeeInput = z.infer<typeof additionalFeeInput>;
export type AdditionalFeePatch = z.infer<typeof additionalFeePatch>;

export const additionalFee = z.object({
  id,
  code: z.string(),
  name: z.string(),
  type: z.enum(['HANDLING_FEE', 'INSURANCE']),
  amount: z.string().nullable(),
  percentage: z.string().nullable(),
  revision: z.string(),
  createdDate: isoDate,
  updatedDate: isoDate,
});
export type WireAdditionalFee = z.infer<typeof additionalFee>;

export const createAdditionalFeeRequest = z.strictObject({ additionalFee: additionalFeeInput });
export const updateAdditionalFeeRequest = z.strictObject({ additionalFee: additionalFeePatch });
export const additionalFeeResponse = z.object({ additionalFee });
export const queryAdditionalFeesRequest = z.strictObject({ query: cursorQuery.optional() });
export const queryAdditionalFeesResponse = z.object({
  additionalFees: z.array(additionalFee),
  pagingMetadata: cursorPagingMetadata,
});
