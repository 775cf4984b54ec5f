/** Create or edit a tax rate: a percentage for a country (or one of its subdivisions), no tax there, or the fallback everywhere else. */
import { useMutation } from '@tanstack/react-query';
import type { WireTaxRate } from '@vitrine/contract';
import { taxRateMutations } from '@vitrine/sdk/react';
import { Field, Select } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';

type RateType = WireTaxRate['rateType'];

export function RateDialog({
  rate,
  onClose,
  onDone,
}: {
  rate?: WireTaxRate;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const http = useHttp();
  const create = useMutation(taxRateMutations.create(http));
  const update = useMutation(taxRateMutations.update(http));
  const [type, setType] = useState<RateType>(rate?.rateType ?? 'MANUAL_RATE');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failure = create.error ?? update.error;
  const described = failure ? describeError(failure) : undefined;
  const field = (k: string) => errors[k] ?? described?.fields[k];
  return (
    <ActionDialog
      title={rate ? `Edit ${rate.name}` : 'New tax rate'}
      description="The most precise rate applies: a state or province's, else its country's, else the fallback."
      onClose={onClose}
      submitLabel={rate ? 'Save rate' : 'Create rate'}
      busy={create.isPending || update.isPending}
      error={
        described?.message ??
        (Object.keys(errors).length ? 'Please check the highlighted fields.' : undefined)
      }
      onSubmit={(f) => {
        const text = (k: string) => String(f.get(k) ?? '').trim();
        const errs: Record<string, string> = {};
        if (!text('name')) errs.name = 'Name the rate, such as New York sales tax.';
        const country = text('country').toUpperCase();
        const subdivision = text('subdivision').toUpperCase();
        if (type !== 'FALLBACK_RATE' && !/^[A-Z]{2}$/.test(country))
          errs.country = 'A two-letter country code, such as US.';
        const value = text('rate');
        if (
          (type === 'MANUAL_RATE' || value) &&
          type !== 'NO_TAX_COLLECTED' &&
          (!/^\d{1,3}(\.\d{1,4})?$/.test(value) || Number(value) > 100)
        )
          errs.rate = 'A percentage from 0 to 100, such as 8.875.';
        setErrors(errs);
        if (Object.keys(errs).length) return;
        const fields = {
          name: text('name'),
          rateType: type,
          country: type === 'FALLBACK_RATE' ? null : country,
          subdivision: type === 'FALLBACK_RATE' || !subdivision ? null : subdivision,
          ...(type === 'NO_TAX_COLLECTED' ? { rate: '0' } : value ? { rate: value } : {}),
        };
        if (rate)
          update.mutate(
            { id: rate.id, patch: { ...fields, revision: rate.revision } },
            { onSuccess: () => onDone(`“${fields.name}” saved.`) },
          );
        else create.mutate(fields, { onSuccess: () => onDone(`“${fields.name}” created.`) });
      }}
    >
      <Field label="Name" name="name" defaultValue={rate?.name ?? ''} maxLength={100} error={field('name')} />
      <Select label="Kind" name="rateType" value={type} onChange={(e) => setType(e.target.value as RateType)}>
        <option value="MANUAL_RATE">A rate for a place</option>
        <option value="NO_TAX_COLLECTED">No tax collected in a place</option>
        <option value="FALLBACK_RATE">Fallback: everywhere else</option>
      </Select>
      {type !== 'FALLBACK_RATE' && (
        <div className="grid gap-x-3 sm:grid-cols-2">
          <Field
            label="Country"
            name="country"
            maxLength={2}
            defaultValue={rate?.country ?? ''}
            hint="Two letters, such as US."
            error={field('country')}
          />
          <Field
            label="State or province"
            name="subdivision"
            defaultValue={rate?.subdivision ?? ''}
            hint="Optional code, such as NY; empty for the whole country."
            error={field('subdivision')}
          />
        </div>
      )}
      {type !== 'NO_TAX_COLLECTED' && (
        <Field
          label="Rate (%)"
          name="rate"
          inputMode="decimal"
          defaultValue={rate?.rate ?? ''}
          hint={type === 'FALLBACK_RATE' ? 'Often 0.' : undefined}
          error={
            field('rate') ?? (described?.code === 'TAX_RATE_ALREADY_EXISTS' ? described.message : undefined)
          }
        />
      )}
    </ActionDialog>
  );
}
