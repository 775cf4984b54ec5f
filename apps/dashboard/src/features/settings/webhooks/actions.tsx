/**
 * A webhook's quick actions, shared by the list and the webhook's page: Pause / Resume and "Send
 * test event". What happened is said once, above the page's content: a notice, the API's error, or
 * the test's outcome (what the receiver answered, how long it took, why it failed, its answer).
 */
import { useMutation } from '@tanstack/react-query';
import type { Webhook, WebhookDelivery } from '@vitrine/contract';
import { webhookMutations } from '@vitrine/sdk/react';
import { Alert, Button } from '@vitrine/ui';
import { useState } from 'react';
import { useHttp } from '../../../app/http.tsx';
import { AttemptFacts } from './attempt.tsx';
import { answered, attemptSummary, shortUrl, webhookErrorMessage } from './describe.ts';

interface Outcome {
  notice?: string;
  test?: { url: string; delivery: WebhookDelivery };
}

export function useWebhookActions() {
  const http = useHttp();
  const update = useMutation(webhookMutations.update(http));
  const test = useMutation(webhookMutations.test(http));
  const [outcome, setOutcome] = useState<Outcome>({});
  const start = () => {
    setOutcome({});
    update.reset();
    test.reset();
  };
  return {
    outcome,
    error: update.error ?? test.error,
    /** Shows a notice of the page's own (a webhook added or deleted). */
    say: (notice: string | undefined) => setOutcome(notice ? { notice } : {}),
    toggle: (w: Webhook) => {
      start();
      const status = w.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE';
      update.mutate(
        { id: w.id, webhook: { status } },
        {
          onSuccess: () =>
            setOutcome({
              notice:
                status === 'PAUSED'
                  ? `Paused: nothing is sent to ${shortUrl(w.url)} until you resume it; its waiting deliveries have failed, and events meanwhile are not sent later.`
                  : `Resumed: events from now on are sent to ${shortUrl(w.url)}.`,
            }),
        },
      );
    },
    toggling: (w: Webhook) => update.isPending && update.variables.id === w.id,
    sendTest: (w: Webhook) => {
      start();
      test.mutate(w.id, { onSuccess: (delivery) => setOutcome({ test: { url: w.url, delivery } }) });
    },
    testing: (w: Webhook) => test.isPending && test.variables === w.id,
  };
}

export type WebhookActions = ReturnType<typeof useWebhookActions>;

/** What the last action did, for the top of the page. */
export function ActionOutcome({ actions }: { actions: WebhookActions }) {
  const { outcome, error } = actions;
  const tested = outcome.test;
  const attempt = tested?.delivery.lastAttempt;
  return (
    <>
      <Alert>{webhookErrorMessage(error)}</Alert>
      <Alert variant="success">{outcome.notice}</Alert>
      {tested && (
        <Alert variant={attempt && answered(attempt) ? 'success' : 'warning'}>
          <p className="font-medium">
            {attempt && answered(attempt)
              ? `Test event delivered to ${shortUrl(tested.url)}. `
              : `Test event not delivered to ${shortUrl(tested.url)}. `}
            {attempt ? attemptSummary(attempt) : 'No attempt was made.'}
          </p>
          {attempt && <AttemptFacts attempt={attempt} />}
        </Alert>
      )}
    </>
  );
}

/** "Pause" or "Resume", and "Send test event", for one webhook (named for screen readers). */
export function QuickActions({
  webhook: w,
  actions,
  name,
}: {
  webhook: Webhook;
  actions: WebhookActions;
  name: string;
}) {
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        busy={actions.testing(w)}
        aria-label={`Send test event to ${name}`}
        onClick={() => actions.sendTest(w)}
      >
        Send test event
      </Button>
      <Button
        variant="secondary"
        size="sm"
        busy={actions.toggling(w)}
        aria-label={`${w.status === 'ACTIVE' ? 'Pause' : 'Resume'} ${name}`}
        onClick={() => actions.toggle(w)}
      >
        {w.status === 'ACTIVE' ? 'Pause' : 'Resume'}
      </Button>
    </>
  );
}
