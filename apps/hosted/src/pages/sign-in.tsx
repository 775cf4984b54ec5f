import { Link, useSearchParams } from 'react-router';
import { api } from '../api.ts';
import { carry } from '../auth-request.ts';
import { Captcha } from '../components/lazy-captcha.tsx';
import {
  Alert,
  authFormProblems,
  Button,
  CredentialFields,
  linkClass,
  useFocusFirstInvalid,
} from '@vitrine/ui';
import { Page } from '../components/page.tsx';
import { useAuthFlow } from '../flow.ts';
import { useSubmit } from '../use-submit.ts';

export function SignIn() {
  const [search] = useSearchParams();
  const flow = useAuthFlow();
  const f = useSubmit(
    async (form, captcha) =>
      flow(await api.login(String(form.get('email')), String(form.get('password')), captcha)),
    (form) => authFormProblems(form),
  );
  const form = useFocusFirstInvalid(f.fields);

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
      <Alert variant="warning">{f.hint}</Alert>
      <form ref={form} onSubmit={f.submit} noValidate>
        <CredentialFields errors={f.fields} autoFocus />
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
