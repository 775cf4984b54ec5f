/**
 * `/dashboard/settings/reviews`: whether new reviews wait for moderation or are published at once,
 * and whether buyers are asked for a review by e-mail, how many days after their order is fulfilled.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReviewSettings } from '@vitrine/contract';
import { adminReviewMutations, adminReviewQueries } from '@vitrine/sdk/react';
import { Alert, Button, Choice, ChoiceGroup, Field, PageHeading } from '@vitrine/ui';
import { useState, type FormEvent } from 'react';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { SettingsTabs } from '../tabs.tsx';

export function ReviewSettingsPage() {
  useTitle('Review settings');
  const http = useHttp();
  const settings = useQuery(adminReviewQueries.settings(http));
  const save = useMutation(adminReviewMutations.updateSettings(http));
  const [notice, setNotice] = useState<string>();
  return (
    <>
      <PageHeading className="mb-4">Review settings</PageHeading>
      <SettingsTabs current="reviews" />
      <Alert variant="success">{notice}</Alert>
      <Alert>{save.error ? describeError(save.error).message : undefined}</Alert>
      <QueryState query={settings} label="Loading the review settings…">
        {(s) => (
          <ReviewSettingsForm
            settings={s}
            busy={save.isPending}
            fieldError={save.error ? describeError(save.error).fields.requestDelayDays : undefined}
            onSave={(v) => {
              setNotice(undefined);
              save.mutate(v, { onSuccess: () => setNotice('Review settings saved.') });
            }}
          />
        )}
      </QueryState>
    </>
  );
}

function ReviewSettingsForm({
  settings: s,
  busy,
  fieldError,
  onSave,
}: {
  settings: ReviewSettings;
  busy: boolean;
  fieldError: string | undefined;
  onSave: (v: Partial<ReviewSettings>) => void;
}) {
  const [error, setError] = useState<string>();
  const [requests, setRequests] = useState(s.requestsEnabled);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const days = Number(f.get('requestDelayDays') ?? s.requestDelayDays);
    if (!Number.isInteger(days) || days < 0 || days > 90)
      return setError('A whole number of days from 0 to 90.');
    setError(undefined);
    onSave({
      moderation: f.get('moderation') as ReviewSettings['moderation'],
      requestsEnabled: f.get('requestsEnabled') === 'on',
      requestDelayDays: days,
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Review settings">
      <Section title="Moderation">
        <ChoiceGroup legend="New reviews" hideLegend>
          <div className="space-y-2">
            <Choice name="moderation" value="MANUAL" defaultChecked={s.moderation === 'MANUAL'}>
              <span>
                <span className="block font-medium">Wait for my approval</span>
                <span className="block text-sm text-muted">
                  Every new review goes to the moderation queue first.
                </span>
              </span>
            </Choice>
            <Choice name="moderation" value="AUTO_PUBLISH" defaultChecked={s.moderation === 'AUTO_PUBLISH'}>
              <span>
                <span className="block font-medium">Publish at once</span>
                <span className="block text-sm text-muted">
                  Reviews with a link or an e-mail address in them still wait for you.
                </span>
              </span>
            </Choice>
          </div>
        </ChoiceGroup>
      </Section>
      <Section
        title="Review requests"
        description="Buyers get an e-mail asking for a review, with a link that needs no sign-in."
      >
        <Choice
          type="checkbox"
          name="requestsEnabled"
          checked={requests}
          onChange={(e) => setRequests(e.target.checked)}
        >
          Ask buyers for a review after their order is fulfilled
        </Choice>
        <Field
          className="mt-4 max-w-xs"
          label="Days after fulfilment"
          name="requestDelayDays"
          type="number"
          min={0}
          max={90}
          defaultValue={s.requestDelayDays}
          disabled={!requests}
          error={error ?? fieldError}
        />
      </Section>
      <Button type="submit" busy={busy}>
        Save review settings
      </Button>
    </form>
  );
}
