/** Integer helpers: exact products through BigInt, rounded half-up, checked to stay safe integers. */

export function assertMinor(n: number, label: string): void {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`${label} must be a non-negative safe integer, got ${n}`);
}

function toSafe(q: bigint, label: string): number {
  const n = Number(q);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${label} out of safe integer range`);
  return n;
}

/** round_half_up(a·num/den) for non-negative integers, den > 0. */
export function mulDivHalfUp(a: number, num: number, den: number): number {
  const d = BigInt(den);
  return toSafe((2n * BigInt(a) * BigInt(num) + d) / (2n * d), 'mulDivHalfUp');
}

/** floor(a·num/den) for non-negative integers, den > 0. */
export function mulDivFloor(a: number, num: number, den: number): number {
  return toSafe((BigInt(a) * BigInt(num)) / BigInt(den), 'mulDivFloor');
}

/** a·b, throwing when the product is not a safe integer. */
export function mulSafe(a: number, b: number): number {
  return toSafe(BigInt(a) * BigInt(b), 'product');
}

/** Σ values, throwing on overflow. */
export function sumSafe(values: readonly number[]): number {
  return toSafe(
    values.reduce((s, v) => s + BigInt(v), 0n),
    'sum',
  );
}

/** A percentage with up to 4 decimals as millionths of 1 (8.875 % → 88_750). */
export function percentToMicro(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`invalid percentage ${percent}`);
  return Math.round(percent * 10_000);
}

export const MICRO = 1_000_000;
