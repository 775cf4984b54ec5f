/**
 * Create or edit a discount rule: applied automatically (no code) to the whole order, some
 * products or shipping, as a percentage, an amount off or a fixed price, optionally between two
 * dates. The server checks everything again; its words land on the fields.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { DiscountValue, WireDiscountRule } from '@vitrine/contract';
import { STORES_APP_ID } from '@vitrine/sdk';
import { discountRuleMutations, productLookupQueries } from '@vitrine/sdk/react';
import { Choice, ChoiceGroup, Field } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { fromLocalInput, toLocalInput } from '../../../kit/format.ts';

type Target = DiscountValue['targetType'];
type Kind = DiscountValue['discountType'];
const targets: [Target, string][] = [
  ['GLOBAL', 'The whole order'],
  ['SPECIFIC_ITEMS', 'Some products'],
  ['SHIPPING', 'Shipping'],
];

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
  const products = useQuery(productLookupQueries.list(http));
  const d = rule?.discounts.values[0];
  const [target, setTarget] = useState<Target>(d?.targetType ?? 'GLOBAL');
  const [kind, setKind] = useState<Kind>(d?.discountType ?? 'PERCENTAGE');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosen = new Set(
    d?.specificItemsInfo?.scopes.flatMap((s) => s.catalogItemFilter?.catalogItemIds ?? []) ?? [],
  );
  const failure = create.error ?? update.error;
  const described = failure ? describeError(failure) : undefined;
  const fieldError = (name: string) => errors[name] ?? described?.fields[name];
  const unit = currency ? ` (${currency})` : '';
  const each = target === 'SPECIFIC_ITEMS' ? ' per item' : '';
  const kinds: [Kind, string][] = [
    ['PERCENTAGE', 'Percent off'],
    ['FIXED_AMOUNT', `Amount off${each}`],
    ['FIXED_PRICE', target === 'SHIPPING' ? 'Shipping costs' : `Fixed price${each}`],
  ];
  const initialValue = d ? (d.percentage ?? d.fixedAmount ?? d.fixedPrice ?? '') : '';

  const submit = (f: FormData) => {
    const errs: Record<string, string> = {};
    const name = String(f.get('name') ?? '').trim();
    if (!name) errs.name = 'Give the rule a name.';
    const raw = String(f.get('value') ?? '').trim();
    const value = Number(raw);
    if (raw === '' || Number.isNaN(value) || value < 0 || (kind !== 'FIXED_PRICE' && value === 0))
      errs.value = 'Enter a number above 0.';
    else if (kind === 'PERCENTAGE' && value > 100) errs.value = 'At most 100 percent.';
    const ids = f.getAll('product').map(String);
    if (target === 'SPECIFIC_ITEMS' && ids.length === 0) errs.products = 'Choose at least one product.';
    const start = fromLocalInput(String(f.get('start') ?? ''));
    const end = fromLocalInput(String(f.get('end') ?? ''));
    if (start && end && end <= start) errs.end = 'Must be after the start.';
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const discount: DiscountValue = {
      targetType: target,
      discountType: kind,
      ...(kind === 'PERCENTAGE'
        ? { percentage: value }
        : kind === 'FIXED_AMOUNT'
          ? { fixedAmount: raw }
          : { fixedPrice: raw }),
      ...(target === 'SPECIFIC_ITEMS'
        ? {
            specificItemsInfo: {
              scopes: [
                {
                  type: 'CATALOG_ITEM',
                  catalogItemFilter: { catalogAppId: STORES_APP_ID, catalogItemIds: ids },
                },
              ],
            },
          }
        : {}),
    };
    const activeTimeInfo = start || end ? { ...(start ? { start } : {}), ...(end ? { end } : {}) } : null;
    const fields = { name, active: f.get('active') === 'on', discounts: { values: [discount] } };
    if (rule)
      update.mutate(
        { id: rule.id, patch: { ...fields, activeTimeInfo, revision: rule.revision } },
        { onSuccess: () => onDone(`Discount rule “${name}” saved.`) },
      );
    else
      create.mutate(
        { ...fields, ...(activeTimeInfo ? { activeTimeInfo } : {}) },
        { onSuccess: () => onDone(`Discount rule “${name}” created.`) },
      );
  };

  return (
    <ActionDialog
      title={rule ? `Edit ${rule.name}` : 'New discount rule'}
      description="A rule applies by itself to every checkout while it is live: no code to type."
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
      <ChoiceGroup legend="Applies to">
        <div className="flex flex-wrap gap-2">
          {targets.map(([t, label]) => (
            <Choice
              key={t}
              shape="chip"
              name="target"
              value={t}
              checked={target === t}
              onChange={() => setTarget(t)}
            >
              {label}
            </Choice>
          ))}
        </div>
      </ChoiceGroup>
      {target === 'SPECIFIC_ITEMS' && (
        <fieldset className="mb-4" aria-describedby={errors.products ? 'rule-products-error' : undefined}>
          <legend className="mb-2 text-sm font-medium">Products</legend>
          <div className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-line p-2">
            {products.data?.map((p) => (
              <Choice
                key={p.id}
                type="checkbox"
                name="product"
                value={p.id}
                defaultChecked={chosen.has(p.id)}
              >
                {p.name}
              </Choice>
            ))}
            {products.isPending && <p className="text-sm text-muted">Loading products…</p>}
          </div>
          {errors.products && (
            <p id="rule-products-error" className="mt-1 text-sm text-danger">
              {errors.products}
            </p>
          )}
        </fieldset>
      )}
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
      <Field
        key={kind}
        label={kind === 'PERCENTAGE' ? 'Percent' : `Amount${unit}`}
        name="value"
        inputMode="decimal"
        defaultValue={kind === d?.discountType ? String(initialValue) : ''}
        error={
          fieldError('value') ??
          fieldError('percentage') ??
          fieldError('fixedAmount') ??
          fieldError('fixedPrice')
        }
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
