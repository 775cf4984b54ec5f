/**
 * Create or edit a shipping region: where it ships (countries, or some of their subdivisions), when
 * delivery becomes free, and its delivery options, each with a code, a title, a delivery time and a
 * rate (one price, or brackets by weight, order value or number of items).
 */
import { useMutation } from '@tanstack/react-query';
import type { WireShippingOption, WireShippingRegion } from '@vitrine/contract';
import { shippingRegionMutations } from '@vitrine/sdk/react';
import { Button, Field, Select, TextArea } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import {
  bracketsText,
  destinationsText,
  parseBrackets,
  parseDestinations,
  RULE_TYPES,
  type RuleType,
} from './region-form.ts';

interface Draft {
  key: number;
  type: RuleType;
  option?: WireShippingOption;
}

const CODE = /^[a-z0-9](?:[a-z0-9_-]{0,48}[a-z0-9])?$/;

export function RegionDialog({
  region,
  weightUnit,
  currency,
  onClose,
  onDone,
}: {
  region?: WireShippingRegion;
  weightUnit: 'KG' | 'LB';
  currency: string | undefined;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const http = useHttp();
  const create = useMutation(shippingRegionMutations.create(http));
  const update = useMutation(shippingRegionMutations.update(http));
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    region?.options.length
      ? region.options.map((option, key) => ({ key, type: option.rule.type, option }))
      : [{ key: 0, type: 'FLAT' }],
  );
  /** A key no option has yet. */
  const nextKey = () => Math.max(-1, ...drafts.map((d) => d.key)) + 1;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failure = create.error ?? update.error;
  const described = failure ? describeError(failure) : undefined;
  const unit = currency ? ` (${currency})` : '';

  const submit = (f: FormData) => {
    const errs: Record<string, string> = {};
    const text = (k: string) => String(f.get(k) ?? '').trim();
    const name = text('name');
    if (!name) errs.name = 'Name the region.';
    const destinations = parseDestinations(text('destinations'));
    if (destinations.error) errs.destinations = destinations.error;
    const free = text('freeShippingThreshold');
    if (free && !/^\d{1,12}(\.\d{1,4})?$/.test(free))
      errs.freeShippingThreshold = 'An amount, such as 100, or empty.';
    const options = drafts.map((d): WireShippingOption | undefined => {
      const at = (k: string) => text(`${k}-${d.key}`);
      const code = at('code');
      if (!CODE.test(code))
        errs[`code-${d.key}`] = 'Lower-case letters, digits, dashes or underscores, such as standard.';
      if (!at('title')) errs[`title-${d.key}`] = 'Give the option a title shoppers see.';
      let rule: WireShippingOption['rule'] | undefined;
      if (d.type === 'FLAT') {
        if (!/^\d{1,12}(\.\d{1,4})?$/.test(at('cost')))
          errs[`cost-${d.key}`] = 'An amount, such as 5.99 (0 for free).';
        else rule = { type: 'FLAT', cost: at('cost') };
      } else {
        const parsed = parseBrackets(at('brackets'), d.type);
        if (parsed.error) errs[`brackets-${d.key}`] = parsed.error;
        else if (d.type === 'BY_WEIGHT')
          rule = {
            type: 'BY_WEIGHT',
            weightUnit: (at('unit') || weightUnit) as 'KG' | 'LB',
            brackets: parsed.brackets as { upTo?: string; cost: string }[],
          };
        else if (d.type === 'BY_PRICE')
          rule = { type: 'BY_PRICE', brackets: parsed.brackets as { upTo?: string; cost: string }[] };
        else rule = { type: 'BY_QUANTITY', brackets: parsed.brackets as { upTo?: number; cost: string }[] };
      }
      if (!rule) return undefined;
      return {
        code,
        title: at('title'),
        ...(at('deliveryTime') ? { deliveryTime: at('deliveryTime') } : {}),
        rule,
        ...(d.option?.deliveryTimeSlots?.length ? { deliveryTimeSlots: d.option.deliveryTimeSlots } : {}),
      };
    });
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const fields = {
      name,
      destinations: destinations.value,
      options: options as WireShippingOption[],
      freeShippingThreshold: free || null,
    };
    if (region)
      update.mutate(
        { id: region.id, patch: { ...fields, revision: region.revision } },
        { onSuccess: () => onDone(`Region “${name}” saved.`) },
      );
    else create.mutate(fields, { onSuccess: () => onDone(`Region “${name}” created.`) });
  };

  return (
    <ActionDialog
      title={region ? `Edit ${region.name}` : 'New shipping region'}
      description="Shoppers whose address is in the region choose one of its delivery options at checkout."
      onClose={onClose}
      submitLabel={region ? 'Save region' : 'Create region'}
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
        defaultValue={region?.name ?? ''}
        maxLength={100}
        error={errors.name ?? described?.fields.name}
      />
      <TextArea
        label="Ships to"
        name="destinations"
        rows={3}
        defaultValue={region ? destinationsText(region.destinations) : ''}
        hint="One country per line, as a two-letter code (US). Only some of its states or provinces: CA: ON, QC."
        error={
          errors.destinations ??
          (described?.code === 'DESTINATION_ALREADY_COVERED'
            ? described.message
            : described?.fields.destinations)
        }
      />
      <Field
        label={`Free delivery from${unit}`}
        name="freeShippingThreshold"
        inputMode="decimal"
        defaultValue={region?.freeShippingThreshold ?? ''}
        hint="Optional: orders worth this much or more ship free."
        error={errors.freeShippingThreshold}
      />
      {drafts.map((d, i) => (
        <fieldset key={d.key} className="mb-4 rounded-xl border border-line p-3">
          <legend className="px-1 text-sm font-medium">Delivery option {i + 1}</legend>
          <div className="grid gap-x-3 sm:grid-cols-2">
            <Field
              label="Title"
              name={`title-${d.key}`}
              defaultValue={d.option?.title ?? ''}
              maxLength={100}
              hint="Shoppers see it, such as Standard."
              error={errors[`title-${d.key}`]}
            />
            <Field
              label="Code"
              name={`code-${d.key}`}
              defaultValue={d.option?.code ?? (i === 0 ? 'standard' : '')}
              hint="Checkouts name it by this, such as standard."
              error={errors[`code-${d.key}`]}
            />
            <Field
              label="Delivery time"
              name={`deliveryTime-${d.key}`}
              defaultValue={d.option?.deliveryTime ?? ''}
              hint="Optional, such as 3–5 business days."
            />
            <Select
              label="Rate"
              name={`type-${d.key}`}
              value={d.type}
              onChange={(e) =>
                setDrafts(
                  drafts.map((x) => (x.key === d.key ? { ...x, type: e.target.value as RuleType } : x)),
                )
              }
            >
              {RULE_TYPES.map(([t, label]) => (
                <option key={t} value={t}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          {d.type === 'FLAT' ? (
            <Field
              label={`Price${unit}`}
              name={`cost-${d.key}`}
              inputMode="decimal"
              defaultValue={d.option?.rule.type === 'FLAT' ? d.option.rule.cost : ''}
              error={errors[`cost-${d.key}`]}
            />
          ) : (
            <>
              {d.type === 'BY_WEIGHT' && (
                <Select
                  label="Weight unit"
                  name={`unit-${d.key}`}
                  defaultValue={d.option?.rule.type === 'BY_WEIGHT' ? d.option.rule.weightUnit : weightUnit}
                >
                  <option value="KG">Kilograms</option>
                  <option value="LB">Pounds</option>
                </Select>
              )}
              <TextArea
                key={d.type}
                label="Brackets"
                name={`brackets-${d.key}`}
                rows={3}
                defaultValue={d.option?.rule.type === d.type ? bracketsText(d.option.rule) : ''}
                hint={`One per line: up to how much ${d.type === 'BY_WEIGHT' ? '(weight)' : d.type === 'BY_PRICE' ? '(order value)' : '(items)'} = the price, such as “1 = 12.99”; the last may be “* = 29.99” for anything above.`}
                error={errors[`brackets-${d.key}`]}
              />
            </>
          )}
          {drafts.length > 1 && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setDrafts(drafts.filter((x) => x.key !== d.key))}
            >
              Remove delivery option {i + 1}
            </Button>
          )}
        </fieldset>
      ))}
      {drafts.length < 20 && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setDrafts([...drafts, { key: nextKey(), type: 'FLAT' }])}
        >
          Add a delivery option
        </Button>
      )}
    </ActionDialog>
  );
}
