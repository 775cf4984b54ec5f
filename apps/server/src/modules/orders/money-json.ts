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

/** `{$minor}` alone in an object (v is known to be a plain object): without listing its keys first. */
function onlyMinor(v: Record<string, unknown>): boolean {
  if (typeof v.$minor !== 'number') return false;
  for (const k in v) if (k !== '$minor') return false;
  return true;
}

/** Replaces every `{$minor}` in `v` with a wire Price. */
export function toWirePrices(v: Json, currency: string, locale: string): Json {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map((x) => toWirePrices(x, currency, locale));
  const o = v as Record<string, unknown>;
  if (onlyMinor(o)) return price(o.$minor as number, currency, locale);
  const out: Record<string, unknown> = {};
  for (const k in o) out[k] = toWirePrices(o[k], currency, locale);
  return out;
}
