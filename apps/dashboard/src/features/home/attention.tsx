/** "Needs attention": the counts of the overview, each a link to the list that shows them. */
import type { AnalyticsOverview } from '@vitrine/sdk';
import { Link } from 'react-router';
import { catalogUrls } from '../catalog/urls.ts';
import { ordersUrls } from '../orders/urls.ts';
import { reviewsUrls } from '../reviews/urls.ts';
import { settingsUrls } from '../settings/urls.ts';

type Attention = AnalyticsOverview['attention'];

const items: { key: keyof Attention; label: string; one: string; href: string }[] = [
  {
    key: 'ordersToFulfil',
    label: 'orders to fulfil',
    one: 'order to fulfil',
    href: ordersUrls.list.href({
      status: ['APPROVED'],
      fulfilment: ['NOT_FULFILLED', 'PARTIALLY_FULFILLED'],
      archived: 'false',
    }),
  },
  {
    key: 'paymentsToCapture',
    label: 'payments to capture',
    one: 'payment to capture',
    // Orders holding an authorization still to capture or void, canceled ones too: what the
    // figure counts (payments/stats.ts), with the search filter it counts with.
    href: ordersUrls.list.href({ authorization: 'held' }),
  },
  {
    key: 'paymentsAwaited',
    label: 'orders awaiting payment',
    one: 'order awaiting payment',
    // Bank transfers and the like: the orders to mark paid when the money arrives (orders' stats.ts).
    href: ordersUrls.list.href({ status: ['APPROVED'], payment: ['PENDING_MERCHANT'], archived: 'false' }),
  },
  {
    key: 'reviewsToModerate',
    label: 'reviews to moderate',
    one: 'review to moderate',
    href: reviewsUrls.list.href({ status: 'PENDING' }),
  },
  {
    key: 'lowStock',
    label: 'items low in stock',
    one: 'item low in stock',
    href: catalogUrls.lowStock.href(),
  },
  {
    key: 'failedEmails',
    label: 'failed e-mails',
    one: 'failed e-mail',
    href: settingsUrls.mail.href({ status: 'FAILED' }),
  },
  {
    key: 'failedJobs',
    label: 'failed jobs',
    one: 'failed job',
    href: settingsUrls.jobs.href({ status: 'FAILED' }),
  },
  {
    key: 'failedWebhookDeliveries',
    label: 'failed webhook deliveries',
    one: 'failed webhook delivery',
    href: settingsUrls.webhooks.href(),
  },
];

export function AttentionList({ attention }: { attention: Attention }) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
      {items.map((i) => {
        const n = attention[i.key];
        return (
          <li key={i.key}>
            <Link
              to={i.href}
              className={`flex h-full min-h-11 flex-col rounded-2xl border bg-surface p-4 hover:bg-hover ${
                n > 0 ? 'border-amber-600/60' : 'border-line'
              }`}
            >
              <span
                className={`text-2xl font-semibold tabular-nums ${n > 0 ? 'text-warning' : 'text-muted'}`}
              >
                {n}
              </span>
              <span className="text-sm">{n === 1 ? i.one : i.label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
