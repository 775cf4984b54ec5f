import { AppError } from '../../platform/errors.ts';

/**
 * The identity module's application errors. The numeric strings are what the SDK's
 * `OAuthStrategy` compares against (contract oauth-identity.md §4); the symbolic name the type
 * declarations use rides along in `data.reason`.
 */
export const missingCaptcha = () =>
  new AppError(400, '-19971', 'A captcha is required: solve it and try again', {
    reason: 'MISSING_CAPTCHA_TOKEN',
  });
export const invalidCaptcha = () =>
  new AppError(400, '-19970', 'The captcha is invalid or was already used', {
    reason: 'INVALID_CAPTCHA_TOKEN',
  });
export const emailExists = () =>
  new AppError(409, '-19995', 'Email already exists', { reason: 'DUPLICATE_EMAIL' });
/**
 * Wrong password and unknown e-mail alike: the answer never tells whether an account exists.
 * `triesLeft` (throttle.ts) rides along in `data`.
 */
export const invalidCredentials = (triesLeft: object = {}) =>
  new AppError(400, '-19976', 'Wrong e-mail or password', { reason: 'INVALID_PASSWORD', ...triesLeft });
export const resetRequired = () =>
  new AppError(400, '-19973', 'The password must be reset before signing in', {
    reason: 'RESET_PASSWORD_REQUIRED',
  });
export const accountLocked = (until: Date) =>
  new AppError(429, 'ACCOUNT_LOCKED', 'Too many failed attempts: this account is locked for a while', {
    lockedUntil: until.toISOString(),
  });
export const identityBlocked = () => new AppError(403, 'IDENTITY_BLOCKED', 'This account is blocked');
export const identityNotActive = (status: string) =>
  new AppError(409, 'IDENTITY_NOT_ACTIVE', 'This account cannot sign in now', { status });
/** A code step that failed: `reason` is BAD_CODE (wrong code), NOT_FOUND (no live step or code) or SEND_CODE_ERROR. */
export const verificationFailed = (
  reason: 'BAD_CODE' | 'NOT_FOUND' | 'SEND_CODE_ERROR',
  data: Record<string, unknown> = {},
) =>
  new AppError(
    400,
    'VERIFICATION_FAILED',
    reason === 'BAD_CODE'
      ? 'The code is wrong'
      : reason === 'NOT_FOUND'
        ? 'The code or step has expired or is unknown; start again'
        : 'No more codes can be sent for this step',
    { reason, ...data },
  );
export const invalidRecoveryToken = () =>
  new AppError(
    400,
    'INVALID_RECOVERY_TOKEN',
    'The link is invalid, expired or already used; ask for a new one',
  );
export const unsupportedFactor = (factorType: string) =>
  new AppError(400, 'UNSUPPORTED_FACTOR', `The ${factorType} factor is not available`, { factorType });
export const ssoNotConfigured = () =>
  new AppError(
    501,
    'SSO_NOT_CONFIGURED',
    'Single sign-on with an external identity provider is not configured on this store',
  );
/** A member's session that is not live (ended, expired) or not theirs: the same answer either way. */
export const sessionNotFound = (sessionId: string) =>
  new AppError(404, 'SESSION_NOT_FOUND', 'No such session: it has ended, or it is not yours', { sessionId });
