/**
 * A webhook's deliveries, newest first: by status (tabs in the URL), 20 at a time with "Load more"
 * (the next cursor), each with "Redeliver" (one more attempt now, its outcome said above the
 * table) and its details (`?dialog=delivery&id=…`). While some wait for another attempt, the list
 * is read again every few seconds.
 */
import { keepPreviousData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { WebhookDelivery } from '@vitrine/contract';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveriesPage } from '@vitrine/sdk';
import { webhookMutations, webhookQueries } from '@vitrine/sdk/react';
import { Alert, Badge, Button, buttonClass, Table, Tabs, tabClass } from '@vitrine/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useHttp } from '../../../app/http.tsx';
import { useRouteSearch } from '../../../app/url.ts';
import { useCloseDialog } from '../../../app/url-dialog.ts';
import { OPENED_HERE } from '../../../kit/dialogs.ts';
import { dateTime, plural } from '../../../kit/format.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { settingsUrls } from '../urls.ts';
import { AttemptFacts } from './attempt.tsx';
import { Breakable } from './breakable.tsx';
import { DeliveryDialog } from './delivery-dialog.tsx';
import { EntityLink } from './entity-link.tsx';
import { answered, attemptSummary, deliveryLabels, lastAnswer, webhookErrorMessage } from './describe.ts';

const PAGE = 20;
const REFRESH_MS = 5000;

export function Deliveries({ webhookId }: { webhookId: string }) {
  const http = useHttp();
  const [search] = useRouteSearch(settingsUrls.webhook);
  const here = (o: Partial<typeof search> = {}) =>
    settingsUrls.webhook.href({ webhookId }, { status: search.status, ...o });
  const deliveries = useInfiniteQuery({
    ...webhookQueries.deliveries(http, { webhookId, status: search.status, limit: PAGE }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.deliveries.some((d) => d.status === 'PENDING')) ? REFRESH_MS : false,
  });
  const redeliver = useMutation(webhookMutations.redeliver(http));
  const [redelivered, setRedelivered] = useState<WebhookDelivery>();
  const close = useCloseDialog(here());
  const again = (d: WebhookDelivery) => {
    setRedelivered(undefined);
    redeliver.mutate(d.id, { onSuccess: setRedelivered });
  };
  const all = deliveries.data?.pages.flatMap((p: WebhookDeliveriesPage) => p.deliveries) ?? [];
  // The delivery of the open dialog; the answer of its redelivery when a filter no longer lists it.
  const open =
    all.find((d) => d.id === search.id) ?? (redelivered?.id === search.id ? redelivered : undefined);

  return (
    <Section
      title="Deliveries"
      description="Newest first. A failed attempt is tried again after growing waits, 12 attempts over about half an hour; then the delivery has failed. Redeliver tries once more now."
    >
      <Tabs label="Deliveries to show" className="mb-3">
        {([undefined, ...WEBHOOK_DELIVERY_STATUSES] as const).map((s) => (
          <Link
            key={s ?? 'all'}
            to={settingsUrls.webhook.href({ webhookId }, { status: s })}
            className={tabClass(search.status === s)}
            aria-current={search.status === s ? 'page' : undefined}
          >
            {s ? deliveryLabels[s][0] : 'All'}
          </Link>
        ))}
      </Tabs>
      <Alert>{search.dialog === 'delivery' ? undefined : webhookErrorMessage(redeliver.error)}</Alert>
      {redelivered?.lastAttempt && search.dialog !== 'delivery' && (
        <Alert variant={answered(redelivered.lastAttempt) ? 'success' : 'warning'}>
          <p className="font-medium">
            {`Redelivered ${redelivered.eventType}: ${deliveryLabels[redelivered.status][0].toLowerCase()}. `}
            {attemptSummary(redelivered.lastAttempt)}
          </p>
          <AttemptFacts attempt={redelivered.lastAttempt} />
        </Alert>
      )}
      <QueryState query={deliveries} label="Loading deliveries…">
        {() => (
          <>
            <p role="status" className="mb-2 text-sm text-muted">
              {all.length === 0
                ? search.status
                  ? 'No deliveries with this status.'
                  : 'No deliveries yet: events the webhook receives are listed here as they are sent.'
                : `Showing ${plural(all.length, 'delivery', 'deliveries')}, newest first${deliveries.isFetching ? ' (updating…)' : ''}.`}
            </p>
            {all.length > 0 && (
              <Table
                caption="Deliveries"
                hideCaption
                aria-busy={deliveries.isFetching || undefined}
                className="mb-3"
              >
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col" className="md:max-lg:hidden">
                      Entity
                    </th>
                    <th scope="col">Status</th>
                    <th scope="col" className="text-right">
                      Attempts
                    </th>
                    <th scope="col">Last answer</th>
                    <th scope="col">When</th>
                    <th scope="col" className="md:max-lg:hidden">
                      Next attempt
                    </th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {all.map((d) => (
                    <tr key={d.id}>
                      <th scope="row" className="font-mono text-xs font-medium">
                        <Breakable text={d.eventType} />
                      </th>
                      <td className="font-mono text-xs md:max-lg:hidden">
                        <EntityLink eventType={d.eventType} entityId={d.entityId} />
                      </td>
                      <td>
                        <Badge tone={deliveryLabels[d.status][1]}>{deliveryLabels[d.status][0]}</Badge>
                      </td>
                      <td className="text-right whitespace-nowrap tabular-nums">
                        {d.attempts} of {d.maxAttempts}
                      </td>
                      <td>{lastAnswer(d)}</td>
                      <td className="whitespace-nowrap">
                        <time dateTime={d.createdDate}>{dateTime(d.createdDate)}</time>
                      </td>
                      <td className="whitespace-nowrap md:max-lg:hidden">
                        {d.nextAttemptDate ? (
                          <time dateTime={d.nextAttemptDate}>{dateTime(d.nextAttemptDate)}</time>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td>
                        <div className="flex flex-wrap justify-end gap-1">
                          <Link
                            to={here({ dialog: 'delivery', id: d.id })}
                            state={OPENED_HERE}
                            preventScrollReset
                            className={buttonClass('ghost', 'sm')}
                            aria-label={`Details of the ${d.eventType} delivery of ${dateTime(d.createdDate)}`}
                          >
                            Details
                          </Link>
                          <Button
                            variant="secondary"
                            size="sm"
                            busy={redeliver.isPending && redeliver.variables === d.id}
                            aria-label={`Redeliver the ${d.eventType} delivery of ${dateTime(d.createdDate)}`}
                            onClick={() => again(d)}
                          >
                            Redeliver
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            {deliveries.hasNextPage && (
              <Button
                variant="secondary"
                busy={deliveries.isFetchingNextPage}
                onClick={() => void deliveries.fetchNextPage()}
              >
                Load more deliveries
              </Button>
            )}
            {deliveries.isFetchNextPageError && (
              <Alert className="mt-2">{`Could not load more: ${webhookErrorMessage(deliveries.error)}`}</Alert>
            )}
          </>
        )}
      </QueryState>
      {search.dialog === 'delivery' && open && (
        <DeliveryDialog
          delivery={open}
          busy={redeliver.isPending}
          error={redeliver.error}
          onRedeliver={() => again(open)}
          onClose={close}
        />
      )}
    </Section>
  );
}
