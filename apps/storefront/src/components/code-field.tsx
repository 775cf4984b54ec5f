/** A one-time code's field: an e-mailed code or an authenticator app's (six digits, the keyboard's numbers). */
import { Field } from '@vitrine/ui';

export function CodeField({ label, autoFocus }: { label: string; autoFocus?: boolean }) {
  return (
    <Field
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      autoFocus={autoFocus}
    />
  );
}
