import { z } from 'zod';
import { ruleParams } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Entity ids: UUID strings (UUIDv7 when Vitrine generates them). */
export const id = z.string().regex(UUID, 'must be a GUID');

/** ISO-8601 date-time string, as `toISOString()` writes it. */
export const isoDate = z.iso.datetime({ offset: true });

/** int64 on the wire: a decimal string (numbers are accepted and turned into strings). */
export const int64 = z
  .union([z.string().regex(/^-?\d{1,19}$/, 'must be an integer'), z.number().int()])
  .transform((v) => String(v));

/**
 * A money amount as a decimal string, e.g. "25.00". Up to `scale` decimals (2 by default),
 * non-negative unless `allowNegative`.
 */
export function decimalString(opts: { scale?: number; allowNegative?: boolean; max?: number } = {}) {
  const scale = opts.scale ?? 2;
  return z
    .string()
    .regex(/^-?\d{1,15}(\.\d+)?$/, 'must be a decimal number')
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= scale, {
      message: `must have at most ${scale} decimal places`,
      ...ruleParams('DECIMAL_MAX_SCALE', { maxScale: scale }),
    })
    .refine((v) => opts.allowNegative || !v.startsWith('-'), {
      message: 'must be at least 0',
      ...ruleParams('DECIMAL_GTE', { threshold: '0' }),
    })
    .refine((v) => opts.max === undefined || Number(v) <= opts.max, {
      message: `must be at most ${opts.max}`,
      ...ruleParams('DECIMAL_LTE', { threshold: String(opts.max) }),
    });
}

/** Money as the platform writes it in answers (contract/conventions.md §6). */
export const price = z.object({ amount: z.string(), formattedAmount: z.string() });
export type Money = z.infer<typeof price>;
export const multiCurrencyPrice = price.extend({
  convertedAmount: z.string(),
  formattedConvertedAmount: z.string(),
});

/** Query-string helpers: plain-mode GET parameters arrive as strings (conventions §5). */
export const qs = {
  int: (min = 0, max = Number.MAX_SAFE_INTEGER) =>
    z.preprocess(
      (v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v),
      z.number().int().min(min).max(max),
    ),
  bool: () => z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean()),
  /** A repeated key arrives as an array, a single one as a scalar: accept both. */
  array: <T extends z.ZodType>(item: T) =>
    z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item)),
};

/** A percentage above 0 and at most 100, with up to `maxScale` decimals. */
export const percentage = (maxScale: number) =>
  z
    .number()
    .gt(0)
    .max(100)
    .refine((n) => Math.abs(n * 10 ** maxScale - Math.round(n * 10 ** maxScale)) < 1e-6, {
      message: `must have at most ${maxScale} decimal places`,
      ...ruleParams('DECIMAL_MAX_SCALE', { maxScale }),
    });
