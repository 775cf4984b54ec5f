/**
 * A shipment's carrier, tracking number and tracking link, as the fulfil and the edit-shipment
 * dialogs ask for them (`TrackingFields`), and what the form holds (`readTracking`): the listed
 * carriers by code (the server builds their tracking links), any other by the name typed.
 */
import { Field, Select } from '@vitrine/ui';
import { useState } from 'react';
import type { DescribedError } from '../../../../app/errors.ts';
import { CARRIERS } from '../../carriers.ts';

export interface Tracking {
  trackingNumber: string;
  shippingProvider: string;
  trackingLink: string;
}

const listed = (code: string) => CARRIERS.some(([value]) => value === code);

/** The form's tracking values (empty strings for what is not given); problems go into `errs`. */
export function readTracking(form: FormData, errs: Record<string, string>): Tracking {
  const text = (k: string) => String(form.get(k) ?? '').trim();
  const chosen = text('carrier');
  const shippingProvider = chosen === 'other' ? text('carrierName') : chosen;
  if (chosen === 'other' && !shippingProvider) errs.carrierName = 'Name the carrier.';
  const trackingLink = text('trackingLink');
  if (trackingLink && !/^https?:\/\/\S+$/.test(trackingLink))
    errs.trackingLink = 'A web address starting with https://';
  return { trackingNumber: text('trackingNumber'), shippingProvider, trackingLink };
}

export function TrackingFields({
  initial,
  errors,
  failure,
}: {
  initial?: Partial<Tracking>;
  errors: Record<string, string>;
  failure: DescribedError | undefined;
}) {
  const given = initial?.shippingProvider ?? '';
  const [carrier, setCarrier] = useState(!given || listed(given) ? given : 'other');
  return (
    <>
      <Select label="Carrier" name="carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)}>
        <option value="">No carrier</option>
        {CARRIERS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
        <option value="other">Other…</option>
      </Select>
      {carrier === 'other' && (
        <Field
          label="Carrier name"
          name="carrierName"
          defaultValue={listed(given) ? '' : given}
          maxLength={100}
          error={errors.carrierName}
        />
      )}
      <Field
        label="Tracking number"
        name="trackingNumber"
        defaultValue={initial?.trackingNumber}
        maxLength={100}
        autoComplete="off"
        error={
          failure?.code === 'TRACKING_NUMBER_ALREADY_EXISTS'
            ? failure.message
            : failure?.fields.trackingNumber
        }
      />
      <Field
        label="Tracking link"
        name="trackingLink"
        type="url"
        defaultValue={initial?.trackingLink}
        hint="Optional: built for the listed carriers when left empty."
        error={errors.trackingLink ?? failure?.fields.trackingLink}
      />
    </>
  );
}
