import { describe, expect, it } from 'vitest';
import { daysOf } from './payment-deadline.tsx';

describe('days to pay as typed', () => {
  it('are a whole number from 1 to 90', () => {
    expect(daysOf('7')).toBe(7);
    expect(daysOf(' 90 ')).toBe(90);
    expect(daysOf('1')).toBe(1);
    for (const bad of ['0', '91', '2.5', '-3', '', 'seven', '100']) expect(daysOf(bad), bad).toBeUndefined();
  });
});
