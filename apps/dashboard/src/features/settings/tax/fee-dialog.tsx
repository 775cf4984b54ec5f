/** Create or edit an additional fee (handling, insurance): a fixed amount or a percentage of the subtotal, added to every order. */
import { useMutation } from '@tanstack/react-query';
import type { WireAdditionalFee } from '@vitrine/contract';
import { additionalFeeMutations } from '@vitrine/sdk/react';
import { Choice, ChoiceGroup, Field, Select } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';

const CODE = /^[a-z0-9](?:[a-z0-9_-]{0,48}[a-z0-9])?$/;

export function FeeDialog({
  fee,
  currency,
  onClose,
  onDone,
}: {
  fee?: WireAdditionalFee;
  currency: string | undefined;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const http = useHttp();
  const create = useMutation(additionalFeeMutations.create(http));
  const update = useMutation(additionalFeeMutations.update(http));
  const [kind, setKind] = useState<'amount' | 'percentage'>(fee?.percentage ? 'percentage' : 'amount');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failure = create.error ?? update.error;
  const described = failure ? describeError(failure) : undefined;
  const field = (k: string) => errors[k] ?? described?.fields[k];
  return (
    <ActionDialog
      title={fee ? `Edit ${fee.name}` : 'New fee'}
      description="Added to every order, after the subtotal; fees are not taxed."
      onClose={onClose}
      submitLabel={fee ? 'Save fee' : 'Create fee'}
      busy={create.isPending || update.isPending}
      error={
        described?.message ??
        (Object.keys(errors).length ? 'Please check the highlighted fields.' : undefined)
      }
      onSubmit={(f) => {
        const text = (k: string) => String(f.get(k) ?? '').trim();
        const errs: Record<string, string> = {};
        if (!CODE.test(text('code')))
          errs.code = 'Lower-case letters, digits, dashes or underscores, such as handling.';
        if (!text('name')) errs.name = 'Name the fee; shoppers see it.';
        const value = text('value');
        if (!/^\d{1,12}(\.\d{1,4})?$/.test(value) || (kind === 'percentage' && Number(value) > 100))
          errs.value = kind === 'percentage' ? 'A percentage from 0 to 100.' : 'An amount, such as 2.50.';
        setErrors(errs);
        if (Object.keys(errs).length) return;
        const fields = {
          code: text('code'),
          name: text('name'),
          type: text('type') as WireAdditionalFee['type'],
          ...(kind === 'amount' ? { amount: value, percentage: null } : { percentage: value, amount: null }),
        };
        if (fee)
          update.mutate(
            { id: fee.id, patch: { ...fields, revision: fee.revision } },
            { onSuccess: () => onDone(`“${fields.name}” saved.`) },
          );
        else create.mutate(fields, { onSuccess: () => onDone(`“${fields.name}” created.`) });
      }}
    >
      <div className="grid gap-x-3 sm:grid-cols-2">
        <Field
          label="Name"
          name="name"
          defaultValue={fee?.name ?? ''}
          maxLength={100}
          error={field('name')}
        />
        <Field
          label="Code"
          name="code"
          defaultValue={fee?.code ?? ''}
          hint="Such as handling."
          error={
            field('code') ??
            (described?.code === 'ADDITIONAL_FEE_CODE_ALREADY_EXISTS' ? described.message : undefined)
          }
        />
      </div>
      <Select label="Kind" name="type" defaultValue={fee?.type ?? 'HANDLING_FEE'}>
        <option value="HANDLING_FEE">Handling</option>
        <option value="INSURANCE">Insurance</option>
      </Select>
      <ChoiceGroup legend="Charge">
        <div className="flex flex-wrap gap-2">
          <Choice
            shape="chip"
            name="kind"
            value="amount"
            checked={kind === 'amount'}
            onChange={() => setKind('amount')}
          >
            A fixed amount
          </Choice>
          <Choice
            shape="chip"
            name="kind"
            value="percentage"
            checked={kind === 'percentage'}
            onChange={() => setKind('percentage')}
          >
            A percentage of the subtotal
          </Choice>
        </div>
      </ChoiceGroup>
      <Field
        key={kind}
        label={kind === 'amount' ? `Amount${currency ? ` (${currency})` : ''}` : 'Percentage (%)'}
        name="value"
        inputMode="decimal"
        defaultValue={(kind === 'amount' ? fee?.amount : fee?.percentage) ?? ''}
        error={field('value') ?? field('amount') ?? field('percentage')}
      />
    </ActionDialog>
  );
}
