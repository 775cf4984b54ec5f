/**
 * `/dashboard/settings`: the store's name and contact e-mail, currency, locale and weight unit,
 * whether new members need approval, and checkout options: delayed capture (card payments only
 * authorized at checkout and captured when the order is fulfilled) and when held authorizations
 * are voided, and the store's postal address (the sender on packing slips; all fields empty clears
 * it). Saved with the field mask of what changed and the revision the form started from.
 */
import { useQuery } from '@tanstack/react-query';
import type { StoreSettings } from '@vitrine/contract';
import { storeSettingsQueries } from '@vitrine/sdk/react';
import {
  AddressFields,
  addressOf,
  addressProblems,
  Alert,
  allCountries,
  Button,
  Choice,
  ChoiceGroup,
  draftOf,
  emptyDraft,
  Field,
  localeCountry,
  PageHeading,
  Select,
  type AddressDraft,
} from '@vitrine/ui';
import { useMemo, useState, type FormEvent } from 'react';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { useSaveSettings } from '../save-settings.ts';
import { SettingsTabs } from '../tabs.tsx';

const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'JPY',
  'MXN',
  'BRL',
  'INR',
];

export function GeneralPage() {
  useTitle('Store settings');
  const http = useHttp();
  const settings = useQuery(storeSettingsQueries.get(http));
  // Outside the form, which starts again from each new revision (the notice must outlive it).
  const save = useSaveSettings(settings.data);
  return (
    <>
      <PageHeading className="mb-4">Store settings</PageHeading>
      <SettingsTabs current="general" />
      <QueryState query={settings} label="Loading the settings…">
        {(s) => (
          <GeneralForm
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
    </>
  );
}

function GeneralForm({
  settings: s,
  save,
  onReload,
}: {
  settings: StoreSettings;
  save: ReturnType<typeof useSaveSettings>;
  onReload: () => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [delayed, setDelayed] = useState(s.captureOnFulfillment);
  const countries = useMemo(() => allCountries(), []);
  const [address, setAddress] = useState<AddressDraft>(() =>
    s.businessAddress
      ? draftOf(s.businessAddress)
      : emptyDraft(s.taxOrigin?.country ?? localeCountry() ?? 'US'),
  );
  const field = (name: string) => errors[name] ?? save.failure?.fields[name];
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? '').trim();
    const errs: Record<string, string> = {};
    if (!text('storeName')) errs.storeName = 'Give the store a name.';
    if (text('contactEmail') && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text('contactEmail')))
      errs.contactEmail = 'Enter an e-mail address, or leave it empty.';
    const days = Number(text('authorizationVoidDays') || s.authorizationVoidDays);
    if (!Number.isInteger(days) || days < 1 || days > 30)
      errs.authorizationVoidDays = 'A whole number of days from 1 to 30.';
    const withAddress = !isBlank(address);
    if (withAddress) Object.assign(errs, addressProblems(address));
    setErrors(errs);
    if (Object.keys(errs).length) return;
    save.submit(
      {
        storeName: text('storeName'),
        contactEmail: text('contactEmail') || null,
        businessAddress: withAddress ? addressOf(address) : null,
        currency: text('currency'),
        locale: text('locale') || s.locale,
        weightUnit: text('weightUnit') as StoreSettings['weightUnit'],
        memberApprovalRequired: f.get('memberApprovalRequired') === 'on',
        captureOnFulfillment: f.get('captureOnFulfillment') === 'on',
        authorizationVoidDays: days,
        abandonedCheckoutEmails: f.get('abandonedCheckoutEmails') === 'on',
      },
      'Store settings',
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Store settings">
      <Alert variant="success">{save.notice}</Alert>
      {save.stale ? (
        <Alert>
          Someone else changed the settings since you opened this page.{' '}
          <Button variant="link" size="sm" onClick={onReload}>
            Reload them
          </Button>{' '}
          and make your change again.
        </Alert>
      ) : (
        <Alert>
          {save.failure?.message ??
            (Object.keys(errors).length ? 'Please check the highlighted fields.' : undefined)}
        </Alert>
      )}
      <Section title="Store" description="Shown to shoppers and in the store's e-mails.">
        <div className="grid gap-x-4 md:grid-cols-2">
          <Field
            label="Store name"
            name="storeName"
            defaultValue={s.storeName}
            maxLength={120}
            error={field('storeName')}
          />
          <Field
            label="Contact e-mail"
            name="contactEmail"
            type="email"
            defaultValue={s.contactEmail ?? ''}
            hint="Where shoppers can write to you."
            error={field('contactEmail')}
          />
          <Select
            label="Currency"
            name="currency"
            defaultValue={s.currency}
            hint="Prices are not converted: set it before you add products."
            error={field('currency')}
          >
            {[...new Set([s.currency, ...CURRENCIES])].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
          <Field
            label="Language and region"
            name="locale"
            defaultValue={s.locale}
            hint="For dates and amounts, such as en-US."
            error={field('locale')}
          />
        </div>
        <ChoiceGroup legend="Weight unit">
          <div className="flex flex-wrap gap-2">
            <Choice shape="chip" name="weightUnit" value="KG" defaultChecked={s.weightUnit === 'KG'}>
              Kilograms (kg)
            </Choice>
            <Choice shape="chip" name="weightUnit" value="LB" defaultChecked={s.weightUnit === 'LB'}>
              Pounds (lb)
            </Choice>
          </div>
        </ChoiceGroup>
        <Choice type="checkbox" name="memberApprovalRequired" defaultChecked={s.memberApprovalRequired}>
          New members wait for your approval before they can sign in
        </Choice>
      </Section>
      <Section
        title="Business address"
        description="Your store's postal address, printed as the sender on packing slips. Leave every field empty to remove it."
      >
        <div className="grid gap-x-4 md:grid-cols-2">
          <AddressFields
            value={address}
            onChange={setAddress}
            countries={countries}
            errors={{ ...save.failure?.fields, ...errors }}
          />
        </div>
      </Section>
      <Section title="Checkout" description="How card payments of shop orders are taken.">
        <Choice
          type="checkbox"
          name="captureOnFulfillment"
          checked={delayed}
          onChange={(e) => setDelayed(e.target.checked)}
        >
          <span>
            <span className="block font-medium">Delayed capture</span>
            <span className="block text-sm text-muted">
              Cards are only authorized at checkout; the money is taken when you fulfil the order (or capture
              it from the order).
            </span>
          </span>
        </Choice>
        <Field
          className="mt-4 max-w-xs"
          label="Void held authorizations after (days)"
          name="authorizationVoidDays"
          type="number"
          min={1}
          max={30}
          defaultValue={s.authorizationVoidDays}
          hint={
            delayed
              ? 'Card authorizations do not last longer than 30 days.'
              : 'Used when delayed capture is on.'
          }
          error={field('authorizationVoidDays')}
        />
        <p className="text-sm text-muted">
          Applies to orders placed from now on; earlier orders keep their terms.
        </p>
      </Section>
      <Section
        title="Abandoned checkouts"
        description="Shoppers who leave their checkout for an hour after giving their e-mail address."
      >
        <Choice type="checkbox" name="abandonedCheckoutEmails" defaultChecked={s.abandonedCheckoutEmails}>
          <span>
            <span className="block font-medium">E-mail them a link back to their checkout</span>
            <span className="block text-sm text-muted">
              Once, with their items and a link that opens the checkout again for 30 days. Either way they are
              listed under Orders → Abandoned checkouts, where you can also send the e-mail yourself.
            </span>
          </span>
        </Choice>
      </Section>
      <Button type="submit" busy={save.busy}>
        Save settings
      </Button>
    </form>
  );
}

/** No street, city or postal code typed (the country alone is the list's default, not an address). */
const isBlank = (d: AddressDraft) =>
  [d.streetName, d.streetNumber, d.addressLine2, d.city, d.postalCode].every((v) => !v.trim());
