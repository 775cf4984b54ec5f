/**
 * The last 30 days of abandoned checkouts (by the day they were left, today included): what can
 * still be recovered, what came back, and the share that came back.
 */
import { useQuery } from '@tanstack/react-query';
import type { AbandonedCheckoutAnalytics } from '@vitrine/contract';
import type { DayRange } from '@vitrine/sdk';
import { abandonedCheckoutQueries } from '@vitrine/sdk/react';
import { Alert, Button } from '@vitrine/ui';
import { useState } from 'react';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { money, plural } from '../../../kit/format.ts';

const DAYS = 30;

/** The last `DAYS` days in the merchant's time zone, as `YYYY-MM-DD`. */
function lastDays(): DayRange {
  const day = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const end = new Date();
  const start = new Date(end);
  start.setDate(start.getDate() - (DAYS - 1));
  return { startDate: day(start), endDate: day(end) };
}

const amount = (a: AbandonedCheckoutAnalytics, v: string | undefined) => (v ? money(v, a.currency) : '—');
const checkouts = (n: number | undefined) => (n === undefined ? '' : plural(n, 'checkout'));
const percent = (rate: number | undefined) =>
  rate === undefined ? '—' : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;

const FIGURES: {
  title: string;
  value: (a: AbandonedCheckoutAnalytics) => string;
  more: (a: AbandonedCheckoutAnalytics) => string;
}[] = [
  {
    title: 'Recoverable',
    value: (a) => amount(a, a.recoverableValue),
    more: (a) =>
      [
        checkouts(a.recoverableCheckoutCount),
        a.recoverableCheckoutCount && a.averageRecoverableCheckoutValue
          ? `${money(a.averageRecoverableCheckoutValue, a.currency)} on average`
          : '',
      ]
        .filter(Boolean)
        .join(', '),
  },
  {
    title: 'Recovered',
    value: (a) => amount(a, a.recoveredValue),
    more: (a) => checkouts(a.recoveredCheckoutCount),
  },
  {
    title: 'Recovery rate',
    value: (a) => percent(a.recoveryRate),
    more: () => 'of the checkouts left',
  },
];

export function RecoveryFigures() {
  const http = useHttp();
  // The period of the page's first render (a page left open past midnight keeps its days).
  const [days] = useState(lastDays);
  const figures = useQuery(abandonedCheckoutQueries.analytics(http, days));
  const a = figures.data;
  return (
    <section aria-labelledby="abandoned-figures" className="mb-6">
      <h2 id="abandoned-figures" className="mb-2 text-lg font-semibold">
        Last {DAYS} days
      </h2>
      {figures.isError && (
        <>
          <Alert>{errorMessage(figures.error)}</Alert>
          <Button variant="secondary" className="mb-4" onClick={() => void figures.refetch()}>
            Try again
          </Button>
        </>
      )}
      <div
        className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4"
        aria-busy={figures.isPending || undefined}
      >
        {FIGURES.map((f) => (
          <div
            key={f.title}
            className="min-w-0 rounded-2xl border border-line bg-surface p-3 shadow-sm sm:p-4"
          >
            <h3 className="text-sm font-medium text-muted">{f.title}</h3>
            <p className="text-xl font-semibold break-words tabular-nums sm:text-2xl">
              {a ? f.value(a) : '…'}
            </p>
            <p className="text-sm text-muted">{a ? f.more(a) : ''}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
