import { z } from 'zod';

/** Every `violatedRule` the platform's validation errors use (contract/conventions.md §8, spec §5). */
export const violatedRules = [
  'VALIDATION',
  'OTHER',
  'MAX',
  'MIN',
  'MAX_LENGTH',
  'MIN_LENGTH',
  'MAX_SIZE',
  'MIN_SIZE',
  'FORMAT',
  'DECIMAL_LTE',
  'DECIMAL_GTE',
  'DECIMAL_LT',
  'DECIMAL_GT',
  'DECIMAL_MAX_SCALE',
  'INVALID_ENUM_VALUE',
  'REQUIRED_FIELD',
  'FIELD_NOT_ALLOWED',
  'ONE_OF_ALIGNMENT',
  'EXACT_LENGTH',
  'EXACT_SIZE',
  'REQUIRED_ONE_OF_FIELD',
] as const;
export type ViolatedRule = (typeof violatedRules)[number];

export const fieldViolation = z.object({
  field: z.string(),
  description: z.string(),
  violatedRule: z.enum(violatedRules),
  ruleName: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
});
export type FieldViolation = z.infer<typeof fieldViolation>;

export const applicationError = z.object({
  code: z.string(),
  description: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type ApplicationError = z.infer<typeof applicationError>;

/** The error envelope every non-200 answer carries. */
export const errorEnvelope = z.object({
  message: z.string(),
  details: z.union([
    z.object({ applicationError }),
    z.object({ validationError: z.object({ fieldViolations: z.array(fieldViolation) }) }),
  ]),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/**
 * A refinement that reports a specific `violatedRule` (for rules zod has no issue kind for:
 * decimal bounds, REQUIRED_ONE_OF_FIELD, ...). The server's zod→envelope mapping reads `params`.
 */
export function ruleParams(violatedRule: ViolatedRule, data: Record<string, unknown> = {}) {
  return { params: { violatedRule, data } };
}
