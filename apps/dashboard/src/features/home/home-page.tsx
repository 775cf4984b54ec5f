/**
 * Home (`/dashboard?days=7|30|90`): what needs attention, then sales, orders, average order value
 * and checkout-to-order conversion per day over the period, as charts (loaded after the page)
 * with their numbers in a table.
 */
import { useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '@vitrine/sdk';
import { analyticsQueries } from '@vitrine/sdk/react';
import { Alert, Button, Card, PageHeading, Skeleton, Table, Tabs, tabClass } from '@vitrine/ui';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../app/errors.ts';
import { useHttp } from '../../app/http.tsx';
import { useSession } from '../../app/session.tsx';
import { useTitle } from '../../app/title.ts';
import { useRouteSearch } from '../../app/url.ts';
import { AttentionList } from './attention.tsx';
import { dayLabel, dayPoints, METRICS, metricText } from './figures.ts';
import { homeUrls, PERIODS } from './urls.ts';

const MetricChart = lazy(() => import('./charts.tsx').then((m) => ({ default: m.MetricChart })));

export function HomePage() {
  useTitle('Home');
  const http = useHttp();
  const { staff } = useSession();
  const [{ days: daysParam }] = useRouteSearch(homeUrls.home);
  const days = Number(daysParam ?? '30') as AnalyticsPeriod;
  const overview = useQuery(analyticsQueries.overview(http, days));
  const o = overview.data;
  const points = o ? dayPoints(o) : [];

  return (
    <>
      <PageHeading>Hello, {staff.name.split(' ')[0]}</PageHeading>

      <section aria-labelledby="attention-heading" className="mb-8">
        <h2 id="attention-heading" className="mb-3 text-xl font-semibold">
          Needs attention
        </h2>
        {o ? <AttentionList attention={o.attention} /> : <Skeleton className="h-40 rounded-2xl" />}
      </section>

      <section aria-labelledby="performance-heading">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="performance-heading" className="text-xl font-semibold">
            Last {days} days
          </h2>
          <Tabs label="Period" className="">
            {PERIODS.map((p) => (
              <Link
                key={p}
                to={homeUrls.home.href({ days: p === '30' ? undefined : p })}
                aria-current={String(days) === p ? 'page' : undefined}
                className={tabClass(String(days) === p)}
                preventScrollReset
              >
                {p} days
              </Link>
            ))}
          </Tabs>
        </div>
        {overview.isError && (
          <>
            <Alert>{errorMessage(overview.error)}</Alert>
            <Button variant="secondary" onClick={() => void overview.refetch()}>
              Try again
            </Button>
          </>
        )}
        <div className="grid gap-4 md:grid-cols-2">
          {METRICS.map((m) => (
            <Card key={m.key} className="min-w-0">
              <h3 className="text-sm font-medium text-muted">{m.title}</h3>
              <p className="mb-2 text-2xl font-semibold tabular-nums">{o ? m.total(o) : '…'}</p>
              {o ? (
                <Suspense fallback={<Skeleton className="h-44" />}>
                  <MetricChart
                    metric={m.key}
                    points={points}
                    currency={o.currency}
                    label={`${m.title} per day over the last ${days} days; ${m.total(o)} ${m.key === 'sales' || m.key === 'orders' ? 'in all' : 'over the period'}`}
                  />
                </Suspense>
              ) : (
                <Skeleton className="h-44" />
              )}
            </Card>
          ))}
        </div>
        {o && (
          <details className="mt-4">
            <summary className="flex min-h-11 cursor-pointer items-center font-medium">
              The figures per day, as a table
            </summary>
            <Table caption={`Figures per day, last ${days} days`} className="mt-2">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  {METRICS.map((m) => (
                    <th key={m.key} scope="col" className="text-right">
                      {m.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...points].reverse().map((p) => (
                  <tr key={p.date}>
                    <th scope="row" className="font-normal whitespace-nowrap">
                      {dayLabel(p.date)}
                    </th>
                    {METRICS.map((m) => (
                      <td key={m.key} className="text-right tabular-nums">
                        {metricText(m.key, p, o.currency)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
          </details>
        )}
      </section>
    </>
  );
}
