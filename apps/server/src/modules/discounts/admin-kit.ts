/** Small helpers the discount and coupon admin APIs share. */
import type { FieldViolation } from '@vitrine/contract';
import { ValidationError } from '../../platform/errors.ts';
import { toMinor } from '../../platform/money.ts';

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
