/** Words for the API's failures (its envelope: contract conventions §8), for alerts and fields. */
import { errorCode, isVitrineError } from '@vitrine/sdk';

/** Codes whose description is not the clearest thing to show a merchant. */
const messages: Record<string, string> = {
  TOTP_REQUIRED: 'Enter the 6-digit code from your authenticator app.',
  CAPTCHA_REQUIRED: 'Too many failed attempts: complete the robot check below, then sign in again.',
  INVALID_INVITE_TOKEN: 'This invitation is invalid, expired or already used: ask an owner for a new one.',
  INVALID_SETUP_TOKEN:
    'This setup link is invalid, expired or already used. Make a new one with `npm run staff:setup-link`.',
  CSRF_TOKEN_INVALID: 'Your session was refreshed. Please try again.',
  OWNER_ONLY: 'Only an owner of the store can do this.',
  ABANDONED_CHECKOUT_NOT_FOUND: 'There is no such abandoned checkout (it may have been deleted).',
  ABANDONED_CHECKOUT_RECOVERED: 'The shopper completed this order already; there is nothing to recover.',
  RECOVERY_EMAIL_RECENT: 'A recovery e-mail went out less than an hour ago; try again later.',
};

export interface DescribedError {
  /** What to show in the form's alert. */
  message: string;
  /** Field violations by the field's last path segment (`payments.0.amount.amount` → `amount`). */
  fields: Record<string, string>;
  code?: string;
}

export function describeError(e: unknown): DescribedError {
  if (!isVitrineError(e)) return { message: 'Something went wrong. Please try again.', fields: {} };
  const violations = e.details.validationError?.fieldViolations ?? [];
  if (violations.length) {
    const fields = Object.fromEntries(
      violations.map((v) => [v.field.split('.').pop() ?? v.field, v.description]),
    );
    return {
      message: `Please check: ${violations.map((v) => `${v.field} ${v.description}`).join('; ')}.`,
      fields,
    };
  }
  const code = errorCode(e);
  const known = code === undefined ? undefined : messages[String(code)];
  if (e.status === undefined)
    return { message: 'The store could not be reached. Check your connection and try again.', fields: {} };
  const description = e.details.applicationError?.description;
  return {
    message:
      known ?? (description && description !== 'UNKNOWN' ? description : `The request failed (${e.status}).`),
    fields: {},
    ...(code !== undefined ? { code: String(code) } : {}),
  };
}

/** The message alone (for an `<Alert>`); nothing without an error. */
export const errorMessage = (e: unknown): string | undefined => (e ? describeError(e).message : undefined);
