/**
 * What the sign-in and sign-up forms say, one wording for the hosted pages and the storefront: the
 * blocked account, the checks made before a form is sent (every field at once), and what the server
 * says about the tries left (identity README, "Throttling").
 */

/** A member the store blocked: at sign-in, and on the next page of a session the block ended. */
export const BLOCKED_ACCOUNT_WORDS =
  'This account was blocked by the store. Contact the store if you think this is a mistake.';

/** Above a form whose fields have errors beside them. */
export const CHECK_FIELDS_WORDS = 'Please check the highlighted fields.';

/** The password rule the server checks first (identity `PASSWORD_MIN_LENGTH`). */
export const PASSWORD_MIN_LENGTH = 8;

export type AuthField = 'email' | 'password';
export type AuthFieldErrors = Partial<Record<AuthField, string>>;

/**
 * What is wrong with a sign-in (`newPassword: false`) or sign-up form before it is sent, every field
 * at once. Only what is sure: the e-mail's format and the password's other rules are the server's.
 */
export function authFormProblems(form: FormData, o: { newPassword?: boolean } = {}): AuthFieldErrors {
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const problems: AuthFieldErrors = {};
  if (!email) problems.email = 'Enter your e-mail address.';
  if (!password) problems.password = o.newPassword ? 'Choose a password.' : 'Enter your password.';
  else if (o.newPassword && [...password].length < PASSWORD_MIN_LENGTH)
    problems.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  return problems;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a wrong password's answer (-19976) says about the tries left: `attemptsLeft` before sign-in
 * to the account is paused at this address (said when 10 or fewer remain), `attemptsBeforeCaptcha`
 * before the robot check. Neither depends on whether the account exists.
 */
export function triesLeftWords(data: Record<string, unknown> | undefined): string | undefined {
  const left = Number(data?.attemptsLeft);
  if (Number.isInteger(left) && left >= 0 && left <= 10)
    return left === 0
      ? 'Signing in to this account from here is now paused for an hour.'
      : `${count(left, 'try', 'tries')} left before signing in to this account from here is paused for an hour.`;
  const beforeCaptcha = Number(data?.attemptsBeforeCaptcha);
  if (!Number.isInteger(beforeCaptcha) || beforeCaptcha < 0) return undefined;
  return beforeCaptcha === 0
    ? 'Next time, you will be asked to show you are not a robot.'
    : `You can try ${count(beforeCaptcha, 'more time', 'more times')} before you are asked to show you are not a robot.`;
}

/** A sign-in paused at this address (ACCOUNT_LOCKED, `data.lockedUntil`): when it may try again. */
export function lockedWords(data: Record<string, unknown> | undefined): string {
  const until = new Date(String(data?.lockedUntil ?? ''));
  const when = Number.isNaN(until.getTime())
    ? 'later'
    : `after ${until.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}`;
  return `Too many tries. You can try again ${when}, or reset your password with “Forgot password”.`;
}
