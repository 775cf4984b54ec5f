/** A turning ring in the text colour, hidden from screen readers (say what is loading next to it). */
export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`shrink-0 rounded-full border-2 border-current border-r-transparent motion-safe:animate-spin ${className}`}
    />
  );
}

/** A polite status saying what is loading: a spinner and the label. */
export function Loading({ label = 'Loading…', className = 'py-8' }: { label?: string; className?: string }) {
  return (
    <p role="status" className={`flex items-center justify-center gap-2 text-muted ${className}`}>
      <Spinner />
      {label}
    </p>
  );
}
