import type { HTMLAttributes } from 'react';

// The text colour; the edge and the tint are made from it.
const variants = {
  error: 'text-danger',
  info: 'text-info',
  success: 'text-success',
  warning: 'text-warning',
};

export type AlertVariant = keyof typeof variants;

/**
 * A message box, rendered only when it has content (`<Alert>{error}</Alert>`). Errors are
 * announced at once (`role="alert"`), the others politely (`role="status"`); `live={false}`
 * makes a static notice that is part of the page from the start.
 */
export function Alert({
  variant = 'error',
  live = true,
  className = 'mb-4',
  children,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { variant?: AlertVariant; live?: boolean }) {
  if (!children) return null;
  return (
    <div
      role={live ? (variant === 'error' ? 'alert' : 'status') : undefined}
      {...rest}
      className={`rounded-lg border border-current/30 bg-current/5 px-3 py-2 text-sm ${variants[variant]} ${className}`}
    >
      {children}
    </div>
  );
}
