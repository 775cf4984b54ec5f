/** Create or edit a pickup location: where shoppers collect their order, at what cost, and whether it is offered. */
import { useMutation } from '@tanstack/react-query';
import type { WirePickupLocation } from '@vitrine/contract';
import { pickupLocationMutations } from '@vitrine/sdk/react';
import { Choice, Field, Select, TextArea } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';

export function PickupDialog({
  pickup,
  currency,
  onClose,
  onDone,
}: {
  pickup?: WirePickupLocation;
  currency: string | undefined;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const http = useHttp();
  const create = useMutation(pickupLocationMutations.create(http));
  const update = useMutation(pickupLocationMutations.update(http));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failure = create.error ?? update.error;
  const described = failure ? describeError(failure) : undefined;
  const field = (k: string) => errors[k] ?? described?.fields[k];
  const a = pickup?.address;
  return (
    <ActionDialog
      title={pickup ? `Edit ${pickup.name}` : 'New pickup location'}
      description="Shoppers can choose to collect their order here instead of having it delivered."
      onClose={onClose}
      submitLabel={pickup ? 'Save location' : 'Create location'}
      busy={create.isPending || update.isPending}
      error={
        described?.message ??
        (Object.keys(errors).length ? 'Please check the highlighted fields.' : undefined)
      }
      onSubmit={(f) => {
        const text = (k: string) => String(f.get(k) ?? '').trim();
        const errs: Record<string, string> = {};
        if (!text('name')) errs.name = 'Name the location.';
        const country = text('country').toUpperCase();
        if (!/^[A-Z]{2}$/.test(country)) errs.country = 'A two-letter country code, such as US.';
        const cost = text('cost') || '0';
        if (!/^\d{1,12}(\.\d{1,4})?$/.test(cost)) errs.cost = 'An amount, such as 0 or 2.50.';
        setErrors(errs);
        if (Object.keys(errs).length) return;
        const optional = (k: string) => (text(k) ? { [k]: text(k) } : {});
        const fields = {
          name: text('name'),
          pickupMethod: text('pickupMethod') as WirePickupLocation['pickupMethod'],
          address: {
            country,
            ...(text('subdivision') ? { subdivision: text('subdivision').toUpperCase() } : {}),
            ...optional('city'),
            ...optional('addressLine'),
            ...optional('postalCode'),
          },
          cost,
          instructions: text('instructions') || null,
          active: f.get('active') === 'on',
        };
        if (pickup)
          update.mutate(
            { id: pickup.id, patch: { ...fields, revision: pickup.revision } },
            { onSuccess: () => onDone(`“${fields.name}” saved.`) },
          );
        else create.mutate(fields, { onSuccess: () => onDone(`“${fields.name}” created.`) });
      }}
    >
      <div className="grid gap-x-3 sm:grid-cols-2">
        <Field
          label="Name"
          name="name"
          defaultValue={pickup?.name ?? ''}
          maxLength={100}
          error={field('name')}
        />
        <Select label="Kind" name="pickupMethod" defaultValue={pickup?.pickupMethod ?? 'STORE_PICKUP'}>
          <option value="STORE_PICKUP">Your store</option>
          <option value="PICKUP_POINT">A pickup point</option>
        </Select>
        <Field
          label="Address"
          name="addressLine"
          defaultValue={a?.addressLine ?? ''}
          error={field('addressLine')}
        />
        <Field label="City" name="city" defaultValue={a?.city ?? ''} error={field('city')} />
        <Field
          label="Postal code"
          name="postalCode"
          defaultValue={a?.postalCode ?? ''}
          error={field('postalCode')}
        />
        <Field
          label="State or province"
          name="subdivision"
          defaultValue={a?.subdivision ?? ''}
          hint="Optional code, such as NY."
          error={field('subdivision')}
        />
        <Field
          label="Country"
          name="country"
          defaultValue={a?.country ?? ''}
          maxLength={2}
          hint="Two letters, such as US."
          error={field('country')}
        />
        <Field
          label={`Cost${currency ? ` (${currency})` : ''}`}
          name="cost"
          inputMode="decimal"
          defaultValue={pickup?.cost ?? '0'}
          error={field('cost')}
        />
      </div>
      <TextArea
        label="Instructions"
        name="instructions"
        defaultValue={pickup?.instructions ?? ''}
        maxLength={1000}
        hint="Optional: opening hours, where to ring."
      />
      <Choice type="checkbox" name="active" defaultChecked={pickup?.active ?? true}>
        Offered at checkout
      </Choice>
    </ActionDialog>
  );
}
