import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, describeError, type RecoveryLinkStatus } from '../api.ts';
import { authRequestFrom, carry } from '../auth-request.ts';
import {
  Alert,
  Button,
  buttonClass,
  DEAD_LINK_WORDS,
  type DeadLinkStatus,
  Field,
  linkClass,
  Loading,
} from '@vitrine/ui';
import { Page } from '../components/page.tsx';
import { finishSignIn } from '../finish.ts';
import { useAuthFlow } from '../flow.ts';

/** Where a reset link leads back to: this page, with the app's authorization request (if any) carried on. */
function resetRedirect(search: URLSearchParams): { url: string; clientId?: string } {
  const clientId = authRequestFrom(search)?.clientId;
  return { url: `${window.location.origin}/auth/reset${carry(search)}`, ...(clientId ? { clientId } : {}) };
}

/** "Back to sign in": the app's sign-in when one asked, else the store's own sign-in page. */
function BackToSignIn({ search }: { search: URLSearchParams }) {
  return authRequestFrom(search) ? (
    <Link className={linkClass} to={`/login${carry(search)}`}>
      Back to sign in
    </Link>
  ) : (
    <a className={linkClass} href="/login">
      Back to sign in
    </a>
  );
}

/** An e-mail address to send a reset link to; says it is sent (the same whether or not the account exists). */
function SendLinkForm({ submitLabel, autoFocus }: { submitLabel: string; autoFocus?: boolean }) {
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email')).trim();
    setBusy(true);
    setError(undefined);
    try {
      await api.sendRecoveryEmail(email, resetRedirect(search));
      setSent(true);
    } catch (err) {
      setError(describeError(err).message);
    } finally {
      setBusy(false);
    }
  }

  if (sent)
    return (
      <Alert variant="info">
        If an account uses that e-mail, a link to set a new password is on its way. It works for one hour.
      </Alert>
    );
  return (
    <>
      <Alert>{error}</Alert>
      <form onSubmit={submit} noValidate>
        <Field label="E-mail" name="email" type="email" autoComplete="email" required autoFocus={autoFocus} />
        <Button type="submit" className="w-full" busy={busy}>
          {submitLabel}
        </Button>
      </form>
    </>
  );
}

/** Asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPassword() {
  const [search] = useSearchParams();
  return (
    <Page title="Reset your password" footer={<BackToSignIn search={search} />}>
      <SendLinkForm submitLabel="Send reset link" autoFocus />
    </Page>
  );
}

/**
 * A reset link that no longer works: says why, and sends a new one right here — to the address the
 * old one went to (nothing to type), or, for a link we cannot read, to the address entered.
 */
function DeadLink({ status, token }: { status: DeadLinkStatus; token: string }) {
  const [search] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const { title, why } = DEAD_LINK_WORDS[status];

  async function resend() {
    setBusy(true);
    setError(undefined);
    try {
      await api.resendRecoveryEmail(token, resetRedirect(search));
      setSent(true);
    } catch (err) {
      setError(describeError(err).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={title} footer={<BackToSignIn search={search} />}>
      <Alert variant="warning">{why}</Alert>
      {status === 'UNKNOWN' ? (
        <SendLinkForm submitLabel="Send a new link" />
      ) : sent ? (
        <Alert variant="info">
          A new link is on its way to the address this one was sent to. Open the newest e-mail: earlier links
          no longer work.
        </Alert>
      ) : (
        <>
          <p className="mb-4 text-sm">We can e-mail you a new link, to the same address as this one.</p>
          <Alert>{error}</Alert>
          <Button className="w-full" busy={busy} onClick={resend}>
            E-mail me a new link
          </Button>
          <p className="mt-4 text-sm">
            <Link className={linkClass} to={`/forgot${carry(search)}`}>
              Send it to another e-mail address
            </Link>
          </p>
        </>
      )}
    </Page>
  );
}

/**
 * Opened from the e-mailed link: `/auth/reset?recoveryToken=…`. The link is checked first: one
 * that expired or was used says so and offers a new one, instead of a form that cannot work.
 */
export function ResetPassword() {
  const [search] = useSearchParams();
  const flow = useAuthFlow();
  const token = search.get('recoveryToken') ?? search.get('token') ?? '';
  // Opened from an e-mail with no app's sign-in to finish (the link of a reset asked for here or
  // through the API): once the password is saved, the shopper is signed in at the store.
  const standalone = authRequestFrom(search) === null;
  const [link, setLink] = useState<RecoveryLinkStatus | 'CHECKING'>(token ? 'CHECKING' : 'UNKNOWN');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!token) return;
    let current = true;
    api
      .recoveryLinkStatus(token)
      .then((r) => current && setLink(r.status))
      // Not told (offline, an older server): the form, whose answer says what is wrong.
      .catch(() => current && setLink('VALID'));
    return () => {
      current = false;
    };
  }, [token]);

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
      // The link ran out (or was used elsewhere) while the form was open: say which, offer a new one.
      const dead =
        d.code === 'INVALID_RECOVERY_TOKEN'
          ? await api.recoveryLinkStatus(token).then(
              (r) => r.status,
              () => undefined,
            )
          : undefined;
      if (dead && dead !== 'VALID') setLink(dead);
      else {
        setError(d.message);
        setFields(d.fields);
      }
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
  if (link === 'CHECKING')
    return (
      <Page title="Choose a new password">
        <Loading label="Checking your link…" />
      </Page>
    );
  if (link !== 'VALID') return <DeadLink status={link} token={token} />;
  return (
    <Page title="Choose a new password">
      <Alert>{error}</Alert>
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
        <Button type="submit" className="w-full" busy={busy}>
          Set password
        </Button>
      </form>
    </Page>
  );
}
