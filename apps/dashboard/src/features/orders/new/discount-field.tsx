/**
 * The merchant's own discount on an order taken for a buyer: a percentage of the items or an
 * amount off them, applied before delivery and tax. Used when creating the order and to change it
 * before the buyer pays.
 */
import { Field, Select } from '@vitrine/ui';
import type { DiscountKind } from './draft.ts';

export function DiscountField({
  kind,
  text,
  onKind,
  onText,
  error,
  label = 'Discount (optional)',
}: {
  kind: DiscountKind;
  text: string;
  onKind: (k: DiscountKind) => void;
  onText: (t: string) => void;
  error?: string | undefined;
  label?: string;
}) {
  return (
    <div className="mb-1 flex flex-wrap items-start gap-x-3">
      <Select
        label={label}
        value={kind}
        onChange={(e) => onKind(e.target.value as DiscountKind)}
        className="mb-3 w-40"
      >
        <option value="percentage">Percent off</option>
        <option value="amount">Amount off</option>
      </Select>
      <Field
        label={kind === 'percentage' ? 'Percent off' : 'Amount off'}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => onText(e.target.value)}
        error={error}
        hint="On the items, before delivery and tax."
        className="mb-3 w-56"
      />
    </div>
  );
}
