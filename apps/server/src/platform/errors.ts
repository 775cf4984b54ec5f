import type { FieldViolation, ViolatedRule } from '@vitrine/contract';
import type { z } from 'zod';

/**
 * The one error class. `code` is a stable string clients branch on (the platform's numeric codes
 * are strings too, e.g. "-19995"); `description` is for people; `data` carries specifics.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(description);
  }
}

export class ValidationError extends Error {
  readonly status = 400;
  constructor(
    readonly fieldViolations: FieldViolation[],
    message = 'invalid request',
  ) {
    super(message);
  }
}

export const notFound = (
  what: string,
  data: Record<string, unknown> = {},
  code = `${what.toUpperCase().replace(/\W+/g, '_')}_NOT_FOUND`,
) => new AppError(404, code, `${what} not found`, data);
export const unauthenticated = (description = 'Missing or invalid credentials') =>
  new AppError(401, 'UNAUTHENTICATED', description);
export const forbidden = (description = 'The caller is not allowed to do this') =>
  new AppError(403, 'PERMISSION_DENIED', description);
/** A staff contributor calling a route only owners may call (settings, staff, API keys, OAuth clients). */
export const ownerOnly = () => new AppError(403, 'OWNER_ONLY', "Only the store's owners may do this");
/** A staff session cookie on an unsafe request without the session's `X-CSRF-Token`. */
export const csrfTokenInvalid = () =>
  new AppError(
    403,
    'CSRF_TOKEN_INVALID',
    'This request needs the X-CSRF-Token header of the staff session (GET /staff/v1/me gives it)',
  );
export const conflict = (code: string, description: string, data: Record<string, unknown> = {}) =>
  new AppError(409, code, description, data);
export const violation = (
  field: string,
  description: string,
  violatedRule: ViolatedRule = 'VALIDATION',
  data: Record<string, unknown> = {},
) => new ValidationError([{ field, description, violatedRule, data }]);

export interface Envelope {
  message: string;
  details:
    | { applicationError: { code: string; description: string; data: Record<string, unknown> } }
    | { validationError: { fieldViolations: FieldViolation[] } };
}

export function applicationEnvelope(
  code: string,
  description: string,
  data: Record<string, unknown>,
): Envelope {
  return { message: description, details: { applicationError: { code, description, data } } };
}

export function validationEnvelope(fieldViolations: FieldViolation[], message = 'invalid request'): Envelope {
  return { message, details: { validationError: { fieldViolations } } };
}

const sizeRule = {
  string: ['MIN_LENGTH', 'MAX_LENGTH', 'EXACT_LENGTH'],
  array: ['MIN_SIZE', 'MAX_SIZE', 'EXACT_SIZE'],
  set: ['MIN_SIZE', 'MAX_SIZE', 'EXACT_SIZE'],
} as const;

/** Maps one zod issue to the platform's field violation(s). `prefix` names where the input came from. */
function toViolations(issue: z.core.$ZodIssue, prefix: string[]): FieldViolation[] {
  const field = [...prefix, ...issue.path.map(String)].join('.');
  const base = (
    violatedRule: ViolatedRule,
    data: Record<string, unknown> = {},
    description = issue.message,
  ): FieldViolation => ({ field, description, violatedRule, data });
  switch (issue.code) {
    case 'invalid_type':
      return [
        issue.input === undefined
          ? base('REQUIRED_FIELD', {}, 'is required')
          : base('VALIDATION', { expected: issue.expected }, `must be ${issue.expected}`),
      ];
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const bound = small ? issue.minimum : issue.maximum;
      const rules = sizeRule[issue.origin as keyof typeof sizeRule];
      const threshold = typeof bound === 'bigint' ? String(bound) : bound;
      if (rules) return [base(issue.exact ? rules[2] : rules[small ? 0 : 1], { threshold })];
      return [base(small ? 'MIN' : 'MAX', { threshold })];
    }
    case 'invalid_format':
      return [base('FORMAT', { format: issue.format })];
    case 'invalid_value':
      return [
        base(
          'INVALID_ENUM_VALUE',
          { allowedValues: issue.values.map(String) },
          `must be one of ${issue.values.map(String).join(', ')}`,
        ),
      ];
    case 'unrecognized_keys':
      return issue.keys.map((k) => ({
        field: [field, k].filter(Boolean).join('.'),
        description: 'is not a known field',
        violatedRule: 'FIELD_NOT_ALLOWED' as const,
        data: {},
      }));
    case 'invalid_union': {
      // A union's branches disagreeing: report the branch closest to matching.
      const best = issue.errors.slice().sort((a, b) => a.length - b.length)[0];
      if (best && best.length)
        return best.flatMap((i) => toViolations(i, [...prefix, ...issue.path.map(String)]));
      return [base('ONE_OF_ALIGNMENT')];
    }
    case 'not_multiple_of':
      return [base('VALIDATION', { multipleOf: Number(issue.divisor) })];
    case 'custom': {
      const p = issue.params as { violatedRule?: ViolatedRule; data?: Record<string, unknown> } | undefined;
      return [base(p?.violatedRule ?? 'VALIDATION', p?.data ?? {})];
    }
    default:
      return [base('VALIDATION')];
  }
}

export function zodToValidationError(error: z.ZodError, prefix: string[] = []): ValidationError {
  const violations = error.issues.flatMap((i) => toViolations(i, prefix));
  violations.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  return new ValidationError(violations);
}
