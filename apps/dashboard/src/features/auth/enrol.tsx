/**
 * Enrolling an authenticator (TOTP): the QR code, the key as text and the otpauth link, then the
 * first code, which opens the session. After first-owner setup, an accepted owner invitation, or
 * an owner's sign-in before they enrolled.
 */
import { useMutation } from '@tanstack/react-query';
import type { StaffEnrolment } from '@vitrine/sdk';
import { staffMutations } from '@vitrine/sdk/react';
import { Alert, AuthenticatorKey, Button, Field, linkClass } from '@vitrine/ui';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../app/errors.ts';
import { useHttp } from '../../app/http.tsx';
import { useTitle } from '../../app/title.ts';
import { AuthLayout, codeInput } from './auth-layout.tsx';

export function Enrol({
  enrolment,
  intro,
  next = '/',
}: {
  enrolment: StaffEnrolment;
  intro: string;
  next?: string;
}) {
  useTitle('Set up two-step sign-in');
  const http = useHttp();
  const navigate = useNavigate();
  const enrol = useMutation(staffMutations.enrol(http));
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('code') ?? '').replace(/\s/g, '');
    enrol.mutate(
      { enrollmentToken: enrolment.enrollmentToken, code },
      { onSuccess: () => void navigate(next, { replace: true }) },
    );
  };
  const error = enrol.error ? describeError(enrol.error) : undefined;
  return (
    <AuthLayout title="Set up two-step sign-in">
      <p className="mb-2">{intro}</p>
      <p className="mb-4">
        Scan this code with an authenticator app (such as Google Authenticator, 1Password or Aegis), then
        enter the 6-digit code it shows.
      </p>
      <AuthenticatorKey uri={enrolment.totp.otpauthUri} secret={enrolment.totp.secret} />
      <details className="-mt-2 mb-4 text-sm">
        <summary className="cursor-pointer py-2 text-muted">Setup link (otpauth URI)</summary>
        <p className="font-mono break-all" data-testid="totp-uri">
          {enrolment.totp.otpauthUri}
        </p>
        <a href={enrolment.totp.otpauthUri} className={linkClass}>
          Open in an authenticator app on this device
        </a>
      </details>
      <form onSubmit={onSubmit}>
        <Alert>{error?.message}</Alert>
        <Field label="Code from the app" name="code" required error={error?.fields.code} {...codeInput} />
        <Button type="submit" busy={enrol.isPending} className="w-full">
          Confirm and sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
