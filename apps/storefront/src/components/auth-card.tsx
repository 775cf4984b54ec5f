/** The frame and the form state the sign-in, sign-up and password pages share. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Card as Panel, PageHeading } from '@vitrine/ui';
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

/** A form's submit handler, busy flag and error: `run` answers the error to show, if any. */
export function useForm(run: (form: FormData, env: Env) => Promise<string | undefined>) {
  const env = useEnv();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      setError(await run(new FormData(e.currentTarget), env));
    } catch (err) {
      setError(err instanceof Error && !('details' in err) ? err.message : describeError(err));
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy, error };
}
