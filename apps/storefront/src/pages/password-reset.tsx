/**
 * Forgotten passwords: `/forgot-password` asks for a link; the e-mailed link opens
 * `/login?recoveryToken=…` (the sign-in page hands it here), which checks the link first. A link
 * that expired or was used says so and sends a new one at a click, to the address it went to.
 */
import { useQueryClient } from '@tanstack/react-query';
import { errorCode, type RecoveryLinkStatus } from '@vitrine/sdk';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, DEAD_LINK_WORDS, type DeadLinkStatus, Field, linkClass, Loading } from '@vitrine/ui';
import { Card, useForm } from '../components/auth-card.tsx';
import { NewPasswordFields, newPassword, PASSWORDS_DIFFER } from '../components/new-password.tsx';
import { useEnv, type Env } from '../env.tsx';
import { auth, finishDirectLogin } from '../session.ts';

const backToSignIn = (
  <Link className={linkClass} to="/login">
    Back to sign in
  </Link>
);

/** Vitrine's own call: what became of a reset link, without spending it. */
const linkStatus = async (env: Env, recoveryToken: string) =>
  (
    await env.http.request<{ status: RecoveryLinkStatus }>({
      method: 'POST',
      path: '/_api/iam/recovery/v1/link-status',
      body: { recoveryToken },
    })
  ).status;

/** An address to send a reset link to; the answer is the same whether or not an account uses it. */
function SendLinkForm({ submitLabel }: { submitLabel: string }) {
  const [sent, setSent] = useState(false);
  const f = useForm(async (form, env) => {
    const email = String(form.get('email') ?? '').trim();
    if (!email) return 'Enter your e-mail address.';
    await (await auth(env)).sendPasswordResetEmail(email, `${env.origin}/login`);
    setSent(true);
    return undefined;
  });
  if (sent)
    return (
      <Alert variant="info">
        If an account exists for that address, we have e-mailed it a link to choose a new password.
      </Alert>
    );
  return (
    <>
      <Alert>{f.error}</Alert>
      <form onSubmit={f.submit} noValidate>
        <Field label="E-mail" name="email" type="email" autoComplete="email" required />
        <Button type="submit" busy={f.busy} className="w-full">
          {submitLabel}
        </Button>
      </form>
    </>
  );
}

export function ForgotPassword() {
  return (
    <Card title="Forgot password" footer={backToSignIn}>
      <SendLinkForm submitLabel="Send reset link" />
    </Card>
  );
}

/** Says why the link no longer works, and sends a new one right here. */
function DeadLink({ status, token }: { status: DeadLinkStatus; token: string }) {
  const [sent, setSent] = useState(false);
  const f = useForm(async (_form, env) => {
    await env.http.request({
      method: 'POST',
      path: '/_api/iam/recovery/v1/resend-email',
      body: { recoveryToken: token, redirect: { url: `${env.origin}/login`, clientId: env.clientId } },
    });
    setSent(true);
    return undefined;
  });
  const { title, why } = DEAD_LINK_WORDS[status];
  return (
    <Card title={title} footer={backToSignIn}>
      <Alert variant="warning">{why}</Alert>
      {status === 'UNKNOWN' ? (
        <SendLinkForm submitLabel="Send a new link" />
      ) : sent ? (
        <Alert variant="info">
          A new link is on its way to the address this one was sent to. Open the newest e-mail: earlier links
          no longer work.
        </Alert>
      ) : (
        <form onSubmit={f.submit} noValidate>
          <p className="mb-4 text-sm">We can e-mail you a new link, to the same address as this one.</p>
          <Alert>{f.error}</Alert>
          <Button type="submit" busy={f.busy} className="w-full">
            E-mail me a new link
          </Button>
          <p className="mt-4 text-sm">
            <Link className={linkClass} to="/forgot-password">
              Send it to another e-mail address
            </Link>
          </p>
        </form>
      )}
    </Card>
  );
}

/** Recovery link: checked, then a new password (the token signs the shopper in), then the account. */
export function ResetPassword({ token }: { token: string }) {
  const env = useEnv();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [link, setLink] = useState<RecoveryLinkStatus | 'CHECKING'>('CHECKING');
  const [signIn, setSignIn] = useState(false);
  useEffect(() => {
    let current = true;
    linkStatus(env, token)
      .then((status) => current && setLink(status))
      // Not told (offline, an older server): the form, whose answer says what is wrong.
      .catch(() => current && setLink('VALID'));
    return () => {
      current = false;
    };
  }, [env, token]);
  const f = useForm(async (form, env) => {
    const password = newPassword(form);
    if (password === undefined) return PASSWORDS_DIFFER;
    let r: { state?: string; sessionToken?: string | null };
    try {
      r = await env.http.request({
        method: 'POST',
        path: '/_api/iam/recovery/v1/recover',
        body: { recoveryToken: token, password },
      });
    } catch (e) {
      if (errorCode(e) !== 'INVALID_RECOVERY_TOKEN') throw e;
      // It ran out (or was used elsewhere) while the form was open: say which, offer a new one.
      const status = await linkStatus(env, token).catch(() => 'USED' as const);
      setLink(status === 'VALID' ? 'USED' : status);
      return undefined;
    }
    if (r.state === 'SUCCESS' && r.sessionToken) {
      await finishDirectLogin(env, queryClient, r.sessionToken);
      navigate('/account', { replace: true, state: { notice: 'Your new password is saved.' } });
      return undefined;
    }
    // A second factor (or another step) follows: the shopper signs in with the new password.
    setSignIn(true);
    return undefined;
  });
  if (signIn) {
    return (
      <Card title="Sign in">
        <Alert variant="info">Your new password is saved. Sign in with it to continue.</Alert>
        <p>
          <Link className={linkClass} to="/login">
            Sign in
          </Link>
        </p>
      </Card>
    );
  }
  if (link === 'CHECKING')
    return (
      <Card title="Choose a new password">
        <Loading label="Checking your link…" />
      </Card>
    );
  if (link !== 'VALID') return <DeadLink status={link} token={token} />;
  return (
    <Card title="Choose a new password" footer={backToSignIn}>
      <Alert>{f.error}</Alert>
      <form onSubmit={f.submit} noValidate>
        <NewPasswordFields />
        <Button type="submit" busy={f.busy} className="w-full">
          Save the new password
        </Button>
      </form>
    </Card>
  );
}
