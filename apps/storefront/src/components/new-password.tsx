/** A new password typed twice: the reset link's form and the account's Security tab. */
import { Field } from '@vitrine/ui';

export function NewPasswordFields() {
  return (
    <>
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint="At least 8 characters; avoid common passwords."
      />
      <Field
        label="Repeat the new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}

/** The new password of the form, or undefined when the two entries differ. */
export function newPassword(form: FormData): string | undefined {
  const password = String(form.get('password') ?? '');
  return password === String(form.get('confirm') ?? '') ? password : undefined;
}

export const PASSWORDS_DIFFER = 'The two passwords differ.';
