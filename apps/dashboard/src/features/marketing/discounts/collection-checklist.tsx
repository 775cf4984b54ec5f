/**
 * Collections to tick, in a short scrolling list (as `ProductChecklist` does products): the
 * store's collections (the first 100 by name, hidden ones marked), and any chosen one beyond them
 * by its name or as a deleted collection, so that saving never drops a collection the list did not
 * show. Used for a discount's collections and for the collections a condition counts.
 */
import { useCollectionList, useCollectionNames } from '../collections.ts';
import { Checklist, type ChecklistProps } from './checklist.tsx';

export function CollectionChecklist(props: ChecklistProps) {
  const list = useCollectionList();
  const name = useCollectionNames(props.selected);
  const listed = list.data?.categories ?? [];
  const others = list.data ? props.selected.filter((c) => !listed.some((l) => l.id === c)) : [];
  const rows = [
    ...listed.map((c) => ({ id: c.id, name: c.name, ...(c.visible ? {} : { note: '(hidden)' }) })),
    ...others.map((c) => {
      const n = name(c);
      return { id: c, name: n ?? (n === null ? 'A deleted collection' : 'A collection not listed') };
    }),
  ];
  return (
    <Checklist {...props} rows={rows}>
      {list.isPending && <p className="text-sm text-muted">Loading collections…</p>}
      {list.isError && <p className="text-sm text-danger">The collections could not be loaded.</p>}
      {rows.length === 0 && list.data && (
        <p className="text-sm text-muted">
          The store has no collections yet: make them under Catalog → Categories.
        </p>
      )}
    </Checklist>
  );
}
