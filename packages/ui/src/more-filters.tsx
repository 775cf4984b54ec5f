/**
 * The filters past a list's search. On a phone they fold behind "More filters" until asked for,
 * unless some are set (`set`, counted on the button), so the list comes first; on wider screens
 * they are always open (the button is not shown). Folded, they stay in the form (hidden), so
 * applying keeps them. `className` lays out the open filters (`md:contents`: in the form's grid).
 */
import { useId, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';

export function MoreFilters({
  set,
  className = '',
  children,
}: {
  set: number;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(set > 0);
  const id = useId();
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="mb-4 md:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Fewer filters' : set > 0 ? `More filters (${set})` : 'More filters'}
      </Button>
      <div
        id={id}
        className={[open ? '' : 'max-md:hidden', className].filter(Boolean).join(' ') || undefined}
      >
        {children}
      </div>
    </>
  );
}
