/**
 * How long a buyer has to pay by a manual method (`manualPaymentCancelDays`): an order still
 * unpaid when the days are up is canceled, its stock returned and the buyer told; none: orders
 * wait until marked paid or canceled by hand. The confirmation e-mail gives the buyer the day.
 */
import { useMutation } from '@tanstack/react-query';
import type { StoreSettings } from '@vitrine/contract';
import { storeSettingsMutations } from '@vitrine/sdk/react';
import { Alert, Button, Choice, Field } from '@vitrine/ui';
import { useState } from 'react';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { Section } from '../../../kit/section.tsx';

/** Days as typed: a whole number from 1 to 90, else undefined. */
export function daysOf(text: string): number | undefined {
  if (!/^\s*\d{1,2}\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 90 ? n : undefined;
}

export function PaymentDeadline({
  settings,
  onNotice,
}: {
  settings: StoreSettings;
  onNotice: (m?: string) => void;
}) {
  const http = useHttp();
  const save = useMutation(storeSettingsMutations.update(http));
  const [on, setOn] = useState(settings.manualPaymentCancelDays !== null);
  const [text, setText] = useState(String(settings.manualPaymentCancelDays ?? 7));
  const [problem, setProblem] = useState<string>();
  return (
    <Section
      title="Orders not paid"
      description="What happens to an order placed with a manual payment method whose money does not arrive."
    >
      <form
        noValidate
        className="max-w-prose"
        onSubmit={(e) => {
          e.preventDefault();
          const days = on ? daysOf(text) : null;
          if (days === undefined) {
            setProblem('Enter a number of days from 1 to 90.');
            return;
          }
          onNotice(undefined);
          save.mutate(
            { settings: { manualPaymentCancelDays: days }, revision: settings.revision },
            {
              onSuccess: () =>
                onNotice(
                  days
                    ? `Saved: an order not paid within ${days} day${days === 1 ? '' : 's'} is canceled.`
                    : 'Saved: unpaid orders wait until you mark them paid or cancel them.',
                ),
            },
          );
        }}
      >
        <Choice type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)}>
          Cancel an order when its payment has not arrived in time
        </Choice>
        {on && (
          <Field
            label="Days to pay"
            inputMode="numeric"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setProblem(undefined);
            }}
            error={problem}
            hint="Counted from the moment the buyer chooses the method; the confirmation e-mail gives them the day. The order's stock returns and the buyer is told. An order you marked paid or shipped stays."
            className="mt-3 mb-4 w-72"
          />
        )}
        <Alert>{save.error ? describeError(save.error).message : undefined}</Alert>
        <Button type="submit" size="sm" className="mt-3" busy={save.isPending}>
          Save
        </Button>
      </form>
    </Section>
  );
}
