import type { StaffEnrolmentResponse } from '@vitrine/contract';
import { AppError } from '../../platform/errors.ts';

/** The staff module's application errors (README, "Errors"). */
export const invalidCredentials = (reason: 'WRONG_PASSWORD' | 'WRONG_CODE' = 'WRONG_PASSWORD') =>
  new AppError(
    401,
    'INVALID_CREDENTIALS',
    reason === 'WRONG_CODE' ? 'The authenticator code is wrong' : 'Wrong e-mail or password',
    { reason },
  );
export const totpRequired = () =>
  new AppError(428, 'TOTP_REQUIRED', 'Enter the code of your authenticator app', {});
export const totpEnrolmentRequired = (enrolment: StaffEnrolmentResponse) =>
  new AppError(
    428,
    'TOTP_ENROLMENT_REQUIRED',
    'Owners sign in with an authenticator app: add this account to one and confirm its code',
    { ...enrolment },
  );
export const captchaRequired = () =>
  new AppError(400, 'CAPTCHA_REQUIRED', 'Too many failed sign-ins: solve the captcha and try again', {
    challengeUrl: '/_api/iam/captcha/v1/challenge',
  });
export const captchaInvalid = () =>
  new AppError(400, 'CAPTCHA_INVALID', 'The captcha is invalid or was already used', {
    challengeUrl: '/_api/iam/captcha/v1/challenge',
  });
export const invalidLink = (kind: 'SETUP' | 'INVITE' | 'ENROLMENT') =>
  new AppError(
    400,
    `INVALID_${kind}_TOKEN`,
    kind === 'SETUP'
      ? 'The set-up link is invalid, expired or already used: make a new one with `npm run staff:setup-link`'
      : kind === 'INVITE'
        ? 'The invitation is invalid, expired or already used: ask an owner for a new one'
        : 'The authenticator set-up has expired or is unknown: start again',
  );
export const invalidTotpCode = (attemptsLeft: number) =>
  new AppError(400, 'INVALID_TOTP_CODE', 'The authenticator code is wrong', { attemptsLeft });
export const staffExists = (email: string) =>
  new AppError(409, 'STAFF_EXISTS', 'Someone on the staff already has this e-mail address', { email });
export const lastOwner = () =>
  new AppError(409, 'LAST_OWNER', 'The store must keep at least one owner who can sign in');
export const staffSessionRequired = () =>
  new AppError(403, 'STAFF_SESSION_REQUIRED', 'Only a staff session (the dashboard cookie) can do this');
/** Not one of the caller's live sessions (ended, expired, or another's): the same answer either way. */
export const staffSessionNotFound = (sessionId: string) =>
  new AppError(404, 'STAFF_SESSION_NOT_FOUND', 'No such session: it has ended, or it is not yours', {
    sessionId,
  });
