/**
 * A fieldset of checkboxes in a short scrolling box, with an optional hint and an error under it:
 * what `ProductChecklist` and `CollectionChecklist` show, each with its own rows and load states.
 */
import { Choice } from '@vitrine/ui';
import type { ReactNode } from 'react';

export interface ChecklistRow {
  id: string;
  name: string;
  /** Shown after the name, smaller ("(hidden)"). */
  note?: string;
}

export interface ChecklistProps {
  /** The fieldset's id (server errors and focus find it); its error is `${id}-error`. */
  id: string;
  legend: string;
  hint?: string;
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}

export function Checklist({
  id,
  legend,
  hint,
  selected,
  onChange,
  error,
  rows,
  children,
}: ChecklistProps & {
  rows: readonly ChecklistRow[];
  /** Loading, failure and empty states, under the rows. */
  children?: ReactNode;
}) {
  const toggle = (row: string, on: boolean) =>
    onChange(on ? [...selected, row] : selected.filter((r) => r !== row));
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset id={id} className="mb-4" aria-describedby={described || undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mb-2 text-sm text-muted">
          {hint}
        </p>
      )}
      <div className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-line p-2">
        {rows.map((r) => (
          <Choice
            key={r.id}
            type="checkbox"
            value={r.id}
            checked={selected.includes(r.id)}
            onChange={(e) => toggle(r.id, e.currentTarget.checked)}
          >
            {r.name}
            {r.note && <span className="text-xs text-muted">{r.note}</span>}
          </Choice>
        ))}
        {children}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
