import { useState, type FormEvent } from 'react';
import { describeError } from './api.ts';

/**
 * A sign-in style form's state: busy while the call runs, the error to announce, the field
 * errors, and the captcha the server asks for (-19971 / -19970) with its solved payload.
 * `run` returns an error text to show, or nothing.
 */
export function useSubmit(run: (form: FormData, captcha: string | undefined) => Promise<string | undefined>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captcha, setCaptcha] = useState<string>();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      setError(await run(form, captcha));
    } catch (err) {
      const d = describeError(err);
      if (d.code === '-19971' || d.code === '-19970') setNeedCaptcha(true);
      setCaptcha(undefined);
      setError(d.message);
      setFields(d.fields);
    } finally {
      setBusy(false);
    }
  }

  return { submit, busy, error, fields, needCaptcha, captcha, setCaptcha };
}
