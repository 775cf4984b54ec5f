import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, describeError } from '../api.ts';
import { carry } from '../auth-request.ts';
import { Captcha } from '../components/lazy-captcha.tsx';
import { Alert, Button, Field, Page } from '../components/ui.tsx';
import { useAuthFlow } from '../flow.ts';

export function SignUp() {
  const [search] = useSearchParams();
  const flow = useAuthFlow();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captcha, setCaptcha] = useState<string>();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      const profile = { firstName: String(form.get('firstName') ?? ''), lastName: String(form.get('lastName') ?? '') };
      setError(await flow(await api.register(String(form.get('email')), String(form.get('password')), profile, captcha)));
    } catch (err) {
      const d = describeError(err);
      if (d.code === '-19971' || d.code === '-19970') setNeedCaptcha(true);
      setCaptcha(undefined);
      setError(d.message);
      setFields(d.fields);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Create an account" footer={<>Already have one? <Link className="font-medium text-indigo-700 underline dark:text-indigo-300" to={`/login${carry(search)}`}>Sign in</Link></>}>
      <Alert>{error}</Alert>
      <form onSubmit={submit} noValidate>
        <div className="grid grid-cols-2 gap-3">
          <Field label="First name" name="firstName" autoComplete="given-name" error={fields.firstName} />
          <Field label="Last name" name="lastName" autoComplete="family-name" error={fields.lastName} />
        </div>
        <Field label="E-mail" name="email" type="email" autoComplete="email" required error={fields.email ?? fields.loginId} />
        <Field label="Password" name="password" type="password" autoComplete="new-password" required minLength={8} hint="At least 8 characters; avoid common passwords." error={fields.password} />
        {needCaptcha && <Captcha onSolved={setCaptcha} />}
        <Button type="submit" busy={busy} disabled={needCaptcha && !captcha}>Create account</Button>
      </form>
    </Page>
  );
}
