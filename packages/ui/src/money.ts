/**
 * Money as the contract writes it in answers (`price` in packages/contract: `{amount, formattedAmount}`);
 * `formattedAmount` is optional here so inputs and computed amounts fit too.
 */
export interface Money {
  amount: string;
  formattedAmount?: string;
}

/**
 * The text of an amount: the server's `formattedAmount` (one formatting for the whole store), else
 * the amount in `currency` as the server formats it (en-US), else the bare amount; `zero` names a
 * zero amount ("Free").
 */
export function formatMoney(
  m: Money | null | undefined,
  opts: { currency?: string; zero?: string } = {},
): string {
  if (!m) return '';
  if (opts.zero !== undefined && isZeroMoney(m)) return opts.zero;
  if (m.formattedAmount) return m.formattedAmount;
  return opts.currency
    ? new Intl.NumberFormat('en-US', { style: 'currency', currency: opts.currency }).format(Number(m.amount))
    : m.amount;
}

/** Whether an amount is there and is zero. */
export const isZeroMoney = (m: Money | null | undefined) => !!m && Number(m.amount) === 0;
