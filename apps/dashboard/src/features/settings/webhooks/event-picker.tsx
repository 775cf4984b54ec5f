/**
 * What a webhook receives: every event (`*`), every event of an entity (`<entityFqdn>_*`), the
 * exact types the store sent lately, and any exact type typed in (checked against the contract's
 * `WEBHOOK_EVENT_PATTERN`). Checkboxes, so the whole choice is one set; "Every event" makes the rest moot.
 */
import { useQuery } from '@tanstack/react-query';
import {
  WEBHOOK_EVENT_PATTERN,
  WEBHOOK_EVENT_PATTERN_MESSAGE,
  WEBHOOK_LIMITS,
} from '@vitrine/contract/webhook-rules';
import { webhookQueries } from '@vitrine/sdk/react';
import { Alert, Button, Choice, ChoiceGroup, Field, LoadingSkeleton, Skeleton } from '@vitrine/ui';
import { useId, useState, type KeyboardEvent } from 'react';
import { useHttp } from '../../../app/http.tsx';
import { errorMessage } from '../../../app/errors.ts';

export const EVERY_EVENT = '*';

export function EventPicker({
  value,
  onChange,
  error,
}: {
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Why the choice cannot be saved (nothing chosen). */
  error?: string;
}) {
  const http = useHttp();
  const types = useQuery(webhookQueries.eventTypes(http));
  const errorId = useId();
  // Types typed in, and those the webhook had that no list offers: kept while the dialog is open.
  const [typed, setTyped] = useState<string[]>(() => [...value].filter((p) => p !== EVERY_EVENT));
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();
  const every = value.has(EVERY_EVENT);

  const entities = types.data?.entities ?? [];
  const recent = types.data?.recentEventTypes ?? [];
  const offered = new Set([...entities.map((e) => `${e.entityFqdn}_*`), ...recent]);
  const others = typed.filter((p) => !offered.has(p));

  const toggle = (pattern: string, on: boolean) => {
    const next = new Set(value);
    if (on) next.add(pattern);
    else next.delete(pattern);
    onChange(next);
  };
  const add = () => {
    const pattern = draft.trim();
    if (!pattern || pattern.length > WEBHOOK_LIMITS.eventType || !WEBHOOK_EVENT_PATTERN.test(pattern)) {
      setDraftError(pattern ? `“${pattern}” ${WEBHOOK_EVENT_PATTERN_MESSAGE}.` : 'Type an event type first.');
      return;
    }
    setDraftError(undefined);
    setDraft('');
    if (!typed.includes(pattern)) setTyped([...typed, pattern]);
    toggle(pattern, true);
  };
  const enter = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the type here; it does not submit the dialog's form.
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };
  const chip = (pattern: string, label: string, mono = false) => (
    <Choice
      key={pattern}
      type="checkbox"
      shape="chip"
      className={`text-sm ${mono ? 'font-mono break-all' : ''}`}
      checked={value.has(pattern)}
      disabled={every}
      onChange={(e) => toggle(pattern, e.currentTarget.checked)}
    >
      {label}
    </Choice>
  );

  return (
    <ChoiceGroup legend="Events" aria-describedby={error ? errorId : undefined}>
      {error && (
        <p id={errorId} className="mb-2 text-sm text-danger">
          {error}
        </p>
      )}
      <Choice
        type="checkbox"
        className="mb-3"
        checked={every}
        onChange={(e) => toggle(EVERY_EVENT, e.currentTarget.checked)}
      >
        <span>
          <span className="block font-medium">Every event</span>
          <span className="block text-sm text-muted">
            Everything the store emits, including kinds of events added later.
          </span>
        </span>
      </Choice>
      {types.isError && (
        <div className="mb-3">
          <Alert live={false}>{`The list of events could not be loaded: ${errorMessage(types.error)}`}</Alert>
          <Button variant="secondary" size="sm" onClick={() => void types.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {types.isPending && (
        <LoadingSkeleton label="Loading the kinds of events…" className="mb-3">
          <Skeleton className="h-24 rounded-xl" />
        </LoadingSkeleton>
      )}
      {entities.length > 0 && (
        <ChoiceGroup legend="Every event of one kind" className="mb-3">
          <div className="flex flex-wrap gap-2">
            {entities.map((e) => chip(`${e.entityFqdn}_*`, `All ${e.label} events`))}
          </div>
        </ChoiceGroup>
      )}
      {types.data && (
        <ChoiceGroup legend="Event types the store sent lately" className="mb-3">
          {recent.length === 0 ? (
            <p className="text-sm text-muted">None yet.</p>
          ) : (
            <div className="flex flex-wrap gap-2">{recent.map((t) => chip(t, t, true))}</div>
          )}
        </ChoiceGroup>
      )}
      {others.length > 0 && (
        <ChoiceGroup legend="Other event types" className="mb-3">
          <div className="flex flex-wrap gap-2">{others.map((t) => chip(t, t, true))}</div>
        </ChoiceGroup>
      )}
      <Field
        label="Add an exact event type"
        className="mb-0"
        value={draft}
        disabled={every}
        autoComplete="off"
        spellCheck={false}
        placeholder="wix.ecom.v1.order_approved"
        hint="An event's full type, or every event of an entity with _* at the end (wix.ecom.v1.order_*)."
        error={draftError}
        announceError
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={enter}
        action={
          <Button variant="secondary" onClick={add} disabled={every}>
            Add
          </Button>
        }
      />
    </ChoiceGroup>
  );
}
