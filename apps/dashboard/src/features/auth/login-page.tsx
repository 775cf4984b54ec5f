/**
 * `/dashboard/login`: e-mail, password and the authenticator's code. After repeated failures the
 * server asks for a robot check (ALTCHA, loaded then); an owner who never enrolled an
 * authenticator is taken through enrolment first.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { isVitrineError, type StaffEnrolment } from '@vitrine/sdk';
import { staffMutations, staffQueries } from '@vitrine/sdk/react';
import { Alert, Button, Field } from '@vitrine/ui';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { describeError } from '../../app/errors.ts';
import { useHttp } from '../../app/http.tsx';
import { useTitle } from '../../app/title.ts';
import { useRouteSearch } from '../../app/url.ts';
import { AuthLayout, codeInput } from './auth-layout.tsx';
import { Captcha } from './captcha.tsx';
import { Enrol } from './enrol.tsx';
import { authUrls, safeNext } from './urls.ts';

const CAPTCHA_CODES = ['CAPTCHA_REQUIRED', 'CAPTCHA_INVALID'];

export function LoginPage() {
  useTitle('Sign in');
  const http = useHttp();
  const navigate = useNavigate();
  const [{ next }] = useRouteSearch(authUrls.login);
  const me = useQuery(staffQueries.me(http));
  const login = useMutation(staffMutations.login(http));
  const [captcha, setCaptcha] = useState<string>();
  const [captchaShown, setCaptchaShown] = useState(false);

  if (me.data) return <Navigate to={safeNext(next)} replace />;

  const error = login.error ? describeError(login.error) : undefined;
  if (error?.code === 'TOTP_ENROLMENT_REQUIRED' && isVitrineError(login.error)) {
    const enrolment = login.error.details.applicationError?.data as unknown as StaffEnrolment;
    return (
      <Enrol
        enrolment={enrolment}
        next={safeNext(next)}
        intro="Owners sign in with an authenticator app, and this account has none yet."
      />
    );
  }
  const needsCaptcha = captchaShown || CAPTCHA_CODES.includes(error?.code ?? '');

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    login.mutate(
      {
        email: String(form.get('email') ?? '').trim(),
        password: String(form.get('password') ?? ''),
        code: String(form.get('code') ?? '').replace(/\s/g, ''),
        ...(captcha ? { captchaToken: captcha } : {}),
      },
      {
        onSuccess: () => void navigate(safeNext(next), { replace: true }),
        onError: (e) => {
          // A solved check is used up by the attempt; once asked for, it stays on the page.
          setCaptcha(undefined);
          if (CAPTCHA_CODES.includes(describeError(e).code ?? '')) setCaptchaShown(true);
        },
      },
    );
  };
  const codeProblem = error?.code === 'TOTP_REQUIRED' || error?.code === 'INVALID_TOTP_CODE';

  return (
    <AuthLayout title="Sign in to your store">
      <form onSubmit={onSubmit}>
        <Alert>{error?.message}</Alert>
        <Field label="E-mail" name="email" type="email" autoComplete="username" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <Field
          label="Authenticator code"
          name="code"
          hint="The 6-digit code your authenticator app shows for this store."
          error={codeProblem ? error?.message : error?.fields.code}
          {...codeInput}
        />
        {needsCaptcha && <Captcha key={login.submittedAt} onSolved={setCaptcha} />}
        <Button type="submit" busy={login.isPending} className="w-full">
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
