import type { RecoveryLinkStatus, StateMachineResponse } from '@vitrine/contract';
import { createHttpClient, errorCode, isVitrineError } from '@vitrine/sdk';
import {
  BLOCKED_ACCOUNT_WORDS,
  CHECK_FIELDS_WORDS,
  fieldSentence,
  lockedWords,
  triesLeftWords,
} from '@vitrine/ui';

/** The hosted pages talk to the server that serves them. */
const http = createHttpClient({ baseUrl: window.location.origin });

export type { RecoveryLinkStatus, StateMachineResponse };

export type CaptchaTokens = { NoCaptcha: string }[];
const withCaptcha = (captcha?: string) => (captcha ? { captchaTokens: [{ NoCaptcha: captcha }] } : {});

export const api = {
  login: (email: string, password: string, captcha?: string) =>
    http.request<StateMachineResponse>({
      method: 'POST',
      path: '/_api/iam/authentication/v2/login',
      body: { loginId: { email }, password, ...withCaptcha(captcha) },
    }),
  register: (
    email: string,
    password: string,
    profile: { firstName?: string; lastName?: string },
    captcha?: string,
  ) =>
    http.request<StateMachineResponse>({
      method: 'POST',
      path: '/_api/iam/authentication/v2/register',
      body: { loginId: { email }, password, profile, ...withCaptcha(captcha) },
    }),
  verifyEmailCode: (code: string, stateToken: string) =>
    http.request<StateMachineResponse>({
      method: 'POST',
      path: '/_api/iam/verification/v1/auth/verify',
      body: { code, stateToken },
    }),
  resendEmailCode: (stateToken: string) =>
    http.request<StateMachineResponse>({
      method: 'POST',
      path: '/_api/iam/verification/v1/auth/resend',
      body: { stateToken },
    }),
  verifyTotp: (code: string, stateToken: string) =>
    http.request<StateMachineResponse>({
      method: 'POST',
      path: '/_api/iam/authentication/v2/TOTP/verify',
      body: { factorType: 'TOTP', stateToken, totpData: { code } },
    }),
  sendRecoveryEmail: (email: string, redirect?: { url: string; clientId?: string }) =>
    http.request<object>({
      method: 'POST',
      path: '/_api/iam/recovery/v1/send-email',
      body: { email, ...(redirect ? { redirect } : {}) },
    }),
  /** Vitrine's own: what became of a reset link (asked before the form is shown), without spending it. */
  recoveryLinkStatus: (recoveryToken: string) =>
    http.request<{ status: RecoveryLinkStatus }>({
      method: 'POST',
      path: '/_api/iam/recovery/v1/link-status',
      body: { recoveryToken },
    }),
  /** Vitrine's own: a new link, to the address an expired or used one was sent to. */
  resendRecoveryEmail: (recoveryToken: string, redirect?: { url: string; clientId?: string }) =>
    http.request<object>({
      method: 'POST',
      path: '/_api/iam/recovery/v1/resend-email',
      body: { recoveryToken, ...(redirect ? { redirect } : {}) },
    }),
  recover: (recoveryToken: string, password: string) =>
    http.request<StateMachineResponse>({
      method: 'POST',
      path: '/_api/iam/recovery/v1/recover',
      body: { recoveryToken, password },
    }),
  captchaChallenge: () =>
    http.request<Record<string, unknown>>({ method: 'GET', path: '/_api/iam/captcha/v1/challenge' }),
  /**
   * Signs this browser in to the hosted pages (the cookie) when no app asked for the sign-in;
   * `redirectUrl`: the `postFlowUrl`, when it is a front end of its own (another allowed origin).
   */
  openBrowserSession: (sessionToken: string, postFlowUrl: string | null) =>
    http.request<{ redirectUrl?: string }>({
      method: 'POST',
      path: '/oauth2/session',
      body: { sessionToken, ...(postFlowUrl ? { postFlowUrl } : {}) },
    }),
  /** Finishes an authorize request with a fresh session token: where to send the browser next. */
  completeAuthorize: (authRequest: Record<string, string>, sessionToken: string) =>
    http.request<{ redirectUrl?: string }>({
      method: 'POST',
      path: '/oauth2/authorize/complete',
      body: { ...authRequest, sessionToken },
    }),
};

/** Words for people, keyed by the platform's error codes (contract oauth-identity.md §4). */
const messages: Record<string, string> = {
  '-19976': 'That e-mail and password do not match.',
  '-19995': 'An account with this e-mail already exists. Sign in instead?',
  '-19971': 'Please confirm you are not a robot, then try again.',
  '-19970': 'The robot check did not pass. Please try it again.',
  '-19973': 'Your password must be reset before you can sign in. Use “Forgot password”.',
  IDENTITY_BLOCKED: BLOCKED_ACCOUNT_WORDS,
};

/**
 * A failed call in words: `message` for the page, `fields` beside the form's fields (the last part
 * of the violation's field: `loginId.email` is `email`), `hint` the tries left after a wrong password.
 */
export function describeError(e: unknown): {
  code?: string;
  message: string;
  fields: Record<string, string>;
  hint?: string;
} {
  if (!isVitrineError(e)) return { message: 'Something went wrong. Please try again.', fields: {} };
  const code = errorCode(e);
  const violations = e.details.validationError?.fieldViolations ?? [];
  const fields = Object.fromEntries(
    violations.map((v) => [v.field.split('.').pop() ?? v.field, fieldSentence(v)]),
  );
  if (violations.length) return { message: CHECK_FIELDS_WORDS, fields };
  const app = e.details.applicationError;
  const hint = String(code) === '-19976' ? triesLeftWords(app?.data) : undefined;
  return {
    code: code === undefined ? undefined : String(code),
    message:
      String(code) === 'ACCOUNT_LOCKED'
        ? lockedWords(app?.data)
        : (messages[String(code)] ?? app?.description ?? 'Something went wrong. Please try again.'),
    fields,
    ...(hint ? { hint } : {}),
  };
}
