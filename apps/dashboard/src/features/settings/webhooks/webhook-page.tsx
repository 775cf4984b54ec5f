/**
 * `/dashboard/settings/webhooks/:webhookId`: one webhook: where it sends and what, its status and
 * figures; send a test event, pause or resume, edit (`?dialog=edit-webhook`), delete
 * (`?dialog=delete-webhook`, then back to the list, which says so); and its deliveries.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Webhook } from '@vitrine/contract';
import { webhookMutations, webhookQueries } from '@vitrine/sdk/react';
import { Badge, buttonClass, linkClass, PageHeading } from '@vitrine/ui';
import { Link, useNavigate, useParams } from 'react-router';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { useCloseDialog } from '../../../app/url-dialog.ts';
import { OPENED_HERE } from '../../../kit/dialogs.ts';
import { Facts } from '../../../kit/facts.tsx';
import { dateTime } from '../../../kit/format.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { settingsUrls } from '../urls.ts';
import { ActionOutcome, QuickActions, useWebhookActions } from './actions.tsx';
import { DeleteWebhookDialog } from './delete-dialog.tsx';
import { Deliveries } from './deliveries.tsx';
import { patternLabel, shortUrl, webhookLabels, webhookName } from './describe.ts';
import { WebhookDialog } from './webhook-dialog.tsx';

export function WebhookPage() {
  const { webhookId = '' } = useParams();
  const http = useHttp();
  const hook = useQuery(webhookQueries.one(http, webhookId));
  const heading = hook.data ? `Webhook to ${shortUrl(hook.data.url)}` : 'Webhook';
  useTitle(heading);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link to={settingsUrls.webhooks.href()} className={linkClass}>
          Webhooks
        </Link>
      </nav>
      <PageHeading className="mb-2 [overflow-wrap:anywhere]">{heading}</PageHeading>
      <QueryState query={hook} label="Loading the webhook…">
        {(w) => <WebhookDetails webhook={w} />}
      </QueryState>
    </>
  );
}

function WebhookDetails({ webhook: w }: { webhook: Webhook }) {
  const http = useHttp();
  const navigate = useNavigate();
  const actions = useWebhookActions();
  // Here, not in the dialog: deleting drops the webhook from the cache, and the dialog with it.
  const remove = useMutation(webhookMutations.delete(http));
  const entities = useQuery(webhookQueries.eventTypes(http)).data?.entities ?? [];
  const [search] = useRouteSearch(settingsUrls.webhook);
  const page = settingsUrls.webhook.href({ webhookId: w.id }, { status: search.status });
  const close = useCloseDialog(page);
  const dialog = (d: 'edit-webhook' | 'delete-webhook') =>
    settingsUrls.webhook.href({ webhookId: w.id }, { status: search.status, dialog: d });
  const name = webhookName(w);

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={webhookLabels[w.status][1]}>{webhookLabels[w.status][0]}</Badge>
        {w.description && <span className="text-muted">{w.description}</span>}
      </div>
      <ActionOutcome actions={actions} />
      <div className="mb-6 flex flex-wrap gap-2">
        <QuickActions webhook={w} actions={actions} name={name} />
        <Link
          to={dialog('edit-webhook')}
          state={OPENED_HERE}
          preventScrollReset
          className={buttonClass('secondary', 'sm')}
        >
          Edit
        </Link>
        <Link
          to={dialog('delete-webhook')}
          state={OPENED_HERE}
          preventScrollReset
          className={buttonClass('ghost', 'sm')}
        >
          Delete
        </Link>
      </div>
      <Section title="Settings">
        <Facts
          rows={[
            ['URL', w.url],
            ['Events', w.eventTypes.map((p) => patternLabel(p, entities)).join(', ')],
            ['Status', webhookLabels[w.status][0]],
            [
              'Last 7 days',
              `${w.stats.delivered} delivered, ${w.stats.failed} failed, ${w.stats.pending} pending`,
            ],
            ['Added', dateTime(w.createdDate)],
            ['Changed', dateTime(w.updatedDate)],
          ]}
        />
      </Section>
      <Deliveries webhookId={w.id} />
      {search.dialog === 'edit-webhook' && (
        <WebhookDialog
          webhook={w}
          onClose={close}
          onDone={(m) => {
            actions.say(m);
            close();
          }}
        />
      )}
      {search.dialog === 'delete-webhook' && (
        <DeleteWebhookDialog
          webhook={w}
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() =>
            remove.mutate(w.id, {
              onSuccess: () =>
                void navigate(settingsUrls.webhooks.href(), {
                  replace: true,
                  state: { notice: `Webhook to ${shortUrl(w.url)} deleted.` },
                }),
            })
          }
          onClose={close}
        />
      )}
    </>
  );
}
