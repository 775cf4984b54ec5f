import { useId, useLayoutEffect, useRef, type ReactNode, type TableHTMLAttributes } from 'react';

export type TableProps = TableHTMLAttributes<HTMLTableElement> & {
  /** The table's name (its `<caption>`), also the name of the scrolling box around it. */
  caption: ReactNode;
  /** Keep the caption for screen readers only (the page's heading already says it). */
  hideCaption?: boolean;
  /**
   * Below 768 px, show each row as a card: its row header on top, every other cell under the name
   * of its column, the actions last (default). `false` for a table narrow enough to stay a table.
   */
  stack?: boolean;
  /** The wrapper's classes (default `mb-4`). */
  className?: string;
};

/**
 * A data table: `<thead>` / `<tbody>` with `<th scope>` headers, styled here. On a phone its rows
 * become cards (`stack`), so that nothing, not even a row's actions, sits past the screen's edge.
 * Otherwise it scrolls sideways inside its own box when narrower than its columns, and that box
 * can be focused and scrolled with the keyboard and is named by the caption. The box is a named
 * `group`, not a `region`: a region is a landmark, and a table in a section of the same name
 * ("Payments" in "Payments") made two landmarks of one name (axe `landmark-unique`).
 */
export function Table({
  caption,
  hideCaption,
  stack = true,
  className = 'mb-4',
  children,
  ...rest
}: TableProps) {
  const id = useId();
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (!stack || !table) return;
    labelCells(table);
    // Rows come and go with the data: label the new ones (attributes set here do not notify this).
    const watch = new MutationObserver(() => labelCells(table));
    watch.observe(table, { childList: true, subtree: true, characterData: true });
    return () => watch.disconnect();
  }, [stack]);
  return (
    <div
      role="group"
      aria-labelledby={id}
      tabIndex={0}
      className={`relative overflow-x-auto rounded-2xl border border-line bg-surface ${className}`}
    >
      <table {...rest} ref={ref} className={stack ? 'ui-table ui-table-stack' : 'ui-table'}>
        <caption id={id} className={hideCaption ? 'sr-only' : 'px-3 pt-3 text-left font-semibold'}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

/** A header cell's words as seen (not its screen-reader-only ones: an "Actions" column shows none). */
function shownText(cell: HTMLTableCellElement): string {
  const copy = cell.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
  return copy.textContent?.trim() ?? '';
}

/**
 * Stacked cards are blocks, and some browsers then stop reading the elements as a table: say so in
 * ARIA roles, which hold whatever the display. Each data cell is given the name of its column
 * (`data-label`), which the stacked style shows before it.
 */
function labelCells(table: HTMLTableElement) {
  table.setAttribute('role', 'table');
  const names: string[] = [];
  for (const head of table.tHead?.rows[0]?.cells ?? []) {
    names.push(shownText(head), ...Array<string>(head.colSpan - 1).fill(''));
  }
  for (const group of [table.tHead, ...table.tBodies, table.tFoot]) {
    if (!group) continue;
    group.setAttribute('role', 'rowgroup');
    for (const row of group.rows) {
      row.setAttribute('role', 'row');
      let column = 0;
      for (const cell of row.cells) {
        const header = cell.tagName === 'TH';
        const role = !header ? 'cell' : group === table.tHead ? 'columnheader' : 'rowheader';
        if (cell.getAttribute('role') !== role) cell.setAttribute('role', role);
        const name = !header && cell.colSpan === 1 ? names[column] : '';
        if (name) {
          if (cell.dataset.label !== name) cell.dataset.label = name;
        } else if (cell.dataset.label !== undefined) delete cell.dataset.label;
        column += cell.colSpan;
      }
    }
  }
}
