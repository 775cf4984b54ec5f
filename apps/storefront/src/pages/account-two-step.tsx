/**
 * Two-step sign-in in the account's Security tab: setting up an authenticator app (a QR code and
 * the key as text, then a code from the app), the ten recovery codes shown once, and turning it
 * off (with a code from the app or a recovery code). Signing in then asks for a code (auth.tsx).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorCode, memberCalls } from '@vitrine/sdk';
import { memberQueries } from '@vitrine/sdk/react';
import { Alert, AuthenticatorKey, Button, Field, Loading } from '@vitrine/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CodeField } from '../components/code-field.tsx';
import { useEnv } from '../env.tsx';
import { describeError } from '../errors.ts';

type Enrolment = Awaited<ReturnType<typeof memberCalls.enrollTotp>>;
const problem = (e: unknown) =>
  errorCode(e) === 'VERIFICATION_FAILED'
    ? 'That code is not right. Check the app and try again.'
    : describeError(e);
/** The code a form's `code` field holds, without spaces. */
const codeOf = (e: FormEvent<HTMLFormElement>) =>
  String(new FormData(e.currentTarget).get('code') ?? '').replace(/\s/g, '');

export function TwoStep() {
  const { http } = useEnv();
  const queryClient = useQueryClient();
  const factors = useQuery(memberQueries.factors(http));
  const changed = () => queryClient.invalidateQueries({ queryKey: memberQueries.factors(http).queryKey });
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const [turningOff, setTurningOff] = useState(false);
  const start = useMutation({ mutationFn: () => memberCalls.enrollTotp(http), onSuccess: setEnrolment });
  const confirm = useMutation({
    mutationFn: (code: string) => memberCalls.confirmTotp(http, code),
    onSuccess: (r) => {
      setEnrolment(undefined);
      setRecoveryCodes(r.recoveryCodes);
      return changed();
    },
  });
  const remove = useMutation({
    mutationFn: (code: string) => memberCalls.removeTotp(http, code),
    onSuccess: () => {
      setTurningOff(false);
      return changed();
    },
  });
  const on = factors.data?.some((f) => f.type === 'TOTP' && f.status === 'ACTIVE');
  // A step replaces the button that had focus: focus moves to the section's heading (read aloud).
  const heading = useRef<HTMLHeadingElement>(null);
  const view = enrolment ? 'enrol' : recoveryCodes ? 'codes' : on;
  const lastView = useRef(view);
  useEffect(() => {
    if (lastView.current !== undefined && lastView.current !== view) heading.current?.focus();
    lastView.current = view;
  }, [view]);
  const failed = [start, confirm, remove].find((m) => m.isError)?.error;

  let body;
  if (factors.isPending) body = <Loading label="Loading your sign-in settings…" />;
  else if (factors.isError) body = <Alert>{describeError(factors.error)}</Alert>;
  else if (recoveryCodes)
    body = (
      <>
        <Alert variant="success">Two-step sign-in is on.</Alert>
        <p className="mb-2">
          Save these recovery codes somewhere safe. Each signs you in once if you lose your phone; they are
          not shown again.
        </p>
        <ol
          aria-label="Recovery codes"
          className="mb-4 grid grid-cols-2 gap-x-4 rounded-lg border border-stone-200 bg-stone-50 p-3 font-mono"
        >
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <Button onClick={() => setRecoveryCodes(undefined)}>I saved them</Button>
      </>
    );
  else if (enrolment)
    body = (
      <>
        <p className="mb-4">
          Scan this code with an authenticator app (such as Google Authenticator, 1Password or Aegis), then
          enter the 6-digit code it shows.
        </p>
        <AuthenticatorKey uri={enrolment.otpauthUri} secret={enrolment.secret} />
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate(codeOf(e));
          }}
        >
          <CodeField label="Code from the app" />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={confirm.isPending}>
              Turn on
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                confirm.reset();
                setEnrolment(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      </>
    );
  else if (on)
    body = (
      <>
        <p className="mb-4">On: signing in asks for a code from your authenticator app.</p>
        {turningOff ? (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              remove.mutate(codeOf(e));
            }}
          >
            <Field
              label="A code from the app, or a recovery code"
              name="code"
              autoComplete="one-time-code"
              spellCheck={false}
              maxLength={20}
              required
              autoFocus
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="danger" busy={remove.isPending}>
                Turn off
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  remove.reset();
                  setTurningOff(false);
                }}
              >
                Keep it on
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="secondary" onClick={() => setTurningOff(true)}>
            Turn off two-step sign-in…
          </Button>
        )}
      </>
    );
  else
    body = (
      <>
        <p className="mb-4">
          Off. Add a second step to signing in: a code from an authenticator app on your phone, so your
          password alone is not enough.
        </p>
        <Button busy={start.isPending} onClick={() => start.mutate()}>
          Set up two-step sign-in
        </Button>
      </>
    );
  return (
    <section aria-labelledby="two-step-heading">
      <h2 id="two-step-heading" ref={heading} tabIndex={-1} className="mb-4 text-xl font-semibold">
        Two-step sign-in
      </h2>
      {failed !== undefined && <Alert>{problem(failed)}</Alert>}
      {body}
    </section>
  );
}
