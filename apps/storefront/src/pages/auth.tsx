import { useQueryClient } from '@tanstack/react-query';
import type { StateMachineResult } from '@vitrine/sdk';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  authFormProblems,
  BLOCKED_ACCOUNT_WORDS,
  Button,
  CHECK_FIELDS_WORDS,
  CredentialFields,
  Field,
  linkClass,
  Loading,
  lockedWords,
  triesLeftWords,
  useFocusFirstInvalid,
  type AuthFieldErrors,
} from '@vitrine/ui';
import { Card, useForm, type Outcome } from '../components/auth-card.tsx';
import { CodeField } from '../components/code-field.tsx';
import { useEnv, useHydrated, useLoggedIn } from '../env.tsx';
import { sentence } from '../errors.ts';
import { auth, finishDirectLogin, finishHostedLogin, safePath, startHostedLogin } from '../session.ts';
import { leaveNotice, Notice } from '../notice.tsx';
import { ResetPassword } from './password-reset.tsx';

const PENDING = 'vitrine.shop.verification';
/** The state token of a sign-in waiting for its second step: a reload of the page goes on with it. */
const SECOND_STEP = 'vitrine.shop.second-step';

const LOGIN_MESSAGES: Record<string, string> = {
  invalidPassword: 'That e-mail and password do not match.',
  invalidEmail: 'That e-mail and password do not match.',
  resetPassword: 'Your password must be reset before you can sign in. Use “Forgot password”.',
  missingCaptchaToken:
    'For your security, please continue with the hosted sign-in page, which can check you are not a robot.',
  invalidCaptchaToken:
    'For your security, please continue with the hosted sign-in page, which can check you are not a robot.',
  emailAlreadyExists: 'An account with this e-mail already exists. Sign in instead?',
};

interface Failure {
  code?: string;
  data?: Record<string, unknown>;
  violations: { field: string; description: string }[];
}

/** The application error (code, data) and field violations in an SDK login/register failure's message (JSON). */
function failureOf(error: string): Failure {
  try {
    const details = (
      JSON.parse(error) as {
        details?: {
          applicationError?: { code?: unknown; data?: Record<string, unknown> };
          validationError?: { fieldViolations?: { field: string; description: string }[] };
        };
      }
    ).details;
    const code = details?.applicationError?.code;
    return {
      ...(code === undefined ? {} : { code: String(code) }),
      ...(details?.applicationError?.data ? { data: details.applicationError.data } : {}),
      violations: details?.validationError?.fieldViolations ?? [],
    };
  } catch {
    return { violations: [] };
  }
}

/** The server's field violations beside the form's fields (`loginId.email` is the e-mail's). */
function fieldErrorsOf(violations: Failure['violations']): AuthFieldErrors {
  const fields: AuthFieldErrors = {};
  for (const v of violations) {
    const name = v.field.split('.').pop();
    if ((name === 'email' || name === 'password') && !fields[name]) fields[name] = sentence(v);
  }
  return fields;
}

/** What a FAILURE says: beside the fields when they are the problem, with the tries left after a wrong password. */
function failureOutcome(r: { error: string; errorCode?: string }, newMember: boolean): Outcome {
  const f = failureOf(r.error);
  // The SDK reports these as any unknown failure (invalidEmail): say what they are.
  if (f.code === 'IDENTITY_BLOCKED') return BLOCKED_ACCOUNT_WORDS;
  if (f.code === 'ACCOUNT_LOCKED') return lockedWords(f.data);
  const fields = fieldErrorsOf(f.violations);
  // At sign-up, invalidEmail is the store refusing the address (the error is its reason).
  if (newMember && r.errorCode === 'invalidEmail' && !fields.email)
    fields.email = sentence({ field: 'email', description: r.error });
  if (Object.keys(fields).length) return { error: CHECK_FIELDS_WORDS, fields };
  return {
    error: (r.errorCode && LOGIN_MESSAGES[r.errorCode]) ?? describeFailure(r.error),
    hint: f.code === '-19976' ? triesLeftWords(f.data) : undefined,
  };
}

/**
 * The readable part of an SDK login/register failure (its `error` is the thrown error's JSON
 * message). Here, not in errors.ts: only these pages need it, and errors.ts loads with every page.
 */
export function describeFailure(error: string): string {
  try {
    const parsed = JSON.parse(error) as {
      message?: string;
      details?: {
        validationError?: { fieldViolations?: { field: string; description: string }[] };
        applicationError?: { description?: string };
      };
    };
    const violations = parsed.details?.validationError?.fieldViolations ?? [];
    if (violations.length) return violations.map(sentence).join(' ');
    return parsed.details?.applicationError?.description ?? parsed.message ?? error;
  } catch {
    return error;
  }
}

/**
 * Runs a sign-in result: success → member tokens through the hidden iframe; other states → their
 * page. `newMember`: the result of a registration. `onSecondFactor`: the account has an
 * authenticator app, so the sign-in form asks for its code next.
 */
function useStateMachine(o: { newMember?: boolean; onSecondFactor?: (stateToken: string) => void } = {}) {
  const env = useEnv();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = safePath(search.get('returnTo'));
  return async (r: StateMachineResult): Promise<Outcome> => {
    switch (r.loginState) {
      case 'SUCCESS':
        await finishDirectLogin(env, queryClient, r.data.sessionToken, o);
        navigate(returnTo, { replace: true });
        return undefined;
      case 'EMAIL_VERIFICATION_REQUIRED':
        sessionStorage.setItem(PENDING, r.data.stateToken);
        navigate(`/verify-email?returnTo=${encodeURIComponent(returnTo)}`);
        return undefined;
      case 'OWNER_APPROVAL_REQUIRED':
        return 'Thanks! The store owner will approve your account soon; you can sign in after that.';
      case 'SECOND_FACTOR_REQUIRED':
        if (!o.onSecondFactor) return 'Please sign in with your password and your authenticator app.';
        o.onSecondFactor(r.data.stateToken);
        return undefined;
      default:
        return failureOutcome(r, o.newMember ?? false);
    }
  };
}

function HostedLoginButton({ returnTo, signUp = false }: { returnTo: string; signUp?: boolean }) {
  const env = useEnv();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      className="w-full"
      busy={busy}
      onClick={() => {
        setBusy(true);
        startHostedLogin(env, returnTo, { signUp }).catch(() => setBusy(false));
      }}
    >
      {signUp ? 'Continue with hosted sign-up' : 'Continue with hosted login'}
    </Button>
  );
}

/**
 * `/login?recoveryToken=…` is where password reset e-mails lead: the reset form first.
 * `/login?continue=hosted&returnTo=…` is where the hosted sign-in page sends a browser it signed in
 * with no app's request (opened alone): the hosted sign-in is picked up without a form.
 */
export function Login() {
  const [search] = useSearchParams();
  const token = search.get('recoveryToken');
  if (token) return <ResetPassword token={token} />;
  if (search.get('continue') === 'hosted')
    return (
      <ContinueHosted
        returnTo={safePath(search.get('returnTo'))}
        passwordSaved={search.get('saved') === 'password'}
      />
    );
  return <SignIn />;
}

/** Signed in on the hosted page a moment ago: its session completes the store's own sign-in at once. */
function ContinueHosted({ returnTo, passwordSaved }: { returnTo: string; passwordSaved: boolean }) {
  const env = useEnv();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (passwordSaved)
      leaveNotice(
        'Your new password is saved. Every other device that was signed in was signed out.',
        returnTo,
      );
    startHostedLogin(env, returnTo, { signedIn: true }).catch(() => setFailed(true));
  }, [env, returnTo, passwordSaved]);
  return (
    <Card title="Signing in">
      {failed ? (
        <>
          <Alert>The sign-in could not be finished. Please sign in again.</Alert>
          <Link to={`/login?returnTo=${encodeURIComponent(returnTo)}`} className={linkClass}>
            Sign in
          </Link>
        </>
      ) : (
        <Loading label="Signing you in…" />
      )}
    </Card>
  );
}

function SignIn() {
  const [search] = useSearchParams();
  const returnTo = safePath(search.get('returnTo'));
  // A reload during the second step comes back to it (the server ends the step after 10 minutes):
  // until this page moves on, the step is the tab's (read once hydrated; the server cannot know it).
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<string | null>();
  const stateToken =
    chosen === undefined
      ? (hydrated && sessionStorage.getItem(SECOND_STEP)) || undefined
      : chosen || undefined;
  const setStateToken = (token: string | undefined) => {
    if (token) sessionStorage.setItem(SECOND_STEP, token);
    else sessionStorage.removeItem(SECOND_STEP);
    setChosen(token ?? null);
  };
  const next = useStateMachine({ onSecondFactor: setStateToken });
  const f = useForm(async (form, env) => {
    const fields = authFormProblems(form);
    if (Object.keys(fields).length) return { error: CHECK_FIELDS_WORDS, fields };
    return next(
      await (
        await auth(env)
      ).login({ email: String(form.get('email')), password: String(form.get('password')) }),
    );
  });
  const form = useFocusFirstInvalid(f.fields);
  const carry = search.get('returnTo') ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  // A member already signed in on this browser who was sent here on the way somewhere (a link in
  // an e-mail) goes on at once.
  const signedIn = useLoggedIn() && hydrated;
  if (signedIn && carry && !stateToken && chosen === undefined) return <Navigate to={returnTo} replace />;
  // Signed in meanwhile, in another tab (this one reloaded with its tokens): the step is over.
  if (signedIn && stateToken) return <StepOver step={SECOND_STEP} to={returnTo} />;
  if (stateToken) return <SecondFactor stateToken={stateToken} onRestart={() => setStateToken(undefined)} />;
  return (
    <Card
      title="Sign in"
      footer={
        <>
          New here?{' '}
          <Link className={linkClass} to={`/signup${carry}`}>
            Create an account
          </Link>
        </>
      }
    >
      <Notice />
      <Alert>{f.error}</Alert>
      <Alert variant="warning">{f.hint}</Alert>
      <form ref={form} onSubmit={f.submit} noValidate>
        <CredentialFields errors={f.fields} />
        <Button type="submit" busy={f.busy} className="w-full">
          Sign in
        </Button>
      </form>
      <p className="mt-3 text-sm">
        <Link className={linkClass} to="/forgot-password">
          Forgot password?
        </Link>
      </p>
      <div className="my-4 flex items-center gap-3 text-sm text-stone-600">
        <span className="h-px flex-1 bg-stone-200" />
        or
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <HostedLoginButton returnTo={returnTo} />
    </Card>
  );
}

export function SignUp() {
  const [search] = useSearchParams();
  const returnTo = safePath(search.get('returnTo'));
  const next = useStateMachine({ newMember: true });
  const f = useForm(async (form, env) => {
    const fields = authFormProblems(form, { newPassword: true });
    if (Object.keys(fields).length) return { error: CHECK_FIELDS_WORDS, fields };
    return next(
      await (
        await auth(env)
      ).register({
        email: String(form.get('email')),
        password: String(form.get('password')),
        profile: {
          firstName: String(form.get('firstName') ?? ''),
          lastName: String(form.get('lastName') ?? ''),
        },
      }),
    );
  });
  const form = useFocusFirstInvalid(f.fields);
  return (
    <Card
      title="Create an account"
      footer={
        <>
          Already have one?{' '}
          <Link className={linkClass} to={`/login?returnTo=${encodeURIComponent(returnTo)}`}>
            Sign in
          </Link>
        </>
      }
    >
      <Alert>{f.error}</Alert>
      <form ref={form} onSubmit={f.submit} noValidate>
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Field label="First name" name="firstName" autoComplete="given-name" />
          <Field label="Last name" name="lastName" autoComplete="family-name" />
        </div>
        <CredentialFields errors={f.fields} newPassword />
        <Button type="submit" busy={f.busy} className="w-full">
          Create account
        </Button>
      </form>
      <div className="my-4 flex items-center gap-3 text-sm text-stone-600">
        <span className="h-px flex-1 bg-stone-200" />
        or
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <HostedLoginButton returnTo={returnTo} signUp />
    </Card>
  );
}

/**
 * The sign-in's second step for an account with an authenticator app: its 6-digit code, or one of
 * the recovery codes handed out when it was set up. A reload stays on this step (the tab keeps its
 * state token); once the sign-in is done, or started again, it is forgotten.
 */
function SecondFactor({ stateToken, onRestart }: { stateToken: string; onRestart: () => void }) {
  const proceed = useStateMachine();
  const next = (r: StateMachineResult) => {
    // Past the step (signed in, or on to the e-mail's or the owner's step): nothing to come back to.
    if (r.loginState !== 'FAILURE') sessionStorage.removeItem(SECOND_STEP);
    return proceed(r);
  };
  const [recovery, setRecovery] = useState(false);
  const f = useForm(async (form, env) => {
    const code = String(form.get('code') ?? '').replace(/\s/g, '');
    if (!recovery && !/^\d{6}$/.test(code)) return 'Enter the 6-digit code from your authenticator app.';
    if (recovery && !code) return 'Enter one of your recovery codes.';
    const r = await (
      await auth(env)
    ).processVerification(
      { verificationCode: code },
      { loginState: 'SECOND_FACTOR_REQUIRED', data: { stateToken } },
    );
    return next(r);
  });
  return (
    <Card title="Two-step sign-in">
      <p className="mb-4">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up your authenticator app. Each works once.'
          : 'Enter the 6-digit code your authenticator app shows for this store.'}
      </p>
      <Alert>{f.error}</Alert>
      <form key={recovery ? 'recovery' : 'app'} onSubmit={f.submit} noValidate>
        {recovery ? (
          <Field
            label="Recovery code"
            name="code"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            required
            autoFocus
          />
        ) : (
          // The step replaced the sign-in form (and the button that had focus): focus goes on.
          <CodeField label="Code from the app" autoFocus />
        )}
        <Button type="submit" busy={f.busy} className="w-full">
          Sign in
        </Button>
      </form>
      <div className="mt-3 flex flex-wrap justify-between gap-2 text-sm">
        <Button variant="link" size="sm" onClick={() => setRecovery((r) => !r)}>
          {recovery ? 'Use the code from the app' : 'Use a recovery code'}
        </Button>
        <Button variant="link" size="sm" onClick={onRestart}>
          Start again
        </Button>
      </div>
    </Card>
  );
}

/** A code step this tab no longer needs (the browser signed in meanwhile): forgotten, and on where the shopper was going. */
function StepOver({ step, to }: { step: string; to: string }) {
  useEffect(() => sessionStorage.removeItem(step), [step]);
  return <Navigate to={to} replace />;
}

export function VerifyEmail() {
  const [search] = useSearchParams();
  const loggedIn = useLoggedIn();
  const signedIn = useHydrated() && loggedIn;
  const next = useStateMachine();
  const [notice, setNotice] = useState<string>();
  const f = useForm(async (form, env) => {
    const code = String(form.get('code') ?? '').trim();
    if (!/^\d{6}$/.test(code)) return 'Enter the 6-digit code from the e-mail.';
    const stateToken = sessionStorage.getItem(PENDING);
    if (!stateToken) return 'This step has expired. Please sign in again.';
    const r = await (
      await auth(env)
    ).processVerification(
      { verificationCode: code },
      { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken } },
    );
    if (r.loginState === 'SUCCESS') sessionStorage.removeItem(PENDING);
    return next(r);
  });
  const resend = useForm(async (_form, env) => {
    const stateToken = sessionStorage.getItem(PENDING);
    if (!stateToken) return 'This step has expired. Please sign in again.';
    await env.http.request({
      method: 'POST',
      path: '/_api/iam/verification/v1/auth/resend',
      body: { stateToken },
    });
    setNotice('We sent a new code.');
    return undefined;
  });
  // Signed in meanwhile, in another tab (this one reloaded with its tokens): the code is not needed.
  if (signedIn) return <StepOver step={PENDING} to={safePath(search.get('returnTo'))} />;
  return (
    <Card title="Confirm your e-mail">
      <p className="mb-4">We e-mailed you a 6-digit code. Enter it to finish signing in.</p>
      <Alert>{f.error ?? resend.error}</Alert>
      <Alert variant="info">{notice}</Alert>
      <form onSubmit={f.submit} noValidate>
        <CodeField label="Code" />
        <Button type="submit" busy={f.busy} className="w-full">
          Confirm
        </Button>
      </form>
      <form onSubmit={resend.submit} className="mt-3">
        <Button type="submit" variant="link" busy={resend.busy}>
          Send a new code
        </Button>
      </form>
    </Card>
  );
}

export function Callback() {
  const env = useEnv();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    finishHostedLogin(env, queryClient).then(
      (to) => navigate(to, { replace: true }),
      (e: unknown) => setError(e instanceof Error ? e.message : 'Sign-in failed.'),
    );
  }, [env, queryClient, navigate]);
  return (
    <Card title="Signing in">
      {error ? (
        <>
          <Alert>{error}</Alert>
          <Link to="/login" className={linkClass}>
            Back to sign in
          </Link>
        </>
      ) : (
        <Loading label="Finishing sign-in…" />
      )}
    </Card>
  );
}
