import type { HTMLAttributes, ReactNode } from 'react';

/** A panel on the page, with an edge (`className` adds to it: width, margins). */
export function Card({ className = '', children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div {...rest} className={`rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6 ${className}`}>
      {children}
    </div>
  );
}

/** Text for screen readers only. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="sr-only">{children}</span>;
}
