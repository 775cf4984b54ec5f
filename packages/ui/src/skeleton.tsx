import type { ReactNode } from 'react';

/** A grey placeholder block in the shape of what is coming (size it with `className`). */
export function Skeleton({ className = 'h-4' }: { className?: string }) {
  return <div className={`rounded-lg bg-line motion-safe:animate-pulse ${className}`} />;
}

/**
 * A polite status for content that is loading, shown as its skeleton (`children`, hidden from
 * screen readers) while the label is read to screen readers only. Where the layout is unknown,
 * `Loading` (a spinner and the label) says the same.
 */
export function LoadingSkeleton({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="space-y-3">
        {children}
      </div>
    </div>
  );
}
