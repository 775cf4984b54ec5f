import { price } from '../../platform/money.ts';

/**
 * Money inside the stored order JSON is integer minor units: a wire `Price` (`{amount,
 * formattedAmount}`) is kept as `{"$minor": n}` and turned back into a Price, formatted for the
 * store's locale, when the order is read.
 */
type Json = unknown;
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export interface Minor {
  $minor: number;
}
export const minor = (n: number): Minor => ({ $minor: n });
export const isMinor = (v: unknown): v is Minor =>
  isObj(v) && typeof v.$minor === 'number' && Object.keys(v).length === 1;

/** Replaces every `{$minor}` in `v` with a wire Price. */
export function toWirePrices(v: Json, currency: string, locale: string): Json {
  if (Array.isArray(v)) return v.map((x) => toWirePrices(x, currency, locale));
  if (!isObj(v)) return v;
  if (isMinor(v)) return price(v.$minor, currency, locale);
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = toWirePrices(x, currency, locale);
  return out;
}
