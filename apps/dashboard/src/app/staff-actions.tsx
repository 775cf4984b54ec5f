/**
 * Who on the staff changed an entity, and when: the actions log (`POST /staff/v1/actions/query`)
 * filtered on the entity's id, each entry in plain words (./staff-action-words.ts) and dated as
 * the rest of the page. Any feature's detail page can show it; it is read again after every
 * change made here (`keepStaffActionsFresh`, main.tsx).
 */
import { staffQueries } from '@vitrine/sdk/react';
import { useQuery } from '@tanstack/react-query';
import { dateTime } from '../kit/format.ts';
import { useHttp } from './http.tsx';
import { actionWords } from './staff-action-words.ts';

export function StaffActions({ entityId }: { entityId: string }) {
  const http = useHttp();
  const actions = useQuery(staffQueries.actionsOn(http, entityId));
  if (actions.isPending) return <p className="text-sm text-muted">Loading…</p>;
  if (actions.isError) return <p className="text-sm text-muted">The staff log could not be read.</p>;
  if (actions.data.length === 0) return <p className="text-sm text-muted">No staff changes yet.</p>;
  return (
    <ol className="space-y-1 text-sm">
      {actions.data.map((a) => (
        <li key={a.id}>
          <strong>{a.staffName ?? a.staffEmail ?? 'A former staff member'}</strong> {actionWords(a)}
          <span className="block text-muted">
            <time dateTime={a.createdDate}>{dateTime(a.createdDate)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}
