/**
 * The library's search and filters: a plain form over the URL (words search every folder), and
 * the grid / list switch as two links.
 */
import { MEDIA_SORTS, type MediaSort } from '@vitrine/sdk';
import { Button, buttonClass, Select, Field, Tabs, tabClass } from '@vitrine/ui';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { SearchOf } from '../../../app/url.ts';
import { typeLabels } from '../format.ts';
import { FILTER_TYPES, mediaUrls } from '../urls.ts';

export type LibrarySearch = SearchOf<(typeof mediaUrls.library)['search']>;

const sortLabels: Record<MediaSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name, A to Z',
  largest: 'Largest first',
};

export function LibraryToolbar({
  search,
  onApply,
}: {
  search: LibrarySearch;
  onApply: (s: Partial<LibrarySearch>) => void;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '').trim() || undefined;
    const type = text('type') as LibrarySearch['type'][number] | undefined;
    const sort = text('sort') as MediaSort | undefined;
    onApply({
      q: text('q'),
      type: type ? [type] : [],
      sort: sort === 'newest' ? undefined : sort,
      cursor: undefined,
    });
  };
  const view = search.view ?? 'grid';
  const filtered = !!(search.q || search.type.length);
  return (
    <div className="mb-4 rounded-2xl border border-line bg-surface p-4">
      <form role="search" aria-label="Media library" onSubmit={submit}>
        <div className="grid gap-x-4 md:grid-cols-[1fr_auto_auto]">
          <Field
            label="Search"
            name="q"
            type="search"
            defaultValue={search.q ?? ''}
            hint="Words of file names and labels, in every folder."
            action={<Button type="submit">Search</Button>}
          />
          <Select label="Type" name="type" defaultValue={search.type[0] ?? ''}>
            <option value="">Any type</option>
            {FILTER_TYPES.map((t) => (
              <option key={t} value={t}>
                {typeLabels[t]}
              </option>
            ))}
          </Select>
          <Select label="Sort" name="sort" defaultValue={search.sort ?? 'newest'}>
            {MEDIA_SORTS.map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" variant="secondary">
            Apply filters
          </Button>
          {filtered && (
            <Link
              to={mediaUrls.library.href({ folder: search.folder, view: search.view })}
              className={buttonClass('ghost')}
            >
              Clear search
            </Link>
          )}
          <Tabs label="View" className="ml-auto">
            <Link
              to={mediaUrls.library.href({ ...search, view: undefined, file: undefined, dialog: undefined })}
              className={tabClass(view === 'grid')}
              aria-current={view === 'grid' ? 'page' : undefined}
              preventScrollReset
            >
              Grid
            </Link>
            <Link
              to={mediaUrls.library.href({ ...search, view: 'list', file: undefined, dialog: undefined })}
              className={tabClass(view === 'list')}
              aria-current={view === 'list' ? 'page' : undefined}
              preventScrollReset
            >
              List
            </Link>
          </Tabs>
        </div>
      </form>
    </div>
  );
}
