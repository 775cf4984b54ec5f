/**
 * Money is held as integer minor units (bigint-safe numbers up to 2^53) and written on the wire
 * as decimal strings. One currency per store; the currency's exponent comes from Intl.
 */
const exponents = new Map<string, number>();

export function currencyExponent(currency: string): number {
  let e = exponents.get(currency);
  if (e === undefined) {
    e =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    exponents.set(currency, e);
  }
  return e;
}

/** "25.5" → 2550 (USD). Throws on more decimals than the currency has. */
export function toMinor(amount: string, currency: string): number {
  const e = currencyExponent(currency);
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) throw new RangeError(`not a decimal amount: ${amount}`);
  const frac = m[3] ?? '';
  if (frac.length > e) throw new RangeError(`${amount} has more than ${e} decimals for ${currency}`);
  const minor = Number(m[2]) * 10 ** e + Number(frac.padEnd(e, '0') || '0');
  if (!Number.isSafeInteger(minor)) throw new RangeError(`amount out of range: ${amount}`);
  return m[1] ? -minor : minor;
}

/**
 * A non-negative threshold that may have more decimals than the currency ("49.999" USD, as the
 * platform takes up to 4), in minor units rounded `up` (a minimum: 5000) or `down` (a maximum:
 * 4999), so that comparing a subtotal in minor units with it is exact; and `exact`, the amount
 * in ten-thousandths, to order two thresholds as given. Throws when it is not such an amount.
 */
export function thresholdMinor(
  amount: string,
  currency: string,
  round: 'up' | 'down',
): { minor: number; exact: bigint; extraDecimals: boolean } {
  const e = currencyExponent(currency);
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(amount.trim());
  if (!m) throw new RangeError(`not a non-negative amount with at most 4 decimals: ${amount}`);
  const frac = m[2] ?? '';
  const extraDecimals = /[1-9]/.test(frac.slice(e));
  const minor = Number(m[1]) * 10 ** e + Number(frac.slice(0, e).padEnd(e, '0') || '0');
  const rounded = round === 'up' && extraDecimals ? minor + 1 : minor;
  if (!Number.isSafeInteger(rounded)) throw new RangeError(`amount out of range: ${amount}`);
  return { minor: rounded, exact: BigInt(m[1]!) * 10_000n + BigInt(frac.padEnd(4, '0')), extraDecimals };
}

/** 2550 → "25.50" (USD). */
export function fromMinor(minor: number, currency: string): string {
  const e = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (e === 0) return `${sign}${abs}`;
  const s = String(abs).padStart(e + 1, '0');
  return `${sign}${s.slice(0, -e)}.${s.slice(-e)}`;
}

type Formatter = { format: Intl.NumberFormat; seen: Map<number, string> };
/** Formatters by locale, then currency (no key string to build and hash on each of many calls). */
const formatters = new Map<string, Map<string, Formatter>>();
/** Formatted amounts kept per locale and currency (a store shows the same prices over and over). */
const KEPT_PER_FORMAT = 5000;

/** 2550 → "$25.50" in the store's locale. */
export function formatMinor(minor: number, currency: string, locale = 'en-US'): string {
  let byCurrency = formatters.get(locale);
  if (!byCurrency) formatters.set(locale, (byCurrency = new Map()));
  let f = byCurrency.get(currency);
  if (!f) {
    f = { format: new Intl.NumberFormat(locale, { style: 'currency', currency }), seen: new Map() };
    byCurrency.set(currency, f);
  }
  let text = f.seen.get(minor);
  if (text === undefined) {
    text = f.format.format(minor / 10 ** currencyExponent(currency));
    if (f.seen.size >= KEPT_PER_FORMAT) f.seen.clear();
    f.seen.set(minor, text);
  }
  return text;
}

/** The wire's `Price` ({amount, formattedAmount}). */
export function price(minor: number, currency: string, locale?: string) {
  return { amount: fromMinor(minor, currency), formattedAmount: formatMinor(minor, currency, locale) };
}

/** The wire's `MultiCurrencyPrice`; converted = amount while the store has one currency. */
export function multiCurrencyPrice(minor: number, currency: string, locale?: string) {
  const amount = fromMinor(minor, currency);
  const formattedAmount = formatMinor(minor, currency, locale);
  return { amount, formattedAmount, convertedAmount: amount, formattedConvertedAmount: formattedAmount };
}
