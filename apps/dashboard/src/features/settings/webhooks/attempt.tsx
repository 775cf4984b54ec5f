/** One attempt at a delivery as facts: the answer (status code and reason), time taken, error, the receiver's words. */
import type { WebhookAttempt } from '@vitrine/contract';
import { dateTime } from '../../../kit/format.ts';
import { attemptError, duration, statusText } from './describe.ts';

export function AttemptFacts({ attempt: a }: { attempt: WebhookAttempt }) {
  const error = attemptError(a);
  const rows: [string, string][] = [
    ['Answer', a.statusCode === null ? 'None: not reached' : statusText(a.statusCode)],
    ['Time', duration(a.durationMs)],
    ['When', dateTime(a.date)],
    ...(error ? [['Error', error] as [string, string]] : []),
  ];
  return (
    <>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-medium">{k}</dt>
            <dd className="break-words">{v}</dd>
          </div>
        ))}
      </dl>
      {a.responseBody && (
        <>
          <p className="mt-2 font-medium">The receiver&apos;s answer (its start)</p>
          <pre className="mt-1 rounded-lg border border-line bg-surface p-2 font-mono text-xs whitespace-pre-wrap break-all text-current">
            {a.responseBody}
          </pre>
        </>
      )}
    </>
  );
}
