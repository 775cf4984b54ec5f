import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, describeError, type StateMachineResponse } from '../api.ts';
import { carry } from '../auth-request.ts';
import { Alert, Button, Field, linkClass, onSignInElsewhere } from '@vitrine/ui';
import { Page } from '../components/page.tsx';
import { followSignIn } from '../finish.ts';
import { stateToken, useAuthFlow } from '../flow.ts';

function CodeStep({
  title,
  intro,
  label,
  send,
  resend,
}: {
  title: string;
  intro: string;
  label: string;
  send: (code: string, token: string) => Promise<StateMachineResponse>;
  resend?: (token: string) => Promise<StateMachineResponse>;
}) {
  const [search] = useSearchParams();
  const flow = useAuthFlow();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const token = stateToken.get();
  // Signed in meanwhile in another tab (this step or another sign-in): on to where this one was going.
  useEffect(
    () =>
      onSignInElsewhere(() => {
        stateToken.clear();
        followSignIn(search);
      }),
    [search],
  );

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!token) return;
    setBusy(true);
    setError(undefined);
    try {
      setError(await flow(await send(String(new FormData(e.currentTarget).get('code')).trim(), token)));
    } catch (err) {
      setError(describeError(err).message);
    } finally {
      setBusy(false);
    }
  }

  async function again() {
    if (!token || !resend) return;
    try {
      const r = await resend(token);
      if (r.stateToken) stateToken.set(r.stateToken);
      setNotice('A new code is on its way.');
    } catch (err) {
      setError(describeError(err).message);
    }
  }

  if (!token) {
    return (
      <Page title={title}>
        <Alert>
          This step has expired.{' '}
          <Link className="underline" to={`/login${carry(search)}`}>
            Sign in again
          </Link>
          .
        </Alert>
      </Page>
    );
  }
  return (
    <Page title={title}>
      <p className="mb-4 text-sm text-stone-700 dark:text-stone-300">{intro}</p>
      <Alert>{error}</Alert>
      <Alert variant="info">{notice}</Alert>
      <form onSubmit={submit} noValidate>
        <Field
          label={label}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9A-Za-z-]*"
          maxLength={20}
          required
          autoFocus
        />
        <Button type="submit" className="w-full" busy={busy}>
          Continue
        </Button>
      </form>
      {resend && (
        <Button variant="link" size="sm" className="mt-4" onClick={again}>
          Send a new code
        </Button>
      )}
    </Page>
  );
}

export const VerifyEmail = () => (
  <CodeStep
    title="Check your e-mail"
    intro="We sent a 6-digit code to your e-mail address. It works for 10 minutes."
    label="Code from the e-mail"
    send={(code, token) => api.verifyEmailCode(code, token)}
    resend={(token) => api.resendEmailCode(token)}
  />
);

export const TotpStep = () => (
  <CodeStep
    title="Two-step sign-in"
    intro="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
    label="Authentication code"
    send={(code, token) => api.verifyTotp(code, token)}
  />
);

export function AwaitingApproval() {
  return (
    <Page title="Almost there">
      <Alert variant="info">
        Your account was created. The store owner approves new members; you can sign in once they have.
      </Alert>
    </Page>
  );
}

export function NotFound() {
  return (
    <Page title="Page not found">
      <p>
        This page does not exist.{' '}
        <Link className={linkClass} to="/login">
          Go to sign in
        </Link>
        .
      </p>
    </Page>
  );
}
