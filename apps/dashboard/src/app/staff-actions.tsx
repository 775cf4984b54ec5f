/**
 * Who on the staff changed an entity, and when: the actions log (`POST /staff/v1/actions/query`)
 * filtered on the entity's id. Any feature's detail page can show it.
 */
import { staffQueries } from '@vitrine/sdk/react';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from './http.tsx';

const VERB: Record<string, string> = { POST: 'did', PUT: 'set', PATCH: 'changed', DELETE: 'deleted' };

/** `/ecom/v1/orders/:id/cancel` → "cancel"; `/stores/v3/products/:productId` → "products". */
function what(route: string, method: string): string {
  const parts = route.split('/').filter((p) => p && !p.startsWith(':') && !/^v\d+$/.test(p));
  const last = parts.at(-1) ?? route;
  return `${VERB[method] ?? method} ${last.replace(/-/g, ' ')}`;
}

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
          <time dateTime={a.createdDate}>{new Date(a.createdDate).toLocaleString()}</time>{' '}
          <strong>{a.staffName ?? a.staffEmail ?? 'A former staff member'}</strong> {what(a.route, a.method)}
          {a.status >= 400 ? ` (refused, ${a.status})` : ''}
        </li>
      ))}
    </ol>
  );
}
