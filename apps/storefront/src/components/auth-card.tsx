/** The frame and the form state the sign-in, sign-up and password pages share. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Card as Panel, PageHeading, type AuthFieldErrors } from '@vitrine/ui';
import { useEnv, type Env } from '../env.tsx';
import { describeError } from '../errors.ts';
import { useTitle } from '../use-title.ts';

/** One narrow card with the page's title (also the document's), and a line under it. */
export function Card({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useTitle(title);
  return (
    <div className="mx-auto max-w-md">
      <Panel>
        <PageHeading>{title}</PageHeading>
        {children}
      </Panel>
      {footer && <div className="mt-4 text-center text-sm text-stone-700">{footer}</div>}
    </div>
  );
}

/**
 * What a form's run answers: nothing (done), the error to show, or that with errors beside fields
 * (`fields`) and a line under the error (`hint`: the tries left).
 */
export type Outcome =
  string | undefined | { error?: string | undefined; fields?: AuthFieldErrors; hint?: string | undefined };

const NO_FIELDS: AuthFieldErrors = {};

/**
 * A form's submit handler, busy flag, error, field errors and hint: `run` answers the outcome.
 * With field errors, the page puts `useFocusFirstInvalid(f.fields)` on the form.
 */
export function useForm(run: (form: FormData, env: Env) => Promise<Outcome>) {
  const env = useEnv();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [hint, setHint] = useState<string>();
  const [fields, setFields] = useState<AuthFieldErrors>(NO_FIELDS);
  const show = (o: Outcome) => {
    const shown = typeof o === 'object' ? o : { error: o };
    setError(shown.error);
    setHint(shown.hint);
    setFields(shown.fields ?? NO_FIELDS);
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    show(undefined);
    try {
      show(await run(new FormData(e.currentTarget), env));
    } catch (err) {
      show(err instanceof Error && !('details' in err) ? err.message : describeError(err));
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy, error, hint, fields };
}
