/**
 * Collections to tick, in a short scrolling list (as `ProductChecklist` does products): the
 * store's collections (the first 100 by name, hidden ones marked), and any chosen one beyond them
 * by its name or as a deleted collection, so that saving never drops a collection the list did not
 * show. Used for a discount's collections and for the collections a condition counts.
 */
import { Choice } from '@vitrine/ui';
import { useCollectionList, useCollectionNames } from '../collections.ts';

export function CollectionChecklist({
  id,
  legend,
  hint,
  selected,
  onChange,
  error,
}: {
  /** The fieldset's id (server errors and focus find it); its error is `${id}-error`. */
  id: string;
  legend: string;
  hint?: string;
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const list = useCollectionList();
  const name = useCollectionNames(selected);
  const listed = list.data?.categories ?? [];
  const others = list.data ? selected.filter((c) => !listed.some((l) => l.id === c)) : [];
  const rows = [
    ...listed.map((c) => ({ id: c.id, name: c.name, hidden: !c.visible })),
    ...others.map((c) => {
      const n = name(c);
      return {
        id: c,
        name: n ?? (n === null ? 'A deleted collection' : 'A collection not listed'),
        hidden: false,
      };
    }),
  ];
  const toggle = (collection: string, on: boolean) =>
    onChange(on ? [...selected, collection] : selected.filter((c) => c !== collection));
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
        {rows.map((c) => (
          <Choice
            key={c.id}
            type="checkbox"
            value={c.id}
            checked={selected.includes(c.id)}
            onChange={(e) => toggle(c.id, e.currentTarget.checked)}
          >
            {c.name}
            {c.hidden && <span className="text-xs text-muted">(hidden)</span>}
          </Choice>
        ))}
        {list.isPending && <p className="text-sm text-muted">Loading collections…</p>}
        {list.isError && <p className="text-sm text-danger">The collections could not be loaded.</p>}
        {rows.length === 0 && list.data && (
          <p className="text-sm text-muted">
            The store has no collections yet: make them under Catalog → Categories.
          </p>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
