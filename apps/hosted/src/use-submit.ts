import { useState, type FormEvent } from 'react';
import { CHECK_FIELDS_WORDS } from '@vitrine/ui';
import { describeError } from './api.ts';

const NO_FIELDS: Record<string, string> = {};

/**
 * A sign-in style form's state: busy while the call runs, the error to announce, the field
 * errors (every wrong field at once: `check` finds them before anything is sent; the page puts
 * `useFocusFirstInvalid(f.fields)` on the form), the tries left after a wrong password (`hint`), and the
 * captcha the server asks for (-19971 / -19970) with its solved payload. `run` returns an error
 * text to show, or nothing.
 */
export function useSubmit(
  run: (form: FormData, captcha: string | undefined) => Promise<string | undefined>,
  check: (form: FormData) => Record<string, string> = () => NO_FIELDS,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [hint, setHint] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>(NO_FIELDS);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captcha, setCaptcha] = useState<string>();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setError(undefined);
    setHint(undefined);
    const problems = check(form);
    setFields(problems);
    if (Object.keys(problems).length) {
      setError(CHECK_FIELDS_WORDS);
      return;
    }
    setBusy(true);
    try {
      setError(await run(form, captcha));
    } catch (err) {
      const d = describeError(err);
      if (d.code === '-19971' || d.code === '-19970') setNeedCaptcha(true);
      setCaptcha(undefined);
      setError(d.message);
      setHint(d.hint);
      setFields(d.fields);
    } finally {
      setBusy(false);
    }
  }

  return { submit, busy, error, hint, fields, needCaptcha, captcha, setCaptcha };
}
