/**
 * Add or edit a webhook: its URL, a description, the events it receives (`EventPicker`) and
 * whether it is active. An edit sends only what changed. The server refuses a URL on a private or
 * loopback address, or one that does not resolve (400 `WEBHOOK_URL_REFUSED`), shown on the field.
 */
import { useMutation } from '@tanstack/react-query';
import type { Webhook, WebhookStatus } from '@vitrine/contract';
import { WEBHOOK_LIMITS } from '@vitrine/contract/webhook-rules';
import type { WebhookPatch } from '@vitrine/sdk';
import { webhookMutations } from '@vitrine/sdk/react';
import { Choice, ChoiceGroup, Field } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { useHttp } from '../../../app/http.tsx';
import { shortUrl, webhookError } from './describe.ts';
import { EventPicker, EVERY_EVENT } from './event-picker.tsx';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

export function WebhookDialog({
  webhook,
  onClose,
  onDone,
}: {
  webhook?: Webhook;
  onClose: () => void;
  onDone: (message: string, made?: Webhook) => void;
}) {
  const http = useHttp();
  const create = useMutation(webhookMutations.create(http));
  const update = useMutation(webhookMutations.update(http));
  const [events, setEvents] = useState<Set<string>>(() => new Set(webhook?.eventTypes ?? []));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failure = create.error ?? update.error;
  const described = failure ? webhookError(failure) : undefined;

  const submit = (f: FormData) => {
    const url = String(f.get('url') ?? '').trim();
    const description = String(f.get('description') ?? '').trim();
    const status = (f.get('status') === 'PAUSED' ? 'PAUSED' : 'ACTIVE') satisfies WebhookStatus;
    const eventTypes = events.has(EVERY_EVENT) ? [EVERY_EVENT] : [...events];
    const errs: Record<string, string> = {};
    if (!url) errs.url = 'Give the URL events are sent to.';
    else if (!/^https?:\/\/\S+$/i.test(url)) errs.url = 'A web address starting with https:// (or http://).';
    else if (url.length > WEBHOOK_LIMITS.url) errs.url = `At most ${WEBHOOK_LIMITS.url} characters.`;
    if (eventTypes.length === 0) errs.eventTypes = 'Choose at least one event.';
    else if (eventTypes.length > WEBHOOK_LIMITS.eventTypes)
      errs.eventTypes = `At most ${WEBHOOK_LIMITS.eventTypes} event types: choose every event of a kind instead.`;
    setErrors(errs);
    if (Object.keys(errs).length) return;
    create.reset();
    update.reset();
    if (!webhook) {
      create.mutate(
        { url, description, eventTypes, status },
        { onSuccess: (w) => onDone(`Webhook to ${shortUrl(w.url)} added.`, w) },
      );
      return;
    }
    const patch: WebhookPatch = {
      ...(url !== webhook.url ? { url } : {}),
      ...(description !== webhook.description ? { description } : {}),
      ...(!sameSet(eventTypes, webhook.eventTypes) ? { eventTypes } : {}),
      ...(status !== webhook.status ? { status } : {}),
    };
    if (Object.keys(patch).length === 0) return onDone('Nothing changed.');
    update.mutate(
      { id: webhook.id, webhook: patch },
      { onSuccess: (w) => onDone(`Webhook to ${shortUrl(w.url)} saved.`) },
    );
  };

  return (
    <ActionDialog
      title={webhook ? 'Edit webhook' : 'Add webhook'}
      description="Each event you choose is POSTed to the URL as a signed JWT, within seconds of happening."
      onClose={onClose}
      submitLabel={webhook ? 'Save webhook' : 'Add webhook'}
      busy={create.isPending || update.isPending}
      error={
        described?.message ??
        (Object.keys(errors).length ? 'Please check the highlighted fields.' : undefined)
      }
      onSubmit={submit}
    >
      <Field
        label="URL"
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        defaultValue={webhook?.url ?? ''}
        maxLength={WEBHOOK_LIMITS.url}
        placeholder="https://example.com/webhooks/vitrine"
        hint="A public https address of your receiver. Private and local network addresses are refused."
        error={errors.url ?? described?.fields.url}
      />
      <Field
        label="Description (optional)"
        name="description"
        defaultValue={webhook?.description ?? ''}
        maxLength={WEBHOOK_LIMITS.description}
        hint="What receives the events, for you to recognise it."
        error={described?.fields.description}
      />
      <EventPicker
        value={events}
        onChange={setEvents}
        error={errors.eventTypes ?? described?.fields.eventTypes}
      />
      <ChoiceGroup legend="Status">
        <div className="grid gap-2 sm:grid-cols-2">
          <Choice name="status" value="ACTIVE" defaultChecked={webhook?.status !== 'PAUSED'}>
            <span>
              <span className="block font-medium">Active</span>
              <span className="block text-sm text-muted">Events are sent as they happen.</span>
            </span>
          </Choice>
          <Choice name="status" value="PAUSED" defaultChecked={webhook?.status === 'PAUSED'}>
            <span>
              <span className="block font-medium">Paused</span>
              <span className="block text-sm text-muted">
                Nothing is sent; events meanwhile are not kept for it.
              </span>
            </span>
          </Choice>
        </div>
      </ChoiceGroup>
    </ActionDialog>
  );
}
