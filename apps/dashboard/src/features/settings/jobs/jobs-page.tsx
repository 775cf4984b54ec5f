/**
 * `/dashboard/settings/jobs`: the background job queue (e-mails, scheduled captures, review
 * requests…) by status (in the URL), with each job's attempts and last error; failed ones can be
 * retried.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { JOB_STATUSES, type JobStatus } from '@vitrine/sdk';
import { jobMutations, jobQueries } from '@vitrine/sdk/react';
import { Alert, Badge, Button, PageHeading, Table, Tabs, tabClass, type BadgeTone } from '@vitrine/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { dateTime, plural } from '../../../kit/format.ts';
import { Pager } from '../../../kit/pager.tsx';
import { QueryState } from '../../../kit/query-state.tsx';
import { SettingsTabs } from '../tabs.tsx';
import { settingsUrls } from '../urls.ts';

const statusLabels: Record<JobStatus, [string, BadgeTone]> = {
  PENDING: ['Waiting', 'info'],
  RUNNING: ['Running', 'info'],
  SUCCEEDED: ['Done', 'success'],
  FAILED: ['Failed', 'danger'],
};

export function JobsPage() {
  useTitle('Jobs');
  const http = useHttp();
  const [search] = useRouteSearch(settingsUrls.jobs);
  const jobs = useQuery({
    ...jobQueries.list(http, { status: search.status, cursor: search.cursor }),
    placeholderData: keepPreviousData,
  });
  const retry = useMutation(jobMutations.retry(http));
  const [notice, setNotice] = useState<string>();

  return (
    <>
      <PageHeading className="mb-4">Jobs</PageHeading>
      <SettingsTabs current="jobs" />
      <Tabs label="Jobs to show">
        {([undefined, ...JOB_STATUSES] as const).map((s) => (
          <Link
            key={s ?? 'all'}
            to={settingsUrls.jobs.href({ status: s })}
            className={tabClass(search.status === s)}
            aria-current={search.status === s ? 'page' : undefined}
          >
            {s ? statusLabels[s][0] : 'All'}
          </Link>
        ))}
      </Tabs>
      <Alert variant="success">{notice}</Alert>
      <Alert>{retry.error ? errorMessage(retry.error) : undefined}</Alert>
      <QueryState query={jobs} label="Loading jobs…">
        {(page) => (
          <>
            <p role="status" className="mb-2 text-sm text-muted">
              {page.items.length === 0
                ? 'No jobs here.'
                : `Showing ${plural(page.items.length, 'job')}, newest first.`}
            </p>
            {page.items.length > 0 && (
              <Table caption="Jobs" hideCaption aria-busy={jobs.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">Job</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="text-right">
                      Attempts
                    </th>
                    <th scope="col">Runs at</th>
                    <th scope="col">Last error</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((j) => (
                    <tr key={j.id}>
                      <th scope="row" className="font-mono text-xs font-medium whitespace-nowrap">
                        {j.name}
                      </th>
                      <td>
                        <Badge tone={statusLabels[j.status][1]}>{statusLabels[j.status][0]}</Badge>
                      </td>
                      <td className="text-right tabular-nums">
                        {j.attempts} of {j.maxAttempts}
                      </td>
                      <td className="whitespace-nowrap">
                        {j.finishedDate ? `Finished ${dateTime(j.finishedDate)}` : dateTime(j.runAt)}
                      </td>
                      <td className="max-w-72 break-words text-muted">{j.lastError ?? '—'}</td>
                      <td className="text-right">
                        {j.status === 'FAILED' && (
                          <Button
                            variant="secondary"
                            size="sm"
                            busy={retry.isPending && retry.variables === j.id}
                            aria-label={`Retry ${j.name}`}
                            onClick={() => {
                              setNotice(undefined);
                              retry.mutate(j.id, { onSuccess: () => setNotice(`${j.name} will run again.`) });
                            }}
                          >
                            Retry
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            <Pager
              label="Pages of jobs"
              prev={
                page.metadata.cursors.prev
                  ? settingsUrls.jobs.href({ ...search, cursor: page.metadata.cursors.prev })
                  : null
              }
              next={
                page.metadata.hasNext && page.metadata.cursors.next
                  ? settingsUrls.jobs.href({ ...search, cursor: page.metadata.cursors.next })
                  : null
              }
            />
          </>
        )}
      </QueryState>
    </>
  );
}
