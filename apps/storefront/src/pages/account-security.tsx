/**
 * The account's Security tab: a new password (the server ends the member's other sessions and keeps
 * this one), two-step sign-in (account-two-step.tsx), signing out of every other device, and
 * deleting the account (for good: the shopper is signed out, the home page says so).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberCalls } from '@vitrine/sdk';
import { memberQueries } from '@vitrine/sdk/react';
import { Alert, Button } from '@vitrine/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { NewPasswordFields, newPassword, PASSWORDS_DIFFER } from '../components/new-password.tsx';
import { useEnv } from '../env.tsx';
import { describeError } from '../errors.ts';
import { signOut } from '../session.ts';
import { useTitle } from '../use-title.ts';
import { TwoStep } from './account-two-step.tsx';

export function Security() {
  useTitle('Security');
  return (
    <div className="grid max-w-md gap-10">
      <ChangePassword />
      <TwoStep />
      <OtherDevices />
      <DeleteAccount />
    </div>
  );
}

function ChangePassword() {
  const { http } = useEnv();
  const me = useQuery(memberQueries.me(http));
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation({
    mutationFn: (password: string) => memberCalls.changePassword(http, password),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const password = newPassword(f);
    setMismatch(password === undefined);
    change.reset();
    if (password !== undefined) change.mutate(password, { onSuccess: () => form.reset() });
  };
  const error = mismatch ? PASSWORDS_DIFFER : change.isError ? describeError(change.error) : undefined;
  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading" className="mb-4 text-xl font-semibold">
        Password
      </h2>
      <Alert>{error}</Alert>
      {change.isSuccess && (
        <Alert variant="success">
          Your new password is saved. Anywhere else you were signed in, you will be asked to sign in again.
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        {/* For password managers: whose password this is. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={me.data?.loginEmail ?? ''}
          hidden
          readOnly
        />
        <NewPasswordFields />
        <Button type="submit" busy={change.isPending}>
          Change password
        </Button>
      </form>
    </section>
  );
}

function OtherDevices() {
  const { http } = useEnv();
  const end = useMutation({ mutationFn: () => memberCalls.endOtherSessions(http) });
  const ended = end.data;
  return (
    <section aria-labelledby="devices-heading">
      <h2 id="devices-heading" className="mb-2 text-xl font-semibold">
        Other devices
      </h2>
      <p className="mb-4 text-sm text-stone-700">
        Signed in on a shared computer, or on a phone you no longer have? Sign out everywhere but here.
      </p>
      {end.isError && <Alert>{describeError(end.error)}</Alert>}
      {ended !== undefined && (
        <Alert variant="success">
          {ended === 0
            ? 'You were not signed in anywhere else.'
            : `Signed out of ${ended === 1 ? 'one other session' : `${ended} other sessions`}. They need your password to sign in again.`}
        </Alert>
      )}
      <Button variant="secondary" busy={end.isPending} onClick={() => end.mutate()}>
        Sign out of other devices
      </Button>
    </section>
  );
}

function DeleteAccount() {
  const env = useEnv();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState(false);
  const confirmId = useId();
  const groupRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  // Opening the question moves focus to it (read aloud); "Keep my account" returns it to the button.
  useEffect(() => {
    if (asked) groupRef.current?.focus();
    else if (returnFocus.current) document.getElementById(`${confirmId}-ask`)?.focus();
  }, [asked, confirmId]);
  const remove = useMutation({
    mutationFn: () => memberCalls.deleteMe(env.http),
    onSuccess: () =>
      signOut(env, queryClient, { notice: 'Your account is deleted. Thank you for shopping with us.' }),
  });
  return (
    <section aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="mb-2 text-xl font-semibold">
        Delete your account
      </h2>
      <p className="mb-4 text-sm text-stone-700">
        Your profile, saved addresses and sign-in are removed for good, and you are signed out everywhere.
        Orders you placed stay with the store for its records. You can sign up again with the same e-mail
        later.
      </p>
      {remove.isError && <Alert>{describeError(remove.error)}</Alert>}
      {asked ? (
        <div
          ref={groupRef}
          tabIndex={-1}
          role="group"
          aria-labelledby={`${confirmId}-text`}
          className="rounded-xl border border-red-300 bg-red-50 p-4 focus:outline-2 focus:outline-red-700"
        >
          <p id={`${confirmId}-text`} className="mb-3 font-medium">
            Delete your account? This cannot be undone.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              busy={remove.isPending || remove.isSuccess}
              onClick={() => remove.mutate()}
            >
              Yes, delete my account
            </Button>
            <Button
              variant="secondary"
              disabled={remove.isPending || remove.isSuccess}
              onClick={() => {
                returnFocus.current = true;
                setAsked(false);
              }}
            >
              Keep my account
            </Button>
          </div>
        </div>
      ) : (
        <Button id={`${confirmId}-ask`} variant="secondary" onClick={() => setAsked(true)}>
          Delete my account…
        </Button>
      )}
    </section>
  );
}
