import { useEffect, useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { Money } from '@vitrine/sdk/react';

export const STORE_NAME = 'Vitrine';

/** Sets the tab title after client-side navigation (the server writes it into the HTML). */
export function useTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · ${STORE_NAME}`;
  }, [title]);
}

const buttonTones = {
  primary: 'bg-indigo-700 text-white hover:bg-indigo-800 disabled:bg-stone-400',
  secondary: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-400',
  ghost: 'text-stone-800 underline-offset-2 hover:underline disabled:text-stone-400',
};

export function Button({ busy, tone = 'primary', className = '', children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; tone?: keyof typeof buttonTones }) {
  return (
    <button
      type="button"
      {...rest}
      disabled={busy || rest.disabled}
      aria-busy={busy || undefined}
      className={`inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 font-medium disabled:cursor-not-allowed ${buttonTones[tone]} ${className}`}
    >
      {busy ? 'Please wait…' : children}
    </button>
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
        className="block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base aria-invalid:border-red-700"
        {...input}
      />
      {hint && <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">{hint}</p>}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

export function Select({ label, children, className = '', ...rest }: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">{label}</label>
      <select id={id} className="block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-base" {...rest}>{children}</select>
    </div>
  );
}

/** Errors and notices, announced to screen readers. */
export function Alert({ kind = 'error', children }: { kind?: 'error' | 'info'; children: ReactNode }) {
  if (!children) return null;
  const tone = kind === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-indigo-200 bg-indigo-50 text-indigo-900';
  return <div role={kind === 'error' ? 'alert' : 'status'} className={`mb-4 rounded-lg border px-3 py-2 text-sm ${tone}`}>{children}</div>;
}

/** A price, with the compare-at price struck through when it is higher. */
export function Price({ price, compareAt, className = '' }: { price?: Money; compareAt?: Money; className?: string }) {
  if (!price) return null;
  const discounted = compareAt && Number(compareAt.amount) > Number(price.amount);
  return (
    <span className={className}>
      {discounted && <span className="sr-only">Sale price </span>}
      <span className={discounted ? 'font-semibold text-red-800' : 'font-semibold'}>{price.formattedAmount}</span>
      {discounted && (
        <>
          {' '}<span className="sr-only">, regular price </span>
          <s className="text-stone-600">{compareAt.formattedAmount}</s>
        </>
      )}
    </span>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return <p role="status" className="py-8 text-center text-stone-600">{label}</p>;
}

export function PageHeading({ children }: { children: ReactNode }) {
  return <h1 className="mb-6 text-2xl font-semibold tracking-tight sm:text-3xl">{children}</h1>;
}
