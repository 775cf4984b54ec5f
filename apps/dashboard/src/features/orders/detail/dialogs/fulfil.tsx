/** Fulfil: which lines (and how many of each), with the carrier and the tracking number; the buyer is e-mailed. */
import { useMutation } from '@tanstack/react-query';
import type { Fulfillment, Order } from '@vitrine/contract';
import { adminOrderMutations } from '@vitrine/sdk/react';
import { Field, Select } from '@vitrine/ui';
import { useState } from 'react';
import { describeError } from '../../../../app/errors.ts';
import { useHttp } from '../../../../app/http.tsx';
import { CARRIERS } from '../../carriers.ts';
import { fulfilledByLine } from '../../format.ts';
import { ActionDialog, useSnapshot } from '../../../../app/action-dialog.tsx';

/** Carriers the server builds tracking links for; anything else is named by hand. */
export function FulfilDialog({
  order,
  fulfillments,
  onClose,
  onDone,
}: {
  order: Order;
  fulfillments: readonly Fulfillment[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const fulfil = useMutation(adminOrderMutations.fulfil(http));
  const [carrier, setCarrier] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shipped = fulfilledByLine(fulfillments);
  const status = useSnapshot(order.status);
  const lines = useSnapshot(
    order.lineItems
      .map((l) => ({ line: l, left: l.quantity - (shipped.get(l.id) ?? 0) }))
      .filter((x) => x.left > 0),
  );
  const failure = fulfil.error ? describeError(fulfil.error) : undefined;
  return (
    <ActionDialog
      title="Fulfil items"
      unavailable={
        status !== 'APPROVED'
          ? 'Only an open (approved) order can be fulfilled.'
          : lines.length
            ? undefined
            : 'Every item of this order is fulfilled.'
      }
      description="Mark items as shipped. The buyer gets a shipping confirmation with the tracking number."
      onClose={onClose}
      submitLabel="Fulfil"
      busy={fulfil.isPending}
      error={
        failure?.message ?? (Object.keys(errors).length ? 'Please check the highlighted fields.' : undefined)
      }
      onSubmit={(form) => {
        const errs: Record<string, string> = {};
        const lineItems: { id: string; quantity: number }[] = [];
        for (const { line, left } of lines) {
          const q = Number(String(form.get(`qty-${line.id}`) ?? '0').trim() || '0');
          if (!Number.isInteger(q) || q < 0 || q > left) errs[line.id] = `A whole number from 0 to ${left}.`;
          else if (q > 0) lineItems.push({ id: line.id, quantity: q });
        }
        if (!lineItems.length && !Object.keys(errs).length)
          errs[lines[0]?.line.id ?? ''] = 'Choose at least one item.';
        const chosen = String(form.get('carrier') ?? '');
        const shippingProvider = chosen === 'other' ? String(form.get('carrierName') ?? '').trim() : chosen;
        if (chosen === 'other' && !shippingProvider) errs.carrierName = 'Name the carrier.';
        const trackingNumber = String(form.get('trackingNumber') ?? '').trim();
        const trackingLink = String(form.get('trackingLink') ?? '').trim();
        if (trackingLink && !/^https?:\/\/\S+$/.test(trackingLink))
          errs.trackingLink = 'A web address starting with https://';
        setErrors(errs);
        if (Object.keys(errs).length) return;
        const count = lineItems.reduce((s, l) => s + l.quantity, 0);
        fulfil.mutate(
          {
            orderId: order.id,
            fulfillment: {
              lineItems,
              ...(trackingNumber ? { trackingNumber } : {}),
              ...(shippingProvider ? { shippingProvider } : {}),
              ...(trackingLink ? { trackingLink } : {}),
            },
          },
          {
            onSuccess: () =>
              onDone(
                `Fulfilled ${count} item${count === 1 ? '' : 's'}${trackingNumber ? ` with tracking ${trackingNumber}` : ''}.`,
              ),
          },
        );
      }}
    >
      <fieldset className="mb-4">
        <legend className="mb-2 text-sm font-medium">Items to ship</legend>
        {lines.map(({ line, left }) => (
          <Field
            key={line.id}
            label={`${line.productName.original} (${left} to ship)`}
            name={`qty-${line.id}`}
            type="number"
            min={0}
            max={left}
            step={1}
            defaultValue={left}
            error={errors[line.id]}
          />
        ))}
      </fieldset>
      <Select label="Carrier" name="carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)}>
        <option value="">No carrier</option>
        {CARRIERS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
        <option value="other">Other…</option>
      </Select>
      {carrier === 'other' && <Field label="Carrier name" name="carrierName" error={errors.carrierName} />}
      <Field
        label="Tracking number"
        name="trackingNumber"
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
        hint="Optional: built for the listed carriers when left empty."
        error={errors.trackingLink ?? failure?.fields.trackingLink}
      />
    </ActionDialog>
  );
}
