/** What happened to an abandoned checkout, newest first: left, recovery e-mails, recovered. */
import type { WireAbandonedCheckout } from '@vitrine/contract';
import { dateTime } from '../../../kit/format.ts';
import { timeline } from './describe.ts';

export function AbandonedActivity({ checkout }: { checkout: WireAbandonedCheckout }) {
  return (
    <ol aria-label="Activity, newest first" className="space-y-3 border-l border-line pl-4">
      {timeline(checkout).map((e, i) => (
        <li key={`${e.date}-${i}`} className="text-sm">
          <p className="font-medium">{e.label}</p>
          <p className="text-muted">
            <time dateTime={e.date}>{dateTime(e.date)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
