/**
 * `/dashboard/customers`: the store's members, 20 a page: search by e-mail or name (words each
 * starting one of them), filter by status and muting, sort; all in the URL. Each opens its page.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MEMBER_SORTS, MEMBER_STATUSES, type MemberSort } from '@vitrine/sdk';
import { adminMemberQueries } from '@vitrine/sdk/react';
import { Button, buttonClass, Field, linkClass, MoreFilters, PageHeading, Select, Table } from '@vitrine/ui';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch, type SearchOf } from '../../../app/url.ts';
import { dateOnly } from '../../../kit/format.ts';
import { Pager } from '../../../kit/pager.tsx';
import { QueryState } from '../../../kit/query-state.tsx';
import { MemberBadges, memberName } from '../member-status.tsx';
import { CustomersTabs } from '../tabs.tsx';
import { customersUrls } from '../urls.ts';

const PAGE = 20;
type Search = SearchOf<(typeof customersUrls.members)['search']>;
const sortLabels: Record<MemberSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  email: 'E-mail, A to Z',
  'last-login': 'Last signed in',
};
const statusLabels = { PENDING: 'Waiting for approval', APPROVED: 'Approved', BLOCKED: 'Blocked' } as const;

export function MembersPage() {
  useTitle('Members');
  const http = useHttp();
  const [search, setSearch] = useRouteSearch(customersUrls.members);
  const page = search.page ?? 1;
  const members = useQuery({
    ...adminMemberQueries.list(http, {
      text: search.q,
      status: search.status ? [search.status] : [],
      ...(search.muted ? { muted: search.muted === 'true' } : {}),
      sort: search.sort,
      offset: (page - 1) * PAGE,
      limit: PAGE,
    }),
    placeholderData: keepPreviousData,
  });
  const filtered = !!(search.q || search.status || search.muted);

  return (
    <>
      <PageHeading className="mb-4">Members</PageHeading>
      <CustomersTabs current="members" />
      <MemberFilters
        key={`${search.q}|${search.status}|${search.muted}|${search.sort}`}
        search={search}
        onApply={setSearch}
      />
      <QueryState query={members} label="Loading members…">
        {({ members: list, metadata }) => (
          <>
            <p role="status" className="mb-2 text-sm text-muted">
              {list.length === 0
                ? filtered
                  ? 'No members match.'
                  : 'No members yet.'
                : `Showing ${metadata.offset + 1}–${metadata.offset + list.length} of ${metadata.total}${metadata.tooManyToCount ? '+' : ''} member${metadata.total === 1 ? '' : 's'}${members.isFetching ? ' (updating…)' : ''}.`}
            </p>
            {list.length > 0 && (
              <Table caption="Members" hideCaption aria-busy={members.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">Member</th>
                    <th scope="col">Status</th>
                    <th scope="col">Joined</th>
                    <th scope="col">Last signed in</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((m) => (
                    <tr key={m.id}>
                      <th scope="row" className="max-w-72 font-normal">
                        <Link
                          to={customersUrls.member.href({ id: m.id })}
                          className={`${linkClass} block truncate`}
                        >
                          {memberName(m)}
                        </Link>
                        <span className="block truncate text-muted">{m.loginEmail}</span>
                      </th>
                      <td>
                        <MemberBadges member={m} />
                      </td>
                      <td className="whitespace-nowrap">{dateOnly(m.createdDate)}</td>
                      <td className="whitespace-nowrap">
                        {m.lastLoginDate ? dateOnly(m.lastLoginDate) : 'Never'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            <Pager
              label="Pages of members"
              prev={page > 1 ? customersUrls.members.href({ ...search, page: page - 1 }) : null}
              next={
                metadata.offset + list.length < metadata.total || metadata.tooManyToCount
                  ? customersUrls.members.href({ ...search, page: page + 1 })
                  : null
              }
            />
          </>
        )}
      </QueryState>
    </>
  );
}

function MemberFilters({ search, onApply }: { search: Search; onApply: (s: Partial<Search>) => void }) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '').trim() || undefined;
    const sort = text('sort') as MemberSort | undefined;
    onApply({
      q: text('q'),
      status: text('status') as Search['status'],
      muted: text('muted') as Search['muted'],
      sort: sort === 'newest' ? undefined : sort,
      page: undefined,
    });
  };
  return (
    <form
      role="search"
      aria-label="Members"
      onSubmit={submit}
      className="mb-4 rounded-2xl border border-line bg-surface p-4"
    >
      <Field
        label="Search"
        name="q"
        type="search"
        defaultValue={search.q ?? ''}
        hint="The start of an e-mail address, a first or last name, or a nickname."
        action={<Button type="submit">Search</Button>}
      />
      <MoreFilters
        set={(search.status ? 1 : 0) + (search.muted ? 1 : 0) + (search.sort ? 1 : 0)}
        className="grid gap-x-4 sm:grid-cols-3"
      >
        <Select label="Status" name="status" defaultValue={search.status ?? ''}>
          <option value="">Any status</option>
          {MEMBER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </Select>
        <Select label="Muted" name="muted" defaultValue={search.muted ?? ''}>
          <option value="">Muted or not</option>
          <option value="true">Muted only</option>
          <option value="false">Not muted</option>
        </Select>
        <Select label="Sort" name="sort" defaultValue={search.sort ?? 'newest'}>
          {MEMBER_SORTS.map((s) => (
            <option key={s} value={s}>
              {sortLabels[s]}
            </option>
          ))}
        </Select>
      </MoreFilters>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary">
          Apply filters
        </Button>
        {(search.q || search.status || search.muted) && (
          <Link to={customersUrls.members.href()} className={buttonClass('ghost')}>
            Clear filters
          </Link>
        )}
      </div>
    </form>
  );
}
