/**
 * Shipping regions as a form writes them: destinations as lines ("US", "CA: ON, QC"), rate
 * brackets as lines ("1 = 12.99", "* = 29.99"). Parsed here, with the problems per field.
 */
import type { WireShippingRule } from '@vitrine/contract';

/** `US` or `CA: ON, QC` per line → destinations; errors name the line. */
export function parseDestinations(text: string): {
  value: { country: string; subdivisions?: string[] }[];
  error?: string;
} {
  const value: { country: string; subdivisions?: string[] }[] = [];
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (!lines.length) return { value, error: 'Name at least one country.' };
  for (const line of lines) {
    const [countryPart = '', subs] = line.split(':');
    const country = countryPart.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(country))
      return { value, error: `“${line}”: start with a two-letter country code, such as US.` };
    const subdivisions = (subs ?? '')
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
    if (subdivisions.some((s) => !/^([A-Z]{2}-)?[A-Z0-9]{1,3}$/.test(s)))
      return { value, error: `“${line}”: subdivisions are codes such as NY or US-NY, separated by commas.` };
    value.push(subdivisions.length ? { country, subdivisions } : { country });
  }
  return { value };
}

export const destinationsText = (d: { country: string; subdivisions: string[] }[]) =>
  d
    .map((x) =>
      x.subdivisions.length
        ? `${x.country}: ${x.subdivisions.map((s) => s.replace(`${x.country}-`, '')).join(', ')}`
        : x.country,
    )
    .join('\n');

export type RuleType = WireShippingRule['type'];
export const RULE_TYPES: [RuleType, string][] = [
  ['FLAT', 'One price'],
  ['BY_WEIGHT', 'By weight'],
  ['BY_PRICE', 'By order value'],
  ['BY_QUANTITY', 'By number of items'],
];

const DECIMAL = /^\d{1,12}(\.\d{1,4})?$/;

/** `5 = 19.99` per line, the last may be `* = 29.99` (everything above). */
export function parseBrackets(text: string, type: Exclude<RuleType, 'FLAT'>) {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const brackets: { upTo?: string | number; cost: string }[] = [];
  if (!lines.length) return { brackets, error: 'Add at least one line, such as “* = 9.99”.' };
  for (const [i, line] of lines.entries()) {
    const m = /^(\*|[\d.]+)\s*=\s*([\d.]+)$/.exec(line);
    if (!m || !DECIMAL.test(m[2]!))
      return { brackets, error: `“${line}”: write “up to = cost”, such as “5 = 19.99”.` };
    const last = i === lines.length - 1;
    if (m[1] === '*') {
      if (!last) return { brackets, error: '“* = …” (everything above) can only be the last line.' };
      brackets.push({ cost: m[2]! });
      continue;
    }
    const bound = type === 'BY_QUANTITY' ? Number(m[1]) : m[1]!;
    if (type === 'BY_QUANTITY' ? !Number.isInteger(bound) || (bound as number) < 1 : !DECIMAL.test(m[1]!))
      return {
        brackets,
        error: `“${line}”: ${type === 'BY_QUANTITY' ? 'a whole number of items' : 'a number'} before “=”.`,
      };
    brackets.push({ upTo: bound, cost: m[2]! });
  }
  return { brackets };
}

export const bracketsText = (rule: WireShippingRule) =>
  rule.type === 'FLAT' ? '' : rule.brackets.map((b) => `${b.upTo ?? '*'} = ${b.cost}`).join('\n');

/** "$5.99", "by weight: 3 brackets". */
export const ruleSummary = (rule: WireShippingRule, money: (a: string) => string) =>
  rule.type === 'FLAT'
    ? money(rule.cost)
    : `${RULE_TYPES.find(([t]) => t === rule.type)?.[1].toLowerCase()}, from ${money(rule.brackets[0]?.cost ?? '0')}`;
