import { Link, useSearchParams } from 'react-router';
import { api } from '../api.ts';
import { carry } from '../auth-request.ts';
import { Captcha } from '../components/lazy-captcha.tsx';
import { Alert, Button, Field, linkClass } from '@vitrine/ui';
import { Page } from '../components/page.tsx';
import { useAuthFlow } from '../flow.ts';
import { useSubmit } from '../use-submit.ts';

export function SignIn() {
  const [search] = useSearchParams();
  const flow = useAuthFlow();
  const f = useSubmit(async (form, captcha) =>
    flow(await api.login(String(form.get('email')), String(form.get('password')), captcha)),
  );

  return (
    <Page
      title="Sign in"
      footer={
        <>
          New here?{' '}
          <Link className={linkClass} to={`/signup${carry(search)}`}>
            Create an account
          </Link>
        </>
      }
    >
      <Alert>{f.error}</Alert>
      <form onSubmit={f.submit} noValidate>
        <Field label="E-mail" name="email" type="email" autoComplete="username" required autoFocus />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        {f.needCaptcha && <Captcha onSolved={f.setCaptcha} />}
        <Button type="submit" className="w-full" busy={f.busy} disabled={f.needCaptcha && !f.captcha}>
          Sign in
        </Button>
      </form>
      <p className="mt-4 text-sm">
        <Link className={linkClass} to={`/forgot${carry(search)}`}>
          Forgot password?
        </Link>
      </p>
    </Page>
  );
}
