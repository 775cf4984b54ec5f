/**
 * Where a member is signed in, on their page: each session's device (as its browser said), the app
 * when they use more than one, when it signed in and was last active (to within an access token's
 * lifetime). `action`: the page's "Sign them out everywhere", shown while there is a session.
 */
import { useQuery } from '@tanstack/react-query';
import { adminMemberQueries } from '@vitrine/sdk/react';
import { deviceKind, deviceLabel } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { useHttp } from '../../../app/http.tsx';
import { dateTime, plural } from '../../../kit/format.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';

export function MemberSessions({ memberId, action }: { memberId: string; action: ReactNode }) {
  const http = useHttp();
  const sessions = useQuery(adminMemberQueries.sessions(http, memberId));
  const list = sessions.data ?? [];
  const showApp = new Set(list.map((s) => s.appName)).size > 1;
  return (
    <Section
      title="Where they are signed in"
      description={
        sessions.data &&
        (list.length ? `${plural(list.length, 'session')}, the most recently active first.` : undefined)
      }
      action={list.length > 0 ? action : undefined}
    >
      <QueryState query={sessions} label="Loading where they are signed in…" height="h-16">
        {(rows) =>
          rows.length === 0 ? (
            <p className="text-sm text-muted">Not signed in anywhere.</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {rows.map((s) => (
                <li key={s.id} className="py-2">
                  <p className="font-medium">
                    {[deviceLabel(s.device), deviceKind(s.device), showApp ? s.appName : undefined]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="text-muted">
                    Signed in {dateTime(s.createdDate)} · Last active {dateTime(s.lastActiveDate)}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Section>
  );
}
