/** Fulfil: which lines (and how many of each), with the carrier and the tracking number; the buyer is e-mailed. */
import { useMutation } from '@tanstack/react-query';
import type { Fulfillment, Order } from '@vitrine/contract';
import { adminOrderMutations } from '@vitrine/sdk/react';
import { Field } from '@vitrine/ui';
import { useState } from 'react';
import { describeError } from '../../../../app/errors.ts';
import { useHttp } from '../../../../app/http.tsx';
import { fulfilledByLine } from '../../format.ts';
import { ActionDialog, useSnapshot } from '../../../../app/action-dialog.tsx';
import { readTracking, TrackingFields } from './tracking-fields.tsx';

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
        const { trackingNumber, shippingProvider, trackingLink } = readTracking(form, errs);
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
      <TrackingFields errors={errors} failure={failure} />
    </ActionDialog>
  );
}
