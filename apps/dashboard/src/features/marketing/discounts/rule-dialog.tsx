/**
 * Create or edit a discount rule: applied automatically (no code) to the whole order, some
 * products (or every product, item by item), the products in some collections (`AppliesToSection`)
 * or shipping, as a percentage, an amount off or a fixed price, optionally between two dates and
 * only for carts meeting its conditions (`ConditionsSection`).
 * The server checks everything again; its words land on the fields.
 */
import { useMutation } from '@tanstack/react-query';
import type { DiscountRulePatch, DiscountValue, WireDiscountRule } from '@vitrine/contract';
import { discountRuleMutations } from '@vitrine/sdk/react';
import { Choice, ChoiceGroup, Field } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { fromLocalInput, toLocalInput } from '../../../kit/format.ts';
import {
  AppliesToSection,
  appliesToOf,
  checkAppliesTo,
  specificItemsOf,
  type AppliesTo,
} from './applies-to.tsx';
import { checkConditions, conditionViolations, draftOf, triggerOf } from './conditions.ts';
import { ConditionsSection, type ConditionsState } from './conditions-section.tsx';

type Kind = DiscountValue['discountType'];

export function RuleDialog({
  rule,
  currency,
  onClose,
  onDone,
}: {
  rule?: WireDiscountRule;
  currency: string | undefined;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const create = useMutation(discountRuleMutations.create(http));
  const update = useMutation(discountRuleMutations.update(http));
  const d = rule?.discounts.values[0];
  const [applies, setApplies] = useState<AppliesTo>(() => appliesToOf(d));
  const { target } = applies;
  const [chosenKind, setKind] = useState<Kind>(d?.discountType ?? 'PERCENTAGE');
  // "X for an amount" is for items: shipping falls back to percent off.
  const kind: Kind = target === 'SHIPPING' && chosenKind === 'QUANTITY_BASED' ? 'PERCENTAGE' : chosenKind;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conditions, setConditions] = useState<ConditionsState>(() => {
    const draft = draftOf(rule?.trigger);
    return draft ? { draft } : { kept: rule!.trigger! };
  });
  const failure = create.error ?? update.error;
  const described = failure ? describeError(failure) : undefined;
  const fieldError = (name: string) => errors[name] ?? described?.fields[name];
  const conditionErrors = {
    ...('draft' in conditions && failure ? conditionViolations(failure, conditions.draft) : {}),
    ...errors,
  };
  const unit = currency ? ` (${currency})` : '';
  const each = target === 'SPECIFIC_ITEMS' ? ' per item' : '';
  const kinds: [Kind, string][] = [
    ['PERCENTAGE', 'Percent off'],
    ['FIXED_AMOUNT', `Amount off${each}`],
    ['FIXED_PRICE', target === 'SHIPPING' ? 'Shipping costs' : `Fixed price${each}`],
    ...(target === 'SHIPPING' ? [] : [['QUANTITY_BASED', 'Buy X for an amount'] as [Kind, string]]),
  ];
  const deal = d?.quantityBased?.configurations[0];
  const initialValue = d ? (d.percentage ?? d.fixedAmount ?? d.fixedPrice ?? deal?.price ?? '') : '';

  const submit = (f: FormData) => {
    const errs: Record<string, string> = {};
    const name = String(f.get('name') ?? '').trim();
    if (!name) errs.name = 'Give the rule a name.';
    const raw = String(f.get('value') ?? '').trim();
    const value = Number(raw);
    if (raw === '' || Number.isNaN(value) || value < 0 || (kind !== 'FIXED_PRICE' && value === 0))
      errs.value = 'Enter a number above 0.';
    else if (kind === 'PERCENTAGE' && value > 100) errs.value = 'At most 100 percent.';
    const units = Number(String(f.get('units') ?? '').trim());
    if (kind === 'QUANTITY_BASED' && (!Number.isInteger(units) || units < 2 || units > 1000))
      errs.units = 'Enter a whole number of items from 2 to 1000.';
    Object.assign(errs, checkAppliesTo(applies));
    const start = fromLocalInput(String(f.get('start') ?? ''));
    const end = fromLocalInput(String(f.get('end') ?? ''));
    if (start && end && end <= start) errs.end = 'Must be after the start.';
    if ('draft' in conditions) Object.assign(errs, checkConditions(conditions.draft));
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const discount: DiscountValue = {
      targetType: target,
      discountType: kind,
      ...(kind === 'PERCENTAGE'
        ? { percentage: value }
        : kind === 'FIXED_AMOUNT'
          ? { fixedAmount: raw }
          : kind === 'QUANTITY_BASED'
            ? { quantityBased: { configurations: [{ quantity: units, price: raw }] } }
            : { fixedPrice: raw }),
      ...specificItemsOf(applies),
    };
    const activeTimeInfo = start || end ? { ...(start ? { start } : {}), ...(end ? { end } : {}) } : null;
    const fields = { name, active: f.get('active') === 'on', discounts: { values: [discount] } };
    // A trigger kept as it is stays out of the request; one removed is cleared with null.
    const trigger = 'draft' in conditions ? triggerOf(conditions.draft) : undefined;
    const triggerPatch: Pick<DiscountRulePatch, 'trigger'> =
      trigger || (trigger === null && rule?.trigger) ? { trigger } : {};
    if (rule)
      update.mutate(
        { id: rule.id, patch: { ...fields, activeTimeInfo, ...triggerPatch, revision: rule.revision } },
        { onSuccess: () => onDone(`Discount rule “${name}” saved.`) },
      );
    else
      create.mutate(
        { ...fields, ...(activeTimeInfo ? { activeTimeInfo } : {}), ...(trigger ? { trigger } : {}) },
        { onSuccess: () => onDone(`Discount rule “${name}” created.`) },
      );
  };

  return (
    <ActionDialog
      title={rule ? `Edit ${rule.name}` : 'New discount rule'}
      description="A rule applies by itself while it is live, to every cart or to the carts meeting its conditions: no code to type."
      onClose={onClose}
      submitLabel={rule ? 'Save rule' : 'Create rule'}
      busy={create.isPending || update.isPending}
      error={
        described?.message ??
        (Object.keys(errors).length ? 'Please check the highlighted fields.' : undefined)
      }
      onSubmit={submit}
    >
      <Field
        label="Name"
        name="name"
        defaultValue={rule?.name ?? ''}
        maxLength={50}
        error={fieldError('name')}
      />
      <AppliesToSection
        value={applies}
        onChange={setApplies}
        errors={{ products: errors.products, collections: errors.collections }}
      />
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
      {kind === 'QUANTITY_BASED' && (
        <Field
          label="Items"
          name="units"
          inputMode="numeric"
          defaultValue={deal ? String(deal.quantity) : '3'}
          hint="Any mix of the items it applies to; each full set costs the amount below."
          error={fieldError('units') ?? fieldError('quantity')}
        />
      )}
      <Field
        key={kind}
        label={
          kind === 'PERCENTAGE'
            ? 'Percent'
            : kind === 'QUANTITY_BASED'
              ? `Price for them${unit}`
              : `Amount${unit}`
        }
        name="value"
        inputMode="decimal"
        defaultValue={kind === d?.discountType ? String(initialValue) : ''}
        error={
          fieldError('value') ??
          fieldError('percentage') ??
          fieldError('fixedAmount') ??
          fieldError('fixedPrice') ??
          fieldError('price')
        }
      />
      <ConditionsSection
        value={conditions}
        onChange={setConditions}
        errors={conditionErrors}
        currency={currency}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label="Starts"
          name="start"
          type="datetime-local"
          defaultValue={toLocalInput(rule?.activeTimeInfo?.start)}
          hint="Optional: now when empty."
          error={fieldError('start')}
        />
        <Field
          label="Ends"
          name="end"
          type="datetime-local"
          defaultValue={toLocalInput(rule?.activeTimeInfo?.end)}
          hint="Optional: no end when empty."
          error={fieldError('end')}
        />
      </div>
      <Choice type="checkbox" name="active" defaultChecked={rule?.active ?? true}>
        On: apply it while it is live
      </Choice>
    </ActionDialog>
  );
}
