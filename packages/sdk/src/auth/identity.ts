/**
 * Register, login, e-mail verification and password-reset calls, with their answers mapped
 * to login states exactly as contract oauth-identity.md §4 (spec §4 login state, §8).
 */
import type { StateMachineResponse } from '@vitrine/contract';
import { isVitrineError } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import type {
  CaptchaTokens,
  LoginErrorCode,
  LoginParams,
  RegisterParams,
  StateMachineResult,
} from './types.ts';

export const IDENTITY_PATHS = {
  register: '/_api/iam/authentication/v2/register',
  login: '/_api/iam/authentication/v2/login',
  verify: '/_api/iam/verification/v1/auth/verify',
  sendRecoveryEmail: '/_api/iam/recovery/v1/send-email',
} as const;

const UNKNOWN_STATE: StateMachineResult = { loginState: 'FAILURE', error: 'Unknown _state' };

/**
 * SUCCESS / REQUIRE_EMAIL_VERIFICATION / REQUIRE_OWNER_APPROVAL, and STATUS_CHECK for a TOTP code;
 * anything else is 'Unknown _state'.
 */
export function mapStateMachine(
  answer: Pick<StateMachineResponse, 'state' | 'sessionToken' | 'stateToken'> & {
    additionalData?: Record<string, unknown> | null;
  },
): StateMachineResult {
  switch (answer.state) {
    case 'SUCCESS':
      return { loginState: 'SUCCESS', data: { sessionToken: answer.sessionToken ?? '' } };
    case 'REQUIRE_EMAIL_VERIFICATION':
      return { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: answer.stateToken ?? '' } };
    case 'REQUIRE_OWNER_APPROVAL':
      return { loginState: 'OWNER_APPROVAL_REQUIRED' };
    case 'STATUS_CHECK':
      return answer.additionalData?.factorType === 'TOTP' && answer.stateToken
        ? { loginState: 'SECOND_FACTOR_REQUIRED', data: { stateToken: answer.stateToken } }
        : UNKNOWN_STATE;
    default:
      return UNKNOWN_STATE;
  }
}

/** `captchaTokens` items with the wire's capitalised keys; undefined when none was given. */
export function captchaTokensBody(t: CaptchaTokens | undefined): object[] | undefined {
  if (!t) return undefined;
  const items = [
    t.invisibleRecaptchaToken ? { InvisibleRecaptcha: t.invisibleRecaptchaToken } : undefined,
    t.recaptchaToken ? { Recaptcha: t.recaptchaToken } : undefined,
    t.noCaptchaToken ? { NoCaptcha: t.noCaptchaToken } : undefined,
  ].filter((x): x is NonNullable<typeof x> => x !== undefined);
  return items.length > 0 ? items : undefined;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const failure = (e: unknown, errorCode?: LoginErrorCode): StateMachineResult =>
  errorCode
    ? { loginState: 'FAILURE', error: messageOf(e), errorCode }
    : { loginState: 'FAILURE', error: messageOf(e) };
/** The application error code as a string (codes are compared as strings, contract §4). */
const codeOf = (e: unknown): string | undefined => {
  const code = isVitrineError(e) ? e.details.applicationError?.code : undefined;
  return code === undefined ? undefined : String(code);
};

const REGISTER_CODES: Record<string, LoginErrorCode> = {
  '-19971': 'missingCaptchaToken',
  '-19995': 'emailAlreadyExists',
  '-19970': 'invalidCaptchaToken',
};

const LOGIN_CODES: Record<string, LoginErrorCode> = {
  '-19971': 'missingCaptchaToken',
  '-19970': 'invalidCaptchaToken',
  '-19976': 'invalidPassword',
  '-19973': 'resetPassword',
};

/** Register errors: an EMAIL-type violation, three known codes, else the message alone. */
export function mapRegisterError(e: unknown): StateMachineResult {
  if (isVitrineError(e)) {
    const violations = e.details.validationError?.fieldViolations ?? [];
    // `data` may be missing on a non-conforming server; treated as "not an EMAIL violation".
    const email = violations.find((v) => (v.data as { type?: unknown } | undefined)?.type === 'EMAIL');
    if (email) return { loginState: 'FAILURE', error: email.description, errorCode: 'invalidEmail' };
  }
  const code = codeOf(e);
  return failure(e, code === undefined ? undefined : REGISTER_CODES[code]);
}

/** Login errors: four known codes; any other failure (validation included) is invalidEmail. */
export function mapLoginError(e: unknown): StateMachineResult {
  const code = codeOf(e);
  return failure(e, (code === undefined ? undefined : LOGIN_CODES[code]) ?? 'invalidEmail');
}

export async function register(http: HttpClient, p: RegisterParams): Promise<StateMachineResult> {
  const body = {
    loginId: { email: p.email },
    password: p.password,
    profile: p.profile,
    captchaTokens: captchaTokensBody(p.captchaTokens),
  };
  try {
    return mapStateMachine(
      await http.request<StateMachineResponse>({ method: 'POST', path: IDENTITY_PATHS.register, body }),
    );
  } catch (e) {
    return mapRegisterError(e);
  }
}

export async function login(http: HttpClient, p: LoginParams): Promise<StateMachineResult> {
  const body = {
    loginId: { email: p.email },
    password: p.password,
    captchaTokens: captchaTokensBody(p.captchaTokens),
  };
  try {
    return mapStateMachine(
      await http.request<StateMachineResponse>({ method: 'POST', path: IDENTITY_PATHS.login, body }),
    );
  } catch (e) {
    return mapLoginError(e);
  }
}

/**
 * Posts the code with the state token of an EMAIL_VERIFICATION_REQUIRED or SECOND_FACTOR_REQUIRED
 * state (the server tells an e-mail code, an authenticator code and a recovery code apart); any
 * other state gives 'Unknown _state' without a call. A failed call is a FAILURE carrying the error
 * message.
 */
export async function verify(
  http: HttpClient,
  state: StateMachineResult | undefined,
  verificationCode: string,
): Promise<StateMachineResult> {
  if (state?.loginState !== 'EMAIL_VERIFICATION_REQUIRED' && state?.loginState !== 'SECOND_FACTOR_REQUIRED')
    return UNKNOWN_STATE;
  const body = { code: verificationCode, stateToken: state.data.stateToken };
  try {
    return mapStateMachine(
      await http.request<StateMachineResponse>({ method: 'POST', path: IDENTITY_PATHS.verify, body }),
    );
  } catch (e) {
    return failure(e);
  }
}

export async function sendRecoveryEmail(
  http: HttpClient,
  clientId: string,
  email: string,
  redirectUri: string,
): Promise<void> {
  const body = { email, redirect: { url: redirectUri, clientId } };
  await http.request<object>({ method: 'POST', path: IDENTITY_PATHS.sendRecoveryEmail, body });
}
