import { Link, useSearchParams } from 'react-router';
import { api } from '../api.ts';
import { carry } from '../auth-request.ts';
import { Captcha } from '../components/lazy-captcha.tsx';
import {
  Alert,
  authFormProblems,
  Button,
  CredentialFields,
  Field,
  linkClass,
  useFocusFirstInvalid,
} from '@vitrine/ui';
import { Page } from '../components/page.tsx';
import { useAuthFlow } from '../flow.ts';
import { useSubmit } from '../use-submit.ts';

export function SignUp() {
  const [search] = useSearchParams();
  const flow = useAuthFlow();
  const f = useSubmit(
    async (form, captcha) => {
      const profile = {
        firstName: String(form.get('firstName') ?? ''),
        lastName: String(form.get('lastName') ?? ''),
      };
      return flow(
        await api.register(String(form.get('email')), String(form.get('password')), profile, captcha),
      );
    },
    (form) => authFormProblems(form, { newPassword: true }),
  );
  const form = useFocusFirstInvalid(f.fields);

  return (
    <Page
      title="Create an account"
      footer={
        <>
          Already have one?{' '}
          <Link className={linkClass} to={`/login${carry(search)}`}>
            Sign in
          </Link>
        </>
      }
    >
      <Alert>{f.error}</Alert>
      <form ref={form} onSubmit={f.submit} noValidate>
        <div className="grid grid-cols-2 gap-3">
          <Field label="First name" name="firstName" autoComplete="given-name" error={f.fields.firstName} />
          <Field label="Last name" name="lastName" autoComplete="family-name" error={f.fields.lastName} />
        </div>
        <CredentialFields errors={{ ...f.fields, email: f.fields.email ?? f.fields.loginId }} newPassword />
        {f.needCaptcha && <Captcha onSolved={f.setCaptcha} />}
        <Button type="submit" className="w-full" busy={f.busy} disabled={f.needCaptcha && !f.captcha}>
          Create account
        </Button>
      </form>
    </Page>
  );
}
