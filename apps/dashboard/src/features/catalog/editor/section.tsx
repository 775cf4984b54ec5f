import { useId, type ReactNode } from 'react';

/** One part of the editor: a card with its heading (a named region). */
export function EditorSection({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mb-4 rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <p className="text-sm text-muted">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A bare input in a table cell, labelled for screen readers, with its error under it. */
export function CellInput({
  id,
  label,
  value,
  onChange,
  error,
  inputMode,
  className = 'w-28',
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | undefined;
  inputMode?: 'decimal' | 'numeric' | 'text';
  className?: string;
}) {
  return (
    <>
      <input
        id={id}
        aria-label={label}
        value={value}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`ui-control ${className}`}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 max-w-40 text-xs text-danger">
          {error}
        </p>
      )}
    </>
  );
}
