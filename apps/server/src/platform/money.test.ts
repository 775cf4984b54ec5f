import { describe, expect, it } from 'vitest';
import { formatMinor, fromMinor, multiCurrencyPrice, toMinor } from './money.ts';

describe('money', () => {
  it('converts decimal strings to minor units and back, per currency exponent', () => {
    expect(toMinor('25.5', 'USD')).toBe(2550);
    expect(toMinor('0.07', 'EUR')).toBe(7);
    expect(toMinor('1200', 'JPY')).toBe(1200);
    expect(toMinor('1.234', 'KWD')).toBe(1234);
    expect(fromMinor(2550, 'USD')).toBe('25.50');
    expect(fromMinor(5, 'USD')).toBe('0.05');
    expect(fromMinor(-105, 'USD')).toBe('-1.05');
    expect(fromMinor(1200, 'JPY')).toBe('1200');
  });

  it('refuses more decimals than the currency has, and non-numbers', () => {
    expect(() => toMinor('1.005', 'USD')).toThrow(RangeError);
    expect(() => toMinor('1.5', 'JPY')).toThrow(RangeError);
    expect(() => toMinor('abc', 'USD')).toThrow(RangeError);
    expect(() => toMinor('1e3', 'USD')).toThrow(RangeError);
  });

  it('formats as the wire price objects', () => {
    expect(formatMinor(123456, 'USD')).toBe('$1,234.56');
    expect(multiCurrencyPrice(1000, 'USD')).toEqual({
      amount: '10.00',
      formattedAmount: '$10.00',
      convertedAmount: '10.00',
      formattedConvertedAmount: '$10.00',
    });
  });
});
