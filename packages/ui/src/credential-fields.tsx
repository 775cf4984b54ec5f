import { Field } from './field.tsx';
import { PASSWORD_MIN_LENGTH } from './sign-in.ts';

/**
 * The e-mail and password fields of a sign-in (`newPassword: false`) or sign-up form, each with its
 * error beside it (`errors.email`, `errors.password`): one set for the hosted pages and the storefront.
 */
export function CredentialFields({
  errors,
  newPassword = false,
  autoFocus,
}: {
  errors: { email?: string | undefined; password?: string | undefined };
  newPassword?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <>
      <Field
        label="E-mail"
        name="email"
        type="email"
        autoComplete={newPassword ? 'email' : 'username'}
        required
        autoFocus={autoFocus}
        error={errors.email}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        required
        {...(newPassword
          ? {
              minLength: PASSWORD_MIN_LENGTH,
              hint: `At least ${PASSWORD_MIN_LENGTH} characters; avoid common passwords.`,
            }
          : {})}
        error={errors.password}
      />
    </>
  );
}
