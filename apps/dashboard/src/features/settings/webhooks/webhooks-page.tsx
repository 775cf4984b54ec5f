/**
 * `/dashboard/settings/webhooks`: the store's webhooks (a URL and the events POSTed there, signed):
 * each with its status, the last 7 days' deliveries by outcome and its last delivery; add, edit and
 * delete (dialogs in the URL: `?dialog=new-webhook`, `edit-webhook&id=…`, `delete-webhook&id=…`),
 * pause or resume, send a test event (what the receiver answered is said above the list). Each
 * leads to its deliveries. Below, what receivers verify deliveries with.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { webhookMutations, webhookQueries } from '@vitrine/sdk/react';
import { Alert, buttonClass, PageHeading } from '@vitrine/ui';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { useHttp } from '../../../app/http.tsx';
import { OPENED_HERE, useListDialog } from '../../../kit/dialogs.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { SettingsTabs } from '../tabs.tsx';
import { settingsUrls, type WEBHOOKS_DIALOGS } from '../urls.ts';
import { ActionOutcome, useWebhookActions } from './actions.tsx';
import { MAX_WEBHOOKS, shortUrl } from './describe.ts';
import { DeleteWebhookDialog } from './delete-dialog.tsx';
import { SigningKey } from './signing-key.tsx';
import { WebhookDialog } from './webhook-dialog.tsx';
import { WebhookTable } from './webhook-table.tsx';

type Dialog = (typeof WEBHOOKS_DIALOGS)[number];

export function WebhooksPage() {
  useTitle('Webhooks');
  const http = useHttp();
  const location = useLocation();
  const hooks = useQuery(webhookQueries.list(http));
  // Here, not in the dialog: deleting drops the webhook from the list, and the dialog with it.
  const remove = useMutation(webhookMutations.delete(http));
  const actions = useWebhookActions();
  const [search] = useRouteSearch(settingsUrls.webhooks);
  const { close, open } = useListDialog<Dialog>({
    href: (dialog, id) => settingsUrls.webhooks.href({ dialog, id }),
  });
  // What the page that sent us here did (a webhook deleted from its own page).
  const [arrived] = useState((location.state as { notice?: string } | null)?.notice);
  const done = (message: string) => {
    actions.say(message);
    close();
  };
  const chosen = hooks.data?.find((w) => w.id === search.id);
  const count = hooks.data?.length ?? 0;
  const add = (
    <Link to={open('new-webhook')} state={OPENED_HERE} className={buttonClass('primary', 'sm')}>
      Add webhook
    </Link>
  );

  return (
    <>
      <PageHeading className="mb-4">Webhooks</PageHeading>
      <SettingsTabs current="webhooks" />
      <Alert variant="success">{arrived}</Alert>
      <ActionOutcome actions={actions} />
      <Section
        title="Your webhooks"
        description={
          count > 0
            ? `${count} of at most ${MAX_WEBHOOKS}, newest first. Open one for its deliveries.`
            : undefined
        }
        action={count > 0 ? add : undefined}
      >
        <QueryState query={hooks} label="Loading webhooks…" height="h-32">
          {(list) =>
            list.length === 0 ? (
              <Empty add={add} />
            ) : (
              <WebhookTable list={list} actions={actions} open={open} />
            )
          }
        </QueryState>
      </Section>
      <SigningKey />
      {search.dialog === 'new-webhook' && <WebhookDialog onClose={close} onDone={done} />}
      {search.dialog === 'edit-webhook' && chosen && (
        <WebhookDialog webhook={chosen} onClose={close} onDone={done} />
      )}
      {search.dialog === 'delete-webhook' && chosen && (
        <DeleteWebhookDialog
          webhook={chosen}
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() =>
            remove.mutate(chosen.id, { onSuccess: () => done(`Webhook to ${shortUrl(chosen.url)} deleted.`) })
          }
          onClose={close}
        />
      )}
    </>
  );
}

function Empty({ add }: { add: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-line p-6">
      <h3 className="mb-2 font-semibold">No webhooks yet</h3>
      <p className="mb-2 max-w-prose text-sm">
        A webhook sends your store&apos;s events (an order placed, a product changed, a review written) to a
        URL of yours as they happen, so that another system (your warehouse, your accounting, a chat channel)
        can act on them at once.
      </p>
      <p className="mb-4 max-w-prose text-sm text-muted">
        Each event is POSTed as a JWT signed with the store&apos;s key, in the form the official SDK reads. A
        delivery that fails is tried again for about half an hour.
      </p>
      {add}
    </div>
  );
}
