/**
 * `/dashboard/settings/mail`: send a test message (checks the SMTP set-up; without one, messages
 * are kept in the stored outbox), and the outbox itself: every message the store sent or keeps,
 * by status and recipient (in the URL), each readable in full.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { MAIL_STATUSES, type MailStatus } from '@vitrine/sdk';
import { mailMutations, mailQueries, storeSettingsQueries } from '@vitrine/sdk/react';
import {
  Alert,
  Badge,
  Button,
  buttonClass,
  Field,
  PageHeading,
  Tabs,
  tabClass,
  type BadgeTone,
} from '@vitrine/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useSession } from '../../../app/session.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { dateTime, plural } from '../../../kit/format.ts';
import { Pager } from '../../../kit/pager.tsx';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { SettingsTabs } from '../tabs.tsx';
import { settingsUrls } from '../urls.ts';

const statusLabels: Record<MailStatus, [string, BadgeTone]> = {
  QUEUED: ['Queued', 'info'],
  SENT: ['Sent', 'success'],
  STORED: ['Kept here (no SMTP)', 'neutral'],
  FAILED: ['Failed', 'danger'],
};

export function MailPage() {
  useTitle('E-mail');
  const http = useHttp();
  const [search, setSearch] = useRouteSearch(settingsUrls.mail);
  const messages = useQuery({
    ...mailQueries.list(http, { status: search.status, to: search.to, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeading className="mb-4">E-mail</PageHeading>
      <SettingsTabs current="mail" />
      <TestMessage />
      <Section
        title="Outbox"
        description="What the store sent, or keeps when no SMTP server is set (SMTP_URL)."
      >
        <Tabs label="Messages to show">
          {([undefined, ...MAIL_STATUSES] as const).map((s) => (
            <Link
              key={s ?? 'all'}
              to={settingsUrls.mail.href({ status: s, to: search.to })}
              className={tabClass(search.status === s)}
              aria-current={search.status === s ? 'page' : undefined}
            >
              {s ? statusLabels[s][0] : 'All'}
            </Link>
          ))}
        </Tabs>
        <form
          role="search"
          aria-label="Outbox"
          className="max-w-lg"
          onSubmit={(e: FormEvent<HTMLFormElement>) => {
            e.preventDefault();
            setSearch({
              to: String(new FormData(e.currentTarget).get('to') ?? '').trim() || undefined,
              cursor: undefined,
            });
          }}
        >
          <Field
            key={search.to}
            label="Recipient"
            name="to"
            type="search"
            defaultValue={search.to ?? ''}
            hint="An e-mail address, or its beginning."
            action={
              <Button type="submit" variant="secondary">
                Search
              </Button>
            }
          />
        </form>
        <QueryState query={messages} label="Loading messages…">
          {(page) => (
            <>
              <p role="status" className="mb-2 text-sm text-muted">
                {page.items.length === 0
                  ? 'No messages here.'
                  : `Showing ${plural(page.items.length, 'message')}, newest first.`}
              </p>
              <ul aria-label="Messages" className="mb-4 divide-y divide-line rounded-2xl border border-line">
                {page.items.map((m) => (
                  <li key={m.id} className="p-3">
                    <details>
                      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1">
                        <span className="min-w-0 flex-1 font-medium break-words">{m.subject}</span>
                        <Badge tone={statusLabels[m.status][1]}>{statusLabels[m.status][0]}</Badge>
                        <span className="w-full text-sm break-all text-muted">
                          To {m.to} · {dateTime(m.createdDate)}
                        </span>
                      </summary>
                      {m.lastError && (
                        <Alert live={false} className="mt-2">
                          {m.lastError}
                        </Alert>
                      )}
                      <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-hover p-3 text-sm whitespace-pre-wrap">
                        {m.text}
                      </pre>
                    </details>
                  </li>
                ))}
              </ul>
              <Pager
                label="Pages of messages"
                prev={
                  page.metadata.cursors.prev
                    ? settingsUrls.mail.href({ ...search, cursor: page.metadata.cursors.prev })
                    : null
                }
                next={
                  page.metadata.hasNext && page.metadata.cursors.next
                    ? settingsUrls.mail.href({ ...search, cursor: page.metadata.cursors.next })
                    : null
                }
              />
              {search.status === 'FAILED' && page.items.length > 0 && (
                <p className="text-sm text-muted">
                  Failed messages are retried by the job queue:{' '}
                  <Link
                    to={settingsUrls.jobs.href({ status: 'FAILED' })}
                    className={buttonClass('link', 'sm')}
                  >
                    see failed jobs
                  </Link>
                </p>
              )}
            </>
          )}
        </QueryState>
      </Section>
    </>
  );
}

function TestMessage() {
  const http = useHttp();
  const { staff } = useSession();
  const settings = useQuery(storeSettingsQueries.get(http));
  const test = useMutation(mailMutations.test(http));
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const to = String(new FormData(e.currentTarget).get('to') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) return setError('An e-mail address to send it to.');
    setError(undefined);
    setSentTo(undefined);
    test.mutate(to, { onSuccess: () => setSentTo(to) });
  };
  return (
    <Section title="Test message" description="Checks that the store's e-mail reaches people.">
      <form onSubmit={submit} noValidate aria-label="Send a test message" className="max-w-lg">
        <Field
          key={settings.data ? 'ready' : 'loading'}
          label="Send to"
          name="to"
          type="email"
          defaultValue={settings.data?.contactEmail ?? staff.email}
          error={error ?? (test.error ? describeError(test.error).message : undefined)}
          action={
            <Button type="submit" busy={test.isPending}>
              Send test
            </Button>
          }
        />
      </form>
      <Alert variant="success">
        {sentTo ? `Test message queued for ${sentTo}: it is in the outbox below.` : undefined}
      </Alert>
    </Section>
  );
}
