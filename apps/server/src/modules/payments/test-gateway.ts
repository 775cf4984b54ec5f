import type { FieldViolation } from '@vitrine/contract';
import { ValidationError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { AuthorizeOutcome, CardInput, CardSummary, GatewayOutcome, PaymentProvider } from './gateway.ts';

/** Card numbers with a fixed answer; any other valid number is approved. */
export const TEST_CARDS = {
  APPROVE: '4242424242424242',
  DECLINE: '4000000000000002',
  INSUFFICIENT_FUNDS: '4000000000009995',
} as const;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'DISCOVER';
  return 'UNKNOWN';
}

/**
 * Checks a card as a real gateway would before talking to the issuer: digits and Luhn checksum,
 * expiry not in the past (the card is valid through the end of its month), CVC of the brand's length.
 * Returns the normalised digits; throws a ValidationError with one violation per bad field.
 */
export function validateCard(card: CardInput, now: Date, prefix = 'card'): string {
  const v: FieldViolation[] = [];
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) {
    v.push({
      field: `${prefix}.number`,
      description: 'must be 12 to 19 digits',
      violatedRule: 'FORMAT',
      data: {},
    });
  } else if (!luhnValid(digits)) {
    v.push({
      field: `${prefix}.number`,
      description: 'is not a valid card number',
      violatedRule: 'VALIDATION',
      data: { ruleName: 'LUHN' },
    });
  }
  const monthOk = Number.isInteger(card.expMonth) && card.expMonth >= 1 && card.expMonth <= 12;
  if (!monthOk)
    v.push({
      field: `${prefix}.expMonth`,
      description: 'must be 1 to 12',
      violatedRule: card.expMonth < 1 ? 'MIN' : 'MAX',
      data: { threshold: card.expMonth < 1 ? 1 : 12 },
    });
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(card.expYear) || year < 2000 || year > now.getUTCFullYear() + 50) {
    v.push({
      field: `${prefix}.expYear`,
      description: 'is not a valid year',
      violatedRule: 'VALIDATION',
      data: {},
    });
  } else if (
    monthOk &&
    (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1))
  ) {
    v.push({
      field: `${prefix}.expYear`,
      description: 'the card has expired',
      violatedRule: 'VALIDATION',
      data: { ruleName: 'CARD_EXPIRED' },
    });
  }
  const cvcLength = cardBrand(digits) === 'AMEX' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    v.push({
      field: `${prefix}.cvc`,
      description: `must be ${cvcLength} digits`,
      violatedRule: 'EXACT_LENGTH',
      data: { threshold: cvcLength },
    });
  }
  if (!card.holderName.trim())
    v.push({
      field: `${prefix}.holderName`,
      description: 'is required',
      violatedRule: 'REQUIRED_FIELD',
      data: {},
    });
  if (v.length)
    throw new ValidationError(v.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0)));
  return digits;
}

const approved = (): GatewayOutcome => ({ outcome: 'APPROVED', transactionId: `gt-${newId()}` });

/**
 * The built-in test gateway: no network, no state of its own (the payments module keeps the
 * transactions). Only the card's last four digits and brand leave `authorize`.
 */
export const testGateway: PaymentProvider = {
  paymentMethod: 'CreditCard',
  repeatable: true,
  async authorize({ card, now }): Promise<AuthorizeOutcome> {
    const digits = validateCard(card, now);
    const summary: CardSummary = { lastFourDigits: digits.slice(-4), brand: cardBrand(digits) };
    if (digits === TEST_CARDS.DECLINE)
      return {
        outcome: 'DECLINED',
        reasonCode: 'CARD_DECLINED',
        description: 'The card was declined',
        card: summary,
      };
    if (digits === TEST_CARDS.INSUFFICIENT_FUNDS) {
      return {
        outcome: 'FAILED',
        reasonCode: 'INSUFFICIENT_FUNDS',
        description: 'The card has insufficient funds',
        card: summary,
      };
    }
    return { outcome: 'APPROVED', transactionId: `gt-${newId()}`, card: summary };
  },
  async capture() {
    return approved();
  },
  async void() {
    return approved();
  },
  async refund() {
    return approved();
  },
};
