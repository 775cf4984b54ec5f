/**
 * Create or edit a coupon: its code and name, the discount (percent, amount, fixed price or free
 * shipping), on the whole order, one product or the products in a collection (`ScopePicker`),
 * from a minimum subtotal, when it is valid and how often it may be used. The server checks
 * everything again; its words land on the fields.
 */
import { useMutation } from '@tanstack/react-query';
import type { CouponSpecification, WireCoupon } from '@vitrine/contract';
import { couponMutations } from '@vitrine/sdk/react';
import { Choice, ChoiceGroup, Field } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { fromLocalInput, toLocalInput } from '../../../kit/format.ts';
import { kindOf, type CouponKind } from './describe.ts';
import { couponScopeOf, ScopePicker } from './scope-picker.tsx';

const CODE = /^[A-Za-z0-9_-]{1,20}$/;
const kinds: [CouponKind, string][] = [
  ['percentOffRate', 'Percent off'],
  ['moneyOffAmount', 'Amount off'],
  ['fixedPriceAmount', 'Fixed price'],
  ['freeShipping', 'Free shipping'],
];

/** A positive number from a field (`undefined` when empty, `NaN` when not a number). */
const numberOf = (f: FormData, name: string) => {
  const raw = String(f.get(name) ?? '').trim();
  return raw === '' ? undefined : Number(raw);
};

export function CouponDialog({
  coupon,
  currency,
  onClose,
  onDone,
}: {
  /** The coupon to edit; a new one without. */
  coupon?: WireCoupon;
  currency: string | undefined;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const create = useMutation(couponMutations.create(http));
  const update = useMutation(couponMutations.update(http));
  const spec = coupon?.specification;
  const [kind, setKind] = useState<CouponKind>(spec ? kindOf(spec) : 'percentOffRate');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failure = create.error ?? update.error;
  const described = failure ? describeError(failure) : undefined;
  const fieldError = (name: string) =>
    errors[name] ??
    described?.fields[name] ??
    (name === 'code' && described?.code === 'COUPON_CODE_ALREADY_EXISTS' ? described.message : undefined);
  const unit = currency ? ` (${currency})` : '';
  const valueLabel =
    kind === 'percentOffRate' ? 'Percent' : kind === 'moneyOffAmount' ? `Amount${unit}` : `Price${unit}`;
  const initialValue = spec
    ? (spec.percentOffRate ?? spec.moneyOffAmount ?? spec.fixedPriceAmount ?? '')
    : '';

  const submit = (f: FormData) => {
    const errs: Record<string, string> = {};
    const name = String(f.get('name') ?? '').trim();
    const code = String(f.get('code') ?? '').trim();
    if (!name) errs.name = 'Give the coupon a name.';
    if (!CODE.test(code)) errs.code = 'Use 1 to 20 letters, digits, dashes or underscores.';
    const value = numberOf(f, 'value');
    if (kind !== 'freeShipping') {
      if (value === undefined || Number.isNaN(value) || value <= 0) errs.value = 'Enter a number above 0.';
      else if (kind === 'percentOffRate' && value > 100) errs.value = 'At most 100 percent.';
    }
    const minimum = numberOf(f, 'minimumSubtotal');
    if (minimum !== undefined && (Number.isNaN(minimum) || minimum < 0))
      errs.minimumSubtotal = 'Enter an amount, or leave it empty.';
    const usageLimit = numberOf(f, 'usageLimit');
    const perCustomer = numberOf(f, 'limitPerCustomer');
    for (const [k, n] of [
      ['usageLimit', usageLimit],
      ['limitPerCustomer', perCustomer],
    ] as const)
      if (n !== undefined && !(Number.isInteger(n) && n >= 1))
        errs[k] = 'A whole number from 1, or empty for no limit.';
    const startTime = fromLocalInput(String(f.get('startTime') ?? '')) ?? new Date().toISOString();
    const expirationTime = fromLocalInput(String(f.get('expirationTime') ?? ''));
    if (expirationTime && expirationTime <= startTime) errs.expirationTime = 'Must be after the start.';
    const chosen = kind === 'freeShipping' ? { scope: null } : couponScopeOf(f);
    if ('field' in chosen) errs[chosen.field] = chosen.problem;
    setErrors(errs);
    if (Object.keys(errs).length || 'field' in chosen) return;
    const { scope } = chosen;
    const fields: CouponSpecification = {
      name,
      code,
      startTime,
      expirationTime: expirationTime ?? null,
      usageLimit: usageLimit ?? null,
      limitPerCustomer: perCustomer ?? null,
      minimumSubtotal: minimum ?? null,
      active: f.get('active') === 'on',
      scope,
      ...(kind === 'freeShipping' ? { freeShipping: true } : { [kind]: value }),
    };
    if (coupon)
      update.mutate(
        { id: coupon.id, specification: fields, revision: coupon.revision },
        { onSuccess: () => onDone(`Coupon ${code} saved.`) },
      );
    else {
      // A new coupon leaves out what it does not set.
      const created = Object.fromEntries(
        Object.entries(fields).filter(([, v]) => v !== null),
      ) as CouponSpecification;
      create.mutate(created, { onSuccess: () => onDone(`Coupon ${code} created.`) });
    }
  };

  return (
    <ActionDialog
      title={coupon ? `Edit coupon ${spec?.code}` : 'New coupon'}
      description="Shoppers type the code at checkout."
      onClose={onClose}
      submitLabel={coupon ? 'Save coupon' : 'Create coupon'}
      busy={create.isPending || update.isPending}
      error={
        described?.message ??
        (Object.keys(errors).length ? 'Please check the highlighted fields.' : undefined)
      }
      onSubmit={submit}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label="Code"
          name="code"
          defaultValue={spec?.code ?? ''}
          maxLength={20}
          autoComplete="off"
          error={fieldError('code')}
        />
        <Field
          label="Name"
          name="name"
          defaultValue={spec?.name ?? ''}
          maxLength={100}
          hint="For you; shoppers see the code."
          error={fieldError('name')}
        />
      </div>
      <ChoiceGroup legend="Discount">
        <div className="flex flex-wrap gap-2">
          {kinds.map(([k, label]) => (
            <Choice
              key={k}
              shape="chip"
              name="kind"
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
            >
              {label}
            </Choice>
          ))}
        </div>
      </ChoiceGroup>
      {kind !== 'freeShipping' && (
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field
            key={kind}
            label={valueLabel}
            name="value"
            inputMode="decimal"
            defaultValue={kind === (spec ? kindOf(spec) : undefined) ? String(initialValue) : ''}
            error={fieldError('value') ?? fieldError(kind)}
          />
          <ScopePicker
            scope={spec?.scope}
            errors={{
              product: fieldError('product') ?? fieldError('entityId'),
              collection: fieldError('collection') ?? fieldError('entityId'),
            }}
          />
        </div>
      )}
      <Field
        label={`Minimum order subtotal${unit}`}
        name="minimumSubtotal"
        inputMode="decimal"
        defaultValue={spec?.minimumSubtotal ?? ''}
        hint="Optional: the coupon works from this subtotal (before discounts)."
        error={fieldError('minimumSubtotal')}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label="Valid from"
          name="startTime"
          type="datetime-local"
          defaultValue={toLocalInput(spec?.startTime ?? new Date().toISOString())}
          error={fieldError('startTime')}
        />
        <Field
          label="Valid until"
          name="expirationTime"
          type="datetime-local"
          defaultValue={toLocalInput(spec?.expirationTime)}
          hint="Optional."
          error={fieldError('expirationTime')}
        />
        <Field
          label="Uses in all"
          name="usageLimit"
          type="number"
          min={1}
          step={1}
          defaultValue={spec?.usageLimit ?? ''}
          hint="Optional: no limit when empty."
          error={fieldError('usageLimit')}
        />
        <Field
          label="Uses per customer"
          name="limitPerCustomer"
          type="number"
          min={1}
          step={1}
          defaultValue={spec?.limitPerCustomer ?? ''}
          hint="Optional: per member or e-mail address."
          error={fieldError('limitPerCustomer')}
        />
      </div>
      <Choice type="checkbox" name="active" defaultChecked={spec?.active ?? true}>
        On: shoppers can use it
      </Choice>
    </ActionDialog>
  );
}
