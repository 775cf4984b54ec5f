import { Children, useEffect, useRef, type ReactNode } from 'react';

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
  const list = useRef<HTMLUListElement>(null);
  // On a phone the row scrolls: the current tab is brought into it (centred when it can be).
  useEffect(() => {
    const ul = list.current;
    const current = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !current || ul.scrollWidth <= ul.clientWidth) return;
    ul.scrollLeft = Math.max(0, current.offsetLeft - (ul.clientWidth - current.offsetWidth) / 2);
    // Once, as the page opens (each page draws its own tabs): never against the user's own scrolling.
  }, []);
  return (
    <nav aria-label={label} className={className}>
      {/* One row that scrolls sideways on a phone (the page's content stays on the first screen);
          wrapping from the sm breakpoint on. */}
      <ul
        ref={list}
        className="relative inline-flex max-w-full gap-1 overflow-x-auto rounded-xl border border-line bg-surface p-1 whitespace-nowrap sm:flex-wrap sm:whitespace-normal"
      >
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
