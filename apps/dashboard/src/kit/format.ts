/** Dates as the merchant reads them (the browser's time zone and the store's English). */

export const dateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export const dateOnly = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '—';

/** An ISO date-time → the value of an `<input type="datetime-local">` (local time, minutes). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** An `<input type="datetime-local">` value (local time) → ISO; `undefined` when empty or invalid. */
export function fromLocalInput(value: string): string | undefined {
  if (!value.trim()) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** "1 review", "3 reviews". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Money in the store's currency from a major-unit number or decimal string; `exact` keeps up to 4
 * decimals past the currency's (a discount's threshold given so: "at least $50.0001").
 */
export const money = (amount: number | string, currency: string, exact = false) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    ...(exact ? { maximumFractionDigits: 4 } : {}),
  }).format(Number(amount));
