import { describe, expect, it } from 'vitest';
import { formatMinor, fromMinor, multiCurrencyPrice, thresholdMinor, toMinor } from './money.ts';

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

  it('rounds a threshold inward past the currency decimals, up to 4, and orders thresholds as given', () => {
    expect(thresholdMinor('49.999', 'USD', 'up')).toEqual({
      minor: 5000,
      exact: 499_990n,
      extraDecimals: true,
    });
    expect(thresholdMinor('49.999', 'USD', 'down').minor).toBe(4999);
    expect(thresholdMinor('49.9900', 'USD', 'up')).toEqual({
      minor: 4999,
      exact: 499_900n,
      extraDecimals: false,
    });
    expect(thresholdMinor('100.5', 'JPY', 'up').minor).toBe(101);
    expect(thresholdMinor('100.5', 'JPY', 'down').minor).toBe(100);
    expect(thresholdMinor('1.2345', 'KWD', 'up').minor).toBe(1235);
    expect(thresholdMinor('7', 'USD', 'up')).toEqual({ minor: 700, exact: 70_000n, extraDecimals: false });
    for (const bad of ['1.00001', '-1', 'abc', '1e3', ''])
      expect(() => thresholdMinor(bad, 'USD', 'up'), bad).toThrow(RangeError);
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
