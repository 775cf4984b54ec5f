/** Additional fees (HANDLING_FEE, INSURANCE): a fixed amount or a percentage of the subtotal. */
import type { AdditionalFeeDef, AdditionalFeeType } from './types.ts';
import { assertMinor, mulDivHalfUp, percentToMicro } from './rounding.ts';

export interface FeeOutput {
  code: string;
  name: string;
  type: AdditionalFeeType;
  amountMinor: number;
}

export function feeAmount(fee: AdditionalFeeDef, subtotalMinor: number): number {
  const hasAmount = fee.amountMinor !== undefined;
  const hasPercent = fee.percentage !== undefined;
  if (hasAmount === hasPercent)
    throw new RangeError(`fee ${fee.code} needs exactly one of amountMinor or percentage`);
  if (fee.amountMinor !== undefined) {
    assertMinor(fee.amountMinor, `fee ${fee.code}`);
    return fee.amountMinor;
  }
  return mulDivHalfUp(subtotalMinor, percentToMicro(fee.percentage ?? 0), percentToMicro(100));
}

export function computeFees(fees: readonly AdditionalFeeDef[], subtotalMinor: number): FeeOutput[] {
  return fees.map((f) => ({
    code: f.code,
    name: f.name,
    type: f.type,
    amountMinor: feeAmount(f, subtotalMinor),
  }));
}
