import { useId, type ReactNode, type TableHTMLAttributes } from 'react';

export type TableProps = TableHTMLAttributes<HTMLTableElement> & {
  /** The table's name (its `<caption>`), also the name of the scrolling region around it. */
  caption: ReactNode;
  /** Keep the caption for screen readers only (the page's heading already says it). */
  hideCaption?: boolean;
  /** The wrapper's classes (default `mb-4`). */
  className?: string;
};

/**
 * A data table: `<thead>` / `<tbody>` with `<th scope>` headers, styled here. It scrolls sideways
 * inside its own region when narrower than its columns (a 768 px screen), and that region can be
 * focused and scrolled with the keyboard and is named by the caption.
 */
export function Table({ caption, hideCaption, className = 'mb-4', children, ...rest }: TableProps) {
  const id = useId();
  return (
    <div
      role="region"
      aria-labelledby={id}
      tabIndex={0}
      className={`relative overflow-x-auto rounded-2xl border border-line bg-surface ${className}`}
    >
      <table
        {...rest}
        className="w-full border-collapse text-left text-sm [&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_tbody_th]:align-top [&_th]:px-3 [&_th]:py-2 [&_thead_th]:font-medium [&_thead_th]:whitespace-nowrap [&_thead_th]:text-muted [&_tbody_tr]:border-t [&_tbody_tr]:border-line"
      >
        <caption id={id} className={hideCaption ? 'sr-only' : 'px-3 pt-3 text-left font-semibold'}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
