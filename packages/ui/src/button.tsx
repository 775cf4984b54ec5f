import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './loading.tsx';

const variants = {
  primary: 'bg-indigo-700 text-white hover:bg-indigo-800 disabled:bg-stone-500',
  secondary: 'border border-control/50 bg-surface hover:bg-hover disabled:text-muted',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-stone-500',
  ghost: 'hover:bg-hover disabled:text-muted',
  link: 'text-accent underline underline-offset-2 hover:no-underline disabled:text-muted',
};
// Small buttons keep the 44 px target where the pointer is a finger.
const sizes = { md: 'min-h-11 px-4 py-2', sm: 'min-h-9 px-3 py-1 text-sm pointer-coarse:min-h-11' };

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** A button's classes, for a link that looks like one (`<a className={buttonClass('secondary')}>`). */
export const buttonClass = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md') =>
  `inline-flex items-center justify-center gap-2 rounded-lg font-medium disabled:cursor-not-allowed ${sizes[size]} ${variants[variant]}`;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Work in progress: a spinner before the label (which stays), `aria-busy`, and clicks (and so
   * form submission) ignored. It is `aria-disabled`, not `disabled`, so that focus stays on it.
   */
  busy?: boolean;
};

/** A `type="button"` unless told otherwise; `className` is for layout (width, margins), not colours. */
export function Button({ variant, size, busy, className = '', children, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={busy ? (e) => e.preventDefault() : rest.onClick}
      className={`${buttonClass(variant, size)} ${className}`}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
