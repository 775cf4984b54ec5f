/**
 * `/dashboard/setup?token=…`: the first owner creates their account from the link printed at the
 * store's first start, enrols an authenticator (TOTP: a QR code, the key as text, the otpauth
 * link) and confirms it with a code, which signs them in.
 */
import { useMutation } from '@tanstack/react-query';
import type { StaffEnrolment } from '@vitrine/sdk';
import { staffMutations } from '@vitrine/sdk/react';
import { Alert, Button, Field, linkClass } from '@vitrine/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../app/errors.ts';
import { useHttp } from '../../app/http.tsx';
import { useTitle } from '../../app/title.ts';
import { useRouteSearch } from '../../app/url.ts';
import { AuthLayout } from './auth-layout.tsx';
import { Enrol } from './enrol.tsx';
import { authUrls } from './urls.ts';

export function SetupPage() {
  const [{ token }] = useRouteSearch(authUrls.setup);
  const [enrolment, setEnrolment] = useState<StaffEnrolment | null>(null);
  useTitle(enrolment ? 'Set up two-step sign-in' : 'Create the owner account');
  if (!token)
    return (
      <AuthLayout title="Create the owner account">
        <Alert live={false}>
          This setup link is incomplete: open the whole link the store printed when it first started.
        </Alert>
        <Link to={authUrls.login.href()} className={linkClass}>
          Sign in instead
        </Link>
      </AuthLayout>
    );
  return enrolment ? (
    <Enrol
      enrolment={enrolment}
      intro="Your account is created. Now link an authenticator app: signing in always asks for its code."
    />
  ) : (
    <Account token={token} onCreated={setEnrolment} />
  );
}

function Account({ token, onCreated }: { token: string; onCreated: (e: StaffEnrolment) => void }) {
  const http = useHttp();
  const setup = useMutation(staffMutations.setup(http));
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setup.mutate(
      {
        token,
        name: String(form.get('name') ?? '').trim(),
        email: String(form.get('email') ?? '').trim(),
        password: String(form.get('password') ?? ''),
      },
      { onSuccess: onCreated },
    );
  };
  const error = setup.error ? describeError(setup.error) : undefined;
  return (
    <AuthLayout title="Create the owner account">
      <p className="mb-4 text-muted">
        You are the store&apos;s first owner. Next, you will link an authenticator app, which signing in
        always asks for.
      </p>
      <form onSubmit={onSubmit}>
        <Alert>{error?.message}</Alert>
        <Field label="Your name" name="name" autoComplete="name" required error={error?.fields.name} />
        <Field
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          required
          error={error?.fields.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint="At least 8 characters; not a common password."
          error={error?.fields.password}
        />
        <Button type="submit" busy={setup.isPending} className="w-full">
          Continue
        </Button>
      </form>
    </AuthLayout>
  );
}
