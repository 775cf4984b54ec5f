/**
 * Where the signed-in staff member is signed in: each session's device (as its browser said), the
 * address it signed in from, when, and its last request; sign out of one, or of all but this one.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { StaffSessionView } from '@vitrine/sdk';
import { staffMutations, staffQueries } from '@vitrine/sdk/react';
import { Alert, Button, deviceKind, deviceLabel, SessionItem } from '@vitrine/ui';
import { useState } from 'react';
import { errorMessage } from '../../app/errors.ts';
import { useHttp } from '../../app/http.tsx';
import { dateTime, plural } from '../../kit/format.ts';
import { QueryState } from '../../kit/query-state.tsx';
import { Section } from '../../kit/section.tsx';

export function StaffSessions() {
  const http = useHttp();
  const sessions = useQuery(staffQueries.sessions(http));
  const end = useMutation(staffMutations.endSessions(http));
  const [told, setTold] = useState<string>();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  const endOne = (s: StaffSessionView) => {
    setTold(undefined);
    end.mutate({ id: s.id }, { onSuccess: () => setTold(`Signed out of ${deviceLabel(s.device)}.`) });
  };
  const endOthers = () => {
    setTold(undefined);
    end.mutate(
      { others: true },
      { onSuccess: (n) => setTold(`Signed out of ${plural(n, 'other session')}.`) },
    );
  };
  return (
    <Section
      title="Where you are signed in"
      description="A session you do not recognise? Sign it out, then change your password."
      action={
        others > 0 && (
          <Button
            variant="secondary"
            size="sm"
            busy={end.isPending && end.variables && 'others' in end.variables}
            onClick={endOthers}
          >
            Sign out everywhere else
          </Button>
        )
      }
    >
      <Alert>{errorMessage(end.error)}</Alert>
      <Alert variant="success">{told}</Alert>
      <QueryState query={sessions} label="Loading your sessions…" height="h-16">
        {(rows) => (
          <ul className="divide-y divide-line text-sm">
            {rows.map((s) => (
              <SessionItem
                key={s.id}
                className="py-2"
                name={[deviceLabel(s.device), deviceKind(s.device)].filter(Boolean).join(' · ')}
                current={s.current}
                currentLabel="This session"
                details={[
                  [
                    s.ipAddress,
                    `Signed in ${dateTime(s.createdDate)}`,
                    s.current ? 'Active now' : `Last active ${dateTime(s.lastActiveDate)}`,
                  ]
                    .filter(Boolean)
                    .join(' · '),
                ]}
                busy={end.isPending && end.variables && 'id' in end.variables && end.variables.id === s.id}
                onEnd={() => endOne(s)}
              />
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}
