/** The webhooks list: URL, events, status, the last 7 days' deliveries, the last delivery, and each one's actions. */
import { useQuery } from '@tanstack/react-query';
import type { Webhook } from '@vitrine/contract';
import { webhookQueries } from '@vitrine/sdk/react';
import { Badge, linkClass, Table } from '@vitrine/ui';
import { Link } from 'react-router';
import { useHttp } from '../../../app/http.tsx';
import { dateTime } from '../../../kit/format.ts';
import { EditDeleteLinks } from '../../../kit/row-actions.tsx';
import { settingsUrls, type WEBHOOKS_DIALOGS } from '../urls.ts';
import { QuickActions, type WebhookActions } from './actions.tsx';
import { Breakable } from './breakable.tsx';
import {
  deliveryLabels,
  lastAnswer,
  patternLabel,
  shortUrl,
  webhookLabels,
  webhookName,
} from './describe.ts';

const SHOWN_EVENTS = 3;

export function WebhookTable({
  list,
  actions,
  open,
}: {
  list: Webhook[];
  actions: WebhookActions;
  open: (dialog: (typeof WEBHOOKS_DIALOGS)[number], id?: string) => string;
}) {
  const http = useHttp();
  const entities = useQuery(webhookQueries.eventTypes(http)).data?.entities ?? [];
  return (
    <Table caption="Webhooks" hideCaption className="mb-0">
      <thead>
        <tr>
          <th scope="col">URL</th>
          <th scope="col">Events</th>
          <th scope="col">Status</th>
          <th scope="col" className="md:max-lg:hidden">
            Last 7 days
          </th>
          <th scope="col">Last delivery</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {list.map((w) => {
          const name = webhookName(w);
          const last = w.lastDelivery;
          const more = w.eventTypes.length - SHOWN_EVENTS;
          return (
            <tr key={w.id}>
              <th scope="row" className="max-w-64 min-w-48 font-normal">
                <Link
                  to={settingsUrls.webhook.href({ webhookId: w.id })}
                  className={`${linkClass} block [overflow-wrap:anywhere]`}
                >
                  {shortUrl(w.url)}
                </Link>
                {w.description && <span className="block text-muted break-words">{w.description}</span>}
              </th>
              <td className="max-w-56">
                <ul>
                  {w.eventTypes.slice(0, SHOWN_EVENTS).map((p) => (
                    <li key={p} className="[overflow-wrap:anywhere]">
                      {patternLabel(p, entities)}
                    </li>
                  ))}
                  {more > 0 && <li className="text-muted">and {more} more</li>}
                </ul>
              </td>
              <td>
                <Badge tone={webhookLabels[w.status][1]}>{webhookLabels[w.status][0]}</Badge>
              </td>
              <td className="whitespace-nowrap tabular-nums md:max-lg:hidden">
                <span className="block">{w.stats.delivered} delivered</span>
                <span className={`block ${w.stats.failed ? 'text-danger' : 'text-muted'}`}>
                  {w.stats.failed} failed
                </span>
                {w.stats.pending > 0 && <span className="block text-muted">{w.stats.pending} pending</span>}
              </td>
              <td>
                {last ? (
                  <>
                    <Badge tone={deliveryLabels[last.status][1]}>{deliveryLabels[last.status][0]}</Badge>
                    <span className="block text-sm">{lastAnswer(last)}</span>
                    <span className="block font-mono text-xs text-muted">
                      <Breakable text={last.eventType} />
                    </span>
                    <time dateTime={last.createdDate} className="block text-sm whitespace-nowrap text-muted">
                      {dateTime(last.createdDate)}
                    </time>
                  </>
                ) : (
                  <span className="text-muted">None yet</span>
                )}
              </td>
              <td>
                <div className="flex flex-wrap justify-end gap-1">
                  <QuickActions webhook={w} actions={actions} name={name} />
                  <EditDeleteLinks
                    edit={open('edit-webhook', w.id)}
                    remove={open('delete-webhook', w.id)}
                    name={name}
                  />
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
