/**
 * `/dashboard/invite?token=…`: someone invited to the staff chooses a password. A contributor is
 * then signed in; an owner enrols an authenticator first.
 */
import { useMutation } from '@tanstack/react-query';
import type { StaffEnrolment } from '@vitrine/sdk';
import { staffMutations } from '@vitrine/sdk/react';
import { Alert, Button, Field, linkClass } from '@vitrine/ui';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { describeError } from '../../app/errors.ts';
import { useHttp } from '../../app/http.tsx';
import { useTitle } from '../../app/title.ts';
import { useRouteSearch } from '../../app/url.ts';
import { AuthLayout } from './auth-layout.tsx';
import { Enrol } from './enrol.tsx';
import { authUrls } from './urls.ts';

export function InvitePage() {
  useTitle('Join the store');
  const http = useHttp();
  const navigate = useNavigate();
  const [{ token }] = useRouteSearch(authUrls.invite);
  const accept = useMutation(staffMutations.acceptInvite(http));
  const [enrolment, setEnrolment] = useState<StaffEnrolment | null>(null);
  if (enrolment)
    return <Enrol enrolment={enrolment} intro="Owners sign in with an authenticator app: link one now." />;
  if (!token)
    return (
      <AuthLayout title="Join the store">
        <Alert live={false}>This invitation link is incomplete: open the whole link you were sent.</Alert>
        <Link to={authUrls.login.href()} className={linkClass}>
          Sign in instead
        </Link>
      </AuthLayout>
    );
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    accept.mutate(
      { token, password },
      {
        onSuccess: (answer) => {
          if ('enrollmentToken' in answer) setEnrolment(answer);
          else void navigate('/', { replace: true });
        },
      },
    );
  };
  const error = accept.error ? describeError(accept.error) : undefined;
  return (
    <AuthLayout title="Join the store">
      <p className="mb-4 text-muted">You were invited to the store&apos;s staff. Choose your password.</p>
      <form onSubmit={onSubmit}>
        <Alert>{error?.message}</Alert>
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
        <Button type="submit" busy={accept.isPending} className="w-full">
          Join
        </Button>
      </form>
    </AuthLayout>
  );
}
