import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';

export function Page({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center px-4 py-10">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm dark:border-stone-800 dark:bg-stone-900">
        <h1 className="mb-6 text-2xl font-semibold tracking-tight">{title}</h1>
        {children}
      </div>
      {footer && <div className="mt-4 text-center text-sm text-stone-600 dark:text-stone-400">{footer}</div>}
    </main>
  );
}

export function Field({ label, error, hint, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base aria-invalid:border-red-600 dark:border-stone-700 dark:bg-stone-950"
        {...input}
      />
      {hint && <p id={`${id}-hint`} className="mt-1 text-xs text-stone-600 dark:text-stone-400">{hint}</p>}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</p>}
    </div>
  );
}

export function Button({ busy, children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean }) {
  return (
    <button
      {...rest}
      disabled={busy || rest.disabled}
      aria-busy={busy || undefined}
      className="w-full rounded-lg bg-indigo-600 px-4 py-2.5 font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
    >
      {busy ? 'Please wait…' : children}
    </button>
  );
}

/** Errors and notices, announced to screen readers. */
export function Alert({ kind = 'error', children }: { kind?: 'error' | 'info'; children: ReactNode }) {
  if (!children) return null;
  const tone = kind === 'error'
    ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200'
    : 'border-indigo-200 bg-indigo-50 text-indigo-900 dark:border-indigo-900 dark:bg-indigo-950 dark:text-indigo-100';
  return <div role={kind === 'error' ? 'alert' : 'status'} className={`mb-4 rounded-lg border px-3 py-2 text-sm ${tone}`}>{children}</div>;
}
