import { Card } from '@vitrine/ui';
import type { ReactNode, Ref } from 'react';
import { useStoreName } from '../store-name.ts';

// The checkout's own parts (its frame, steps, lines and totals); the primitives are @vitrine/ui's.

/** The checkout's frame: wider than the sign-in card, one column on phones, summary beside the steps from `lg`. */
export function Shell({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  const storeName = useStoreName();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <header className="mb-6 flex items-center justify-between">
        <p className="text-lg font-semibold tracking-tight">{storeName || 'Checkout'}</p>
        <p className="flex items-center gap-1 text-sm text-muted">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
            <path d="M10 2a4 4 0 0 0-4 4v2H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1h-1V6a4 4 0 0 0-4-4Zm-2 6V6a2 2 0 1 1 4 0v2H8Z" />
          </svg>
          Secure checkout
        </p>
      </header>
      <div className={aside ? 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start' : ''}>
        <main className="min-w-0 space-y-6">{children}</main>
        {aside && (
          <aside aria-label="Order summary" className="min-w-0 lg:sticky lg:top-6">
            {aside}
          </aside>
        )}
      </div>
    </div>
  );
}

/** A numbered step; its heading takes focus when the step opens (keyboard and screen-reader users land there). */
export function Step({
  n,
  title,
  headingRef,
  done,
  children,
  action,
}: {
  n: number;
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  done?: boolean;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={`step-${n}`}>
        <div className="mb-4 flex items-center justify-between gap-2">
          <h2
            id={`step-${n}`}
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold tracking-tight outline-none"
          >
            <span
              className={`mr-2 inline-flex size-7 items-center justify-center rounded-full text-sm ${done ? 'bg-emerald-600 text-white' : 'bg-indigo-600 text-white'}`}
              aria-hidden="true"
            >
              {done ? '✓' : n}
            </span>
            {title}
          </h2>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** "Color: Sage · Size: M" from a line's description lines. */

export function LineItem({
  name,
  image,
  options,
  quantity,
  price,
  note,
}: {
  name: string;
  image?: string;
  options: string;
  quantity: number;
  price: string;
  note?: string;
}) {
  return (
    <li className="flex gap-3 py-3">
      <div className="relative shrink-0">
        {image ? (
          <img
            src={image}
            alt=""
            width={56}
            height={56}
            className="size-14 rounded-lg border border-stone-200 object-cover dark:border-stone-700"
          />
        ) : (
          <div className="size-14 rounded-lg border border-stone-200 bg-stone-100 dark:border-stone-700 dark:bg-stone-800" />
        )}
        <span
          className="absolute -top-2 -right-2 inline-flex min-w-5 items-center justify-center rounded-full bg-stone-700 px-1 text-xs text-white"
          aria-hidden="true"
        >
          {quantity}
        </span>
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium break-words">{name}</p>
        {options && <p className="text-muted">{options}</p>}
        <p className="sr-only">Quantity: {quantity}</p>
        {note && <p className="text-danger">{note}</p>}
      </div>
      <p className="text-sm font-medium whitespace-nowrap">{price}</p>
    </li>
  );
}

export function Totals({ rows, total }: { rows: [string, string, boolean?][]; total: [string, string] }) {
  return (
    <dl className="space-y-1 border-t border-line pt-3 text-sm">
      {rows.map(([label, value, credit]) => (
        <div key={label} className="flex justify-between gap-2">
          <dt className="text-muted">{label}</dt>
          <dd className={credit ? 'text-success' : ''}>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-2 border-t border-line pt-2 text-base font-semibold">
        <dt>{total[0]}</dt>
        <dd>{total[1]}</dd>
      </div>
    </dl>
  );
}
