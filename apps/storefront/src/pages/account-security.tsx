/**
 * The account's Security tab: a new password (the server ends the member's other sessions and keeps
 * this one), two-step sign-in (account-two-step.tsx), where the member is signed in (sign out of one
 * device, or of all but this one), and deleting the account (for good: the shopper is signed out,
 * the home page says so).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberCalls } from '@vitrine/sdk';
import { memberQueries } from '@vitrine/sdk/react';
import type { MemberSessionView } from '@vitrine/contract';
import { Alert, Button, deviceKind, deviceLabel, Loading, SessionItem } from '@vitrine/ui';
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
      <Devices />
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

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dayKey = (d: Date) => d.toDateString();
/** "today", "yesterday" or the date, in the shopper's time zone. */
function when(iso: string): string {
  const d = new Date(iso);
  const now = new Date();
  if (dayKey(d) === dayKey(now)) return 'today';
  if (dayKey(d) === dayKey(new Date(now.getTime() - 86_400_000))) return 'yesterday';
  return day.format(d);
}

/**
 * Where the member is signed in: each session's device (as its browser said), the app, when it
 * signed in and was last active (to within the access token's lifetime); sign out of one, or of
 * all but this one.
 */
function Devices() {
  const { http } = useEnv();
  const queryClient = useQueryClient();
  const sessions = useQuery(memberQueries.sessions(http));
  const [told, setTold] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: memberQueries.sessions(http).queryKey });
  const endOne = useMutation({
    mutationFn: (s: MemberSessionView) => memberCalls.endSession(http, s.id),
    onSuccess: (_r, s) =>
      setTold(`Signed out of ${deviceLabel(s.device)}. It needs your password to sign in again.`),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => memberCalls.endOtherSessions(http),
    onSuccess: (ended) =>
      setTold(
        ended === 0
          ? 'You were not signed in anywhere else.'
          : `Signed out of ${ended === 1 ? 'one other session' : `${ended} other sessions`}. They need your password to sign in again.`,
      ),
    onSettled: refresh,
  });
  const error = endOne.error ?? endOthers.error ?? sessions.error;
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;
  // The app is named only where it tells sessions apart (the store's own storefront and an app).
  const showApp = new Set(list.map((s) => s.appName)).size > 1;
  return (
    <section aria-labelledby="devices-heading">
      <h2 id="devices-heading" className="mb-2 text-xl font-semibold">
        Where you are signed in
      </h2>
      <p className="mb-4 text-sm text-stone-700">
        Signed in on a shared computer, or on a phone you no longer have? Sign it out here.
      </p>
      {error && <Alert>{describeError(error)}</Alert>}
      {told && <Alert variant="success">{told}</Alert>}
      {sessions.isPending ? (
        <Loading label="Loading where you are signed in…" className="py-4" />
      ) : (
        <ul className="mb-4 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {list.map((s) => (
            <SessionItem
              key={s.id}
              className="p-4"
              name={deviceLabel(s.device)}
              current={s.current}
              details={[
                [deviceKind(s.device), showApp ? s.appName : undefined].filter(Boolean).join(' · '),
                activity(s),
              ].filter(Boolean)}
              busy={endOne.isPending && endOne.variables?.id === s.id}
              onEnd={() => {
                setTold(undefined);
                endOne.mutate(s);
              }}
            />
          ))}
        </ul>
      )}
      {others > 0 && (
        <Button
          variant="secondary"
          busy={endOthers.isPending}
          onClick={() => {
            setTold(undefined);
            endOthers.mutate();
          }}
        >
          Sign out of other devices
        </Button>
      )}
    </section>
  );
}

/** When it signed in, and when it was last active where that was another day (this one: now). */
function activity(s: MemberSessionView): string {
  const signedIn = `Signed in ${when(s.createdDate)}`;
  if (s.current) return `${signedIn} · Active now`;
  const last = when(s.lastActiveDate);
  return last === when(s.createdDate) ? signedIn : `${signedIn} · Last active ${last}`;
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
