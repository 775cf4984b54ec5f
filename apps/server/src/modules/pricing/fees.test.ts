import { describe, expect, it } from 'vitest';
import { computeFees, feeAmount } from './fees.ts';

describe('fees', () => {
  it('fixed and percentage (half-up) of the subtotal', () => {
    expect(
      computeFees(
        [
          { code: 'h', name: 'Handling', type: 'HANDLING_FEE', amountMinor: 250 },
          { code: 'i', name: 'Insurance', type: 'INSURANCE', percentage: 1.5 },
        ],
        1030,
      ),
    ).toEqual([
      { code: 'h', name: 'Handling', type: 'HANDLING_FEE', amountMinor: 250 },
      { code: 'i', name: 'Insurance', type: 'INSURANCE', amountMinor: 15 },
    ]);
    expect(feeAmount({ code: 'i', name: 'I', type: 'INSURANCE', percentage: 1.5 }, 1100)).toBe(17); // 16.5 → 17
  });
  it('needs exactly one of amount or percentage', () => {
    expect(() => feeAmount({ code: 'x', name: 'X', type: 'HANDLING_FEE' }, 100)).toThrow(RangeError);
    expect(() =>
      feeAmount({ code: 'x', name: 'X', type: 'HANDLING_FEE', amountMinor: 1, percentage: 1 }, 100),
    ).toThrow(RangeError);
  });
});
