import type { HTMLAttributes } from 'react';

// The text colour; the edge and the tint are made from it (as the Alert's), readable in both schemes.
const tones = {
  neutral: 'text-muted',
  info: 'text-info',
  success: 'text-success',
  warning: 'text-warning',
  danger: 'text-danger',
};

export type BadgeTone = keyof typeof tones;

/**
 * A short status in a pill ("Paid", "Not fulfilled"). The words carry the meaning; the colour
 * only repeats it. Not a live region: say changes elsewhere.
 */
export function Badge({
  tone = 'neutral',
  className = '',
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      {...rest}
      className={`inline-flex items-center rounded-full border border-current/30 bg-current/5 px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tones[tone]} ${className}`}
    />
  );
}
