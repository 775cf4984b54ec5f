import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, describeError } from '../api.ts';
import { carry } from '../auth-request.ts';
import { Captcha } from '../components/lazy-captcha.tsx';
import { Alert, Button, Field, Page } from '../components/ui.tsx';
import { useAuthFlow } from '../flow.ts';

export function SignIn() {
  const [search] = useSearchParams();
  const flow = useAuthFlow();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captcha, setCaptcha] = useState<string>();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      setError(await flow(await api.login(String(form.get('email')), String(form.get('password')), captcha)));
    } catch (err) {
      const d = describeError(err);
      if (d.code === '-19971' || d.code === '-19970') setNeedCaptcha(true);
      setCaptcha(undefined);
      setError(d.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Sign in" footer={<>New here? <Link className="font-medium text-indigo-700 underline dark:text-indigo-300" to={`/signup${carry(search)}`}>Create an account</Link></>}>
      <Alert>{error}</Alert>
      <form onSubmit={submit} noValidate>
        <Field label="E-mail" name="email" type="email" autoComplete="username" required autoFocus />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        {needCaptcha && <Captcha onSolved={setCaptcha} />}
        <Button type="submit" busy={busy} disabled={needCaptcha && !captcha}>Sign in</Button>
      </form>
      <p className="mt-4 text-sm"><Link className="text-indigo-700 underline dark:text-indigo-300" to={`/forgot${carry(search)}`}>Forgot password?</Link></p>
    </Page>
  );
}
