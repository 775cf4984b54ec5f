/**
 * `/dashboard/settings/tax`: how tax is charged (prices with or without tax, taxed shipping, where
 * orders without an address are taxed), the tax rates per place and the additional fees.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { StoreSettings } from '@vitrine/contract';
import {
  additionalFeeMutations,
  additionalFeeQueries,
  storeSettingsQueries,
  taxRateMutations,
  taxRateQueries,
} from '@vitrine/sdk/react';
import { Alert, Button, buttonClass, Choice, Field, PageHeading, Table } from '@vitrine/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { ConfirmDialog } from '../../../kit/confirm.tsx';
import { OPENED_HERE, useListDialog } from '../../../kit/dialogs.ts';
import { money } from '../../../kit/format.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { useSaveSettings } from '../save-settings.ts';
import { SettingsTabs } from '../tabs.tsx';
import type { TAX_DIALOGS } from '../urls.ts';
import { settingsUrls } from '../urls.ts';
import { FeeDialog } from './fee-dialog.tsx';
import { RateDialog } from './rate-dialog.tsx';
import { EditDeleteLinks } from '../../../kit/row-actions.tsx';

type Dialog = (typeof TAX_DIALOGS)[number];
const rateKinds = { MANUAL_RATE: '', NO_TAX_COLLECTED: 'No tax', FALLBACK_RATE: 'Everywhere else' } as const;

export function TaxPage() {
  useTitle('Tax');
  const http = useHttp();
  const settings = useQuery(storeSettingsQueries.get(http));
  const save = useSaveSettings(settings.data);
  const rates = useQuery(taxRateQueries.list(http));
  const fees = useQuery(additionalFeeQueries.list(http));
  const removeRate = useMutation(taxRateMutations.delete(http));
  const removeFee = useMutation(additionalFeeMutations.delete(http));
  const [search] = useRouteSearch(settingsUrls.tax);
  const { close, open } = useListDialog<Dialog>({
    href: (dialog, id) => settingsUrls.tax.href({ dialog, id }),
  });
  const [notice, setNotice] = useState<string>();
  const currency = settings.data?.currency;
  const done = (message: string) => {
    setNotice(message);
    close();
  };
  const rate = rates.data?.find((r) => r.id === search.id);
  const fee = fees.data?.find((x) => x.id === search.id);

  return (
    <>
      <PageHeading className="mb-4">Tax</PageHeading>
      <SettingsTabs current="tax" />
      <Alert variant="success">{notice}</Alert>
      <Section title="How tax is charged">
        <QueryState query={settings} label="Loading the settings…" height="h-24">
          {(s) => (
            <TaxSettingsForm
              key={s.revision}
              settings={s}
              save={save}
              onReload={() => {
                save.reset();
                void settings.refetch();
              }}
            />
          )}
        </QueryState>
      </Section>
      <Section
        title="Tax rates"
        action={
          <Link to={open('new-rate')} state={OPENED_HERE} className={buttonClass('primary', 'sm')}>
            New tax rate
          </Link>
        }
      >
        <QueryState query={rates} label="Loading tax rates…" height="h-24">
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted">No tax rates: no tax is charged.</p>
            ) : (
              <Table caption="Tax rates" hideCaption className="mb-0">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Where</th>
                    <th scope="col" className="text-right">
                      Rate
                    </th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((r) => (
                    <tr key={r.id}>
                      <th scope="row" className="font-medium">
                        {r.name}
                      </th>
                      <td>
                        {rateKinds[r.rateType] || [r.subdivision, r.country].filter(Boolean).join(', ')}
                      </td>
                      <td className="text-right tabular-nums">
                        {r.rateType === 'NO_TAX_COLLECTED' ? '—' : `${r.rate} %`}
                      </td>
                      <td>
                        <div className="flex justify-end gap-1">
                          <EditDeleteLinks
                            edit={open('edit-rate', r.id)}
                            remove={open('delete-rate', r.id)}
                            name={r.name}
                          />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )
          }
        </QueryState>
      </Section>
      <Section
        title="Additional fees"
        description="Handling or insurance, added to every order."
        action={
          <Link to={open('new-fee')} state={OPENED_HERE} className={buttonClass('primary', 'sm')}>
            New fee
          </Link>
        }
      >
        <QueryState query={fees} label="Loading fees…" height="h-24">
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted">No additional fees.</p>
            ) : (
              <Table caption="Additional fees" hideCaption className="mb-0">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Kind</th>
                    <th scope="col" className="text-right">
                      Charge
                    </th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((x) => (
                    <tr key={x.id}>
                      <th scope="row" className="font-medium">
                        {x.name}
                        <span className="block font-mono font-normal text-muted">{x.code}</span>
                      </th>
                      <td>{x.type === 'HANDLING_FEE' ? 'Handling' : 'Insurance'}</td>
                      <td className="text-right tabular-nums">
                        {x.percentage
                          ? `${x.percentage} % of the subtotal`
                          : currency
                            ? money(x.amount ?? '0', currency)
                            : x.amount}
                      </td>
                      <td>
                        <div className="flex justify-end gap-1">
                          <EditDeleteLinks
                            edit={open('edit-fee', x.id)}
                            remove={open('delete-fee', x.id)}
                            name={x.name}
                          />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )
          }
        </QueryState>
      </Section>
      {search.dialog === 'new-rate' && <RateDialog onClose={close} onDone={done} />}
      {search.dialog === 'edit-rate' && rate && <RateDialog rate={rate} onClose={close} onDone={done} />}
      {search.dialog === 'delete-rate' && rate && (
        <ConfirmDialog
          title={`Delete ${rate.name}?`}
          description="Orders from then on are taxed by the next most precise rate (or not at all)."
          confirmLabel="Delete rate"
          busy={removeRate.isPending}
          error={removeRate.error}
          onConfirm={() => removeRate.mutate(rate.id, { onSuccess: () => done(`“${rate.name}” deleted.`) })}
          onClose={close}
        />
      )}
      {search.dialog === 'new-fee' && <FeeDialog currency={currency} onClose={close} onDone={done} />}
      {search.dialog === 'edit-fee' && fee && (
        <FeeDialog fee={fee} currency={currency} onClose={close} onDone={done} />
      )}
      {search.dialog === 'delete-fee' && fee && (
        <ConfirmDialog
          title={`Delete ${fee.name}?`}
          description="Orders from then on are not charged this fee."
          confirmLabel="Delete fee"
          busy={removeFee.isPending}
          error={removeFee.error}
          onConfirm={() => removeFee.mutate(fee.id, { onSuccess: () => done(`“${fee.name}” deleted.`) })}
          onClose={close}
        />
      )}
    </>
  );
}

function TaxSettingsForm({
  settings: s,
  save,
  onReload,
}: {
  settings: StoreSettings;
  save: ReturnType<typeof useSaveSettings>;
  onReload: () => void;
}) {
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const country = String(f.get('originCountry') ?? '')
      .trim()
      .toUpperCase();
    const subdivision = String(f.get('originSubdivision') ?? '')
      .trim()
      .toUpperCase();
    if (country && !/^[A-Z]{2}$/.test(country))
      return setError('A two-letter country code, such as US, or empty.');
    setError(undefined);
    save.submit(
      {
        taxIncludedInPrices: f.get('taxIncludedInPrices') === 'on',
        shippingTaxable: f.get('shippingTaxable') === 'on',
        taxOrigin: country ? { country, ...(subdivision ? { subdivision } : {}) } : null,
      },
      'Tax settings',
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="How tax is charged">
      <Alert variant="success">{save.notice}</Alert>
      {save.stale ? (
        <Alert>
          Someone else changed the settings meanwhile.{' '}
          <Button variant="link" size="sm" onClick={onReload}>
            Reload them
          </Button>
        </Alert>
      ) : (
        <Alert>{save.failure?.message}</Alert>
      )}
      <div className="mb-4 space-y-2">
        <Choice type="checkbox" name="taxIncludedInPrices" defaultChecked={s.taxIncludedInPrices}>
          My prices include tax
        </Choice>
        <Choice type="checkbox" name="shippingTaxable" defaultChecked={s.shippingTaxable}>
          Charge tax on shipping
        </Choice>
      </div>
      <fieldset className="mb-2">
        <legend className="mb-1 text-sm font-medium">
          Tax orders without a delivery address (pickup, digital goods) as from
        </legend>
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Field
            label="Country"
            name="originCountry"
            maxLength={2}
            defaultValue={s.taxOrigin?.country ?? ''}
            hint="Two letters, or empty for no tax on them."
            error={error ?? save.failure?.fields.country}
          />
          <Field
            label="State or province"
            name="originSubdivision"
            defaultValue={s.taxOrigin?.subdivision ?? ''}
            hint="Optional code, such as NY."
            error={save.failure?.fields.subdivision}
          />
        </div>
      </fieldset>
      <Button type="submit" busy={save.busy}>
        Save tax settings
      </Button>
    </form>
  );
}
