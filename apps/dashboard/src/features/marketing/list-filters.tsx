/** A marketing list's search form over the URL: words, and whether the item is switched on. */
import { Button, buttonClass, Field, Select } from '@vitrine/ui';
import type { FormEvent } from 'react';
import { Link } from 'react-router';

export interface ListFilterValues {
  q?: string | undefined;
  active?: 'true' | 'false' | undefined;
}

export function ListFilters({
  label,
  hint,
  values,
  clearHref,
  onApply,
}: {
  /** The search region's name ("Coupons"). */
  label: string;
  hint: string;
  values: ListFilterValues;
  clearHref: string;
  onApply: (v: ListFilterValues & { cursor: undefined }) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const q = String(f.get('q') ?? '').trim() || undefined;
    const active = (String(f.get('active') ?? '') || undefined) as 'true' | 'false' | undefined;
    onApply({ q, active, cursor: undefined });
  };
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      className="mb-4 rounded-2xl border border-line bg-surface p-4"
    >
      <div className="grid gap-x-4 md:grid-cols-[1fr_14rem]">
        <Field label="Search" name="q" type="search" defaultValue={values.q ?? ''} hint={hint} />
        <Select label="Status" name="active" defaultValue={values.active ?? ''}>
          <option value="">On or off</option>
          <option value="true">On</option>
          <option value="false">Off</option>
        </Select>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Search</Button>
        {(values.q || values.active) && (
          <Link to={clearHref} className={buttonClass('secondary')}>
            Clear
          </Link>
        )}
      </div>
    </form>
  );
}
