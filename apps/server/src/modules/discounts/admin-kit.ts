/** Small helpers the discount and coupon admin APIs share. */
import type { FieldViolation } from '@vitrine/contract';
import { ValidationError } from '../../platform/errors.ts';
import { thresholdMinor, toMinor } from '../../platform/money.ts';

export type Violations = FieldViolation[];
export const v = (
  field: string,
  description: string,
  violatedRule: FieldViolation['violatedRule'] = 'VALIDATION',
  data: Record<string, unknown> = {},
): FieldViolation => ({ field, description, violatedRule, data });

export function throwIfAny(violations: Violations): void {
  if (violations.length)
    throw new ValidationError(
      [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0)),
    );
}

/** A decimal amount (string, or number for the hosted coupon API) in minor units of `currency`; a violation when it does not fit. */
export function minorOf(out: Violations, field: string, amount: string | number, currency: string): number {
  const text = typeof amount === 'number' ? String(amount) : amount;
  try {
    const minor = toMinor(text, currency);
    if (minor < 0) throw new RangeError('negative');
    return minor;
  } catch {
    out.push(
      v(
        field,
        `must be a non-negative amount with at most the decimals of ${currency}`,
        'DECIMAL_MAX_SCALE',
        { currency },
      ),
    );
    return 0;
  }
}

/**
 * A threshold (a subtotal range's end) in minor units, rounded inward when it has more decimals
 * than the currency (up to the platform's 4): `text` keeps such an amount as given, to answer it.
 */
export function thresholdOf(
  out: Violations,
  field: string,
  amount: string,
  currency: string,
  round: 'up' | 'down',
): { minor: number; exact: bigint; text?: string } | undefined {
  try {
    const t = thresholdMinor(amount, currency, round);
    return { minor: t.minor, exact: t.exact, ...(t.extraDecimals ? { text: amount.trim() } : {}) };
  } catch {
    out.push(
      v(field, 'must be a non-negative amount with at most 4 decimals', 'DECIMAL_MAX_SCALE', {
        currency,
        maxScale: 4,
      }),
    );
    return undefined;
  }
}
