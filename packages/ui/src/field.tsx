import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { controlClass } from './classes.ts';

export interface FrameProps {
  label: ReactNode;
  /** Help shown under the control, read with it (`aria-describedby`). */
  hint?: ReactNode;
  /** The problem with the value: marks the control `aria-invalid` and is read with it. */
  error?: ReactNode;
  /** Announce the error when it appears (`role="alert"`), for forms with no error summary of their own. */
  announceError?: boolean;
  /** Beside the control, e.g. an Apply button. */
  action?: ReactNode;
  /** The wrapper's classes (default `mb-4`). */
  className?: string;
}

export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

/** Label, control, hint and error, wired together by ids. */
export function Frame({
  id,
  label,
  hint,
  error,
  announceError,
  action,
  className = 'mb-4',
  control,
}: FrameProps & { id: string | undefined; control: (p: ControlProps) => ReactNode }) {
  const auto = useId();
  const base = id ?? auto;
  const described =
    [error ? `${base}-error` : '', hint ? `${base}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const input = control({
    id: base,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    className: controlClass,
  });
  return (
    <div className={className}>
      <label htmlFor={base} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {action ? (
        <div className="flex gap-2">
          {input}
          {action}
        </div>
      ) : (
        input
      )}
      {hint && (
        <p id={`${base}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={`${base}-error`}
          role={announceError ? 'alert' : undefined}
          className="mt-1 text-sm text-danger"
        >
          {error}
        </p>
      )}
    </div>
  );
}

export type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & FrameProps;

/** A labelled text input (any `type` but checkbox and radio: see `Choice`). */
export function Field({ label, hint, error, announceError, action, className, id, ...input }: FieldProps) {
  return (
    <Frame
      {...{ id, label, hint, error, announceError, action, className }}
      control={(p) => <input {...input} {...p} />}
    />
  );
}
