import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../platform/errors.ts';
import { cardBrand, luhnValid, testGateway, validateCard } from './test-gateway.ts';

const now = new Date('2026-11-21T12:00:00Z');
const card = (
  o: Partial<{ number: string; expMonth: number; expYear: number; cvc: string; holderName: string }> = {},
) => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  holderName: 'Ada Lovelace',
  ...o,
});
const fieldsOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e.fieldViolations.map((v) => `${v.field}:${v.violatedRule}`);
    throw e;
  }
  return [];
};

describe('test gateway', () => {
  it('checks Luhn and names brands', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('VISA');
    expect(cardBrand('5555555555554444')).toBe('MASTERCARD');
    expect(cardBrand('378282246310005')).toBe('AMEX');
  });

  it('validates number, expiry and CVC as field violations', () => {
    expect(fieldsOf(() => validateCard(card(), now))).toEqual([]);
    expect(fieldsOf(() => validateCard(card({ number: '4242424242424241' }), now))).toEqual([
      'card.number:VALIDATION',
    ]);
    expect(fieldsOf(() => validateCard(card({ number: '42x' }), now))).toEqual(['card.number:FORMAT']);
    expect(fieldsOf(() => validateCard(card({ expMonth: 13 }), now))).toEqual(['card.expMonth:MAX']);
    expect(fieldsOf(() => validateCard(card({ expMonth: 10, expYear: 2026 }), now))).toEqual([
      'card.expYear:VALIDATION',
    ]);
    expect(fieldsOf(() => validateCard(card({ expMonth: 11, expYear: 2026 }), now))).toEqual([]);
    expect(fieldsOf(() => validateCard(card({ cvc: '12' }), now))).toEqual(['card.cvc:EXACT_LENGTH']);
    expect(fieldsOf(() => validateCard(card({ number: '378282246310005', cvc: '123' }), now))).toEqual([
      'card.cvc:EXACT_LENGTH',
    ]);
  });

  it('approves 4242…, declines 4000…0002 and fails 4000…9995; only last four and brand come back', async () => {
    const ok = await testGateway.authorize({
      amountMinor: 100,
      currency: 'USD',
      card: card(),
      capture: true,
      reference: 'pg-1',
      now,
    });
    expect(ok).toMatchObject({ outcome: 'APPROVED', card: { lastFourDigits: '4242', brand: 'VISA' } });
    expect(JSON.stringify(ok)).not.toContain('4242424242424242');
    const declined = await testGateway.authorize({
      amountMinor: 100,
      currency: 'USD',
      card: card({ number: '4000 0000 0000 0002' }),
      capture: true,
      reference: 'pg-1',
      now,
    });
    expect(declined).toMatchObject({
      outcome: 'DECLINED',
      reasonCode: 'CARD_DECLINED',
      card: { lastFourDigits: '0002' },
    });
    const poor = await testGateway.authorize({
      amountMinor: 100,
      currency: 'USD',
      card: card({ number: '4000000000009995' }),
      capture: true,
      reference: 'pg-1',
      now,
    });
    expect(poor).toMatchObject({ outcome: 'FAILED', reasonCode: 'INSUFFICIENT_FUNDS' });
  });
});
