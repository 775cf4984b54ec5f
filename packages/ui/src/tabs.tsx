import { Children, type ReactNode } from 'react';

/**
 * A row of links that look like tabs, for views kept in the URL (a period, a status): each is a
 * real link (so it can be opened, shared, and reached with Tab), the current one marked
 * `aria-current="page"`. Style each link with `tabClass(current)`.
 */
export function Tabs({
  label,
  className = 'mb-4',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="inline-flex flex-wrap gap-1 rounded-xl border border-line bg-surface p-1">
        {Children.map(children, (c) => (c ? <li>{c}</li> : null))}
      </ul>
    </nav>
  );
}

/** A tab link's classes: 44 px high on touch, 36 px with a mouse; the current one filled. */
export const tabClass = (current: boolean) =>
  `inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-medium pointer-coarse:min-h-11 ${
    current ? 'bg-indigo-700 text-white' : 'hover:bg-hover'
  }`;
