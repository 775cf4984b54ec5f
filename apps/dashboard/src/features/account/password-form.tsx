/**
 * A new password for the signed-in staff member: the current one, then the new one twice (the
 * server's rules answer in words). After repeated wrong current passwords the server asks for the
 * robot check, as at sign-in.
 */
import { useMutation } from '@tanstack/react-query';
import { staffMutations } from '@vitrine/sdk/react';
import { Alert, Button, Field } from '@vitrine/ui';
import { useState, type FormEvent } from 'react';
import { describeError } from '../../app/errors.ts';
import { useHttp } from '../../app/http.tsx';
import { Captcha } from '../auth/captcha.tsx';

const CAPTCHA_CODES = ['CAPTCHA_REQUIRED', 'CAPTCHA_INVALID'];

export function PasswordForm({ email }: { email: string }) {
  const http = useHttp();
  const change = useMutation(staffMutations.changePassword(http));
  const [mismatch, setMismatch] = useState(false);
  const [captcha, setCaptcha] = useState<string>();
  const described = change.error ? describeError(change.error) : undefined;
  const needsCaptcha = CAPTCHA_CODES.includes(described?.code ?? '');
  const wrongCurrent = described?.code === 'INVALID_CREDENTIALS';
  const message = mismatch
    ? 'The two new passwords differ.'
    : wrongCurrent
      ? 'The current password is wrong.'
      : needsCaptcha
        ? 'Too many wrong passwords: complete the robot check below, then try again.'
        : described?.message;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const newPassword = String(f.get('newPassword') ?? '');
    const differ = newPassword !== String(f.get('repeat') ?? '');
    setMismatch(differ);
    change.reset();
    if (differ) return;
    change.mutate(
      {
        password: String(f.get('password') ?? ''),
        newPassword,
        ...(captcha ? { captchaToken: captcha } : {}),
      },
      {
        onSuccess: () => form.reset(),
        onSettled: () => setCaptcha(undefined),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Alert>{message}</Alert>
      {change.isSuccess && (
        <Alert variant="success">Your new password is saved. Your other sessions are signed out.</Alert>
      )}
      {/* For password managers: whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
      <Field
        label="Current password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={wrongCurrent ? 'Wrong password' : undefined}
      />
      <Field
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint="At least 8 characters; not a common password."
        error={described?.fields.newPassword}
      />
      <Field
        label="Repeat the new password"
        name="repeat"
        type="password"
        autoComplete="new-password"
        required
        error={mismatch ? 'Not the same' : undefined}
      />
      {needsCaptcha && <Captcha key={change.submittedAt} onSolved={setCaptcha} />}
      <Button type="submit" busy={change.isPending}>
        Change password
      </Button>
    </form>
  );
}
