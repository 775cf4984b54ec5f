import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, describeError } from '../api.ts';
import { authRequestFrom, carry } from '../auth-request.ts';
import { Alert, Button, buttonClass, Field, linkClass } from '@vitrine/ui';
import { Page } from '../components/page.tsx';
import { finishSignIn } from '../finish.ts';
import { useAuthFlow } from '../flow.ts';

/** Asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPassword() {
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email'));
    setBusy(true);
    setError(undefined);
    try {
      const clientId = authRequestFrom(search)?.clientId;
      await api.sendRecoveryEmail(email, {
        url: `${window.location.origin}/auth/reset${carry(search)}`,
        ...(clientId ? { clientId } : {}),
      });
      setSent(true);
    } catch (err) {
      setError(describeError(err).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page
      title="Reset your password"
      footer={
        // With no app's sign-in to return to, the store's own sign-in page is the one that works.
        authRequestFrom(search) ? (
          <Link className={linkClass} to={`/login${carry(search)}`}>
            Back to sign in
          </Link>
        ) : (
          <a className={linkClass} href="/login">
            Back to sign in
          </a>
        )
      }
    >
      <Alert>{error}</Alert>
      {sent ? (
        <Alert variant="info">
          If an account uses that e-mail, a link to set a new password is on its way. It works for one hour.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field label="E-mail" name="email" type="email" autoComplete="email" required autoFocus />
          <Button type="submit" className="w-full" busy={busy}>
            Send reset link
          </Button>
        </form>
      )}
    </Page>
  );
}

/** Opened from the e-mailed link: `/auth/reset?recoveryToken=…`. */
export function ResetPassword() {
  const [search] = useSearchParams();
  const flow = useAuthFlow();
  const token = search.get('recoveryToken') ?? search.get('token') ?? '';
  // Opened from an e-mail with no app's sign-in to finish (the link of a reset asked for here or
  // through the API): once the password is saved, the shopper is signed in at the store.
  const standalone = authRequestFrom(search) === null;
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const password = String(form.get('password'));
    if (password !== String(form.get('confirm'))) {
      setFields({ confirm: 'The two passwords differ.' });
      return;
    }
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      const r = await api.recover(token, password);
      // No app to return to: signed in at the store, which says the password is saved. When a
      // second factor follows, the shopper signs in there with the new password.
      if (standalone && r.state === 'SUCCESS' && r.sessionToken)
        await finishSignIn(search, r.sessionToken, { passwordSaved: true });
      else if (standalone) setSaved(true);
      else setError(await flow(r));
    } catch (err) {
      const d = describeError(err);
      setError(d.message);
      setFields(d.fields);
    } finally {
      setBusy(false);
    }
  }

  if (saved)
    return (
      <Page title="Your new password is saved">
        <Alert variant="success">
          Every device that was signed in to your account was signed out. Sign in with the new password.
        </Alert>
        <a className={`${buttonClass()} mt-2 w-full`} href="/login?returnTo=%2Faccount">
          Sign in to the store
        </a>
      </Page>
    );
  return (
    <Page title="Choose a new password">
      <Alert>{!token ? 'This link is incomplete. Ask for a new one from “Forgot password”.' : error}</Alert>
      <form onSubmit={submit} noValidate>
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          error={fields.password}
          autoFocus
        />
        <Field
          label="Repeat it"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          error={fields.confirm}
        />
        <Button type="submit" className="w-full" busy={busy} disabled={!token}>
          Set password
        </Button>
      </form>
    </Page>
  );
}
