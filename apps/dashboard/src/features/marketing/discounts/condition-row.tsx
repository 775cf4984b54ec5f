/**
 * One condition of a rule: what it checks (the subtotal, the number of items, the member), its
 * "at least" / "at most" (either may stay empty; both inclusive) and optionally the items that
 * count (chosen products, or the products of chosen collections), or the members it is for.
 */
import { Button, Choice, ChoiceGroup, Field, Select } from '@vitrine/ui';
import { ChosenItemsLists } from './chosen-items.tsx';
import { controlId, type Condition, type ConditionKind } from './conditions.ts';
import { MemberPicker } from './member-picker.tsx';
import type { ItemsBy } from './scopes.ts';

const counts: [ItemsBy, string][] = [
  ['products', 'Chosen products'],
  ['collections', 'Products in collections'],
];
const kinds: [ConditionKind, string][] = [
  ['subtotal', 'Subtotal'],
  ['quantity', 'Number of items'],
  ['members', 'Only these members'],
];

export function ConditionRow({
  index,
  condition: c,
  currency,
  errors,
  autoFocus,
  onChange,
  onRemove,
}: {
  index: number;
  condition: Condition;
  currency: string | undefined;
  /** By control id (`controlId`). */
  errors: Record<string, string>;
  autoFocus?: boolean;
  onChange: (next: Condition) => void;
  onRemove: () => void;
}) {
  const set = (patch: Partial<Condition>) => onChange({ ...c, ...patch });
  const subtotal = c.kind === 'subtotal';
  const what = subtotal ? `Subtotal` : 'Number of items';
  const unit = subtotal && currency ? ` (${currency})` : '';
  const bound = (which: 'from' | 'to') => (
    <Field
      id={controlId(c, which)}
      label={`${what} ${which === 'from' ? 'at least' : 'at most'}${unit}`}
      inputMode={subtotal ? 'decimal' : 'numeric'}
      autoComplete="off"
      value={c[which]}
      hint={which === 'from' ? 'Empty: no minimum.' : 'Empty: no maximum.'}
      error={errors[controlId(c, which)]}
      onChange={(e) => set({ [which]: e.currentTarget.value })}
    />
  );
  return (
    <fieldset className="mb-3 min-w-0 rounded-xl border border-line p-3">
      <legend className="px-1 text-sm font-medium">Condition {index + 1}</legend>
      <div className="flex flex-wrap items-end gap-x-2">
        <Select
          id={controlId(c, 'kind')}
          label="Checks"
          className="mb-3 min-w-0 flex-1"
          value={c.kind}
          autoFocus={autoFocus}
          onChange={(e) => set({ kind: e.currentTarget.value as ConditionKind, from: '', to: '' })}
        >
          {kinds.map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </Select>
        <Button
          variant="secondary"
          className="mb-3"
          onClick={onRemove}
          aria-label={`Remove condition ${index + 1}`}
        >
          Remove
        </Button>
      </div>
      {c.kind === 'members' ? (
        <MemberPicker
          id={controlId(c, 'members')}
          value={c.memberIds}
          onChange={(memberIds) => set({ memberIds })}
          error={errors[controlId(c, 'members')]}
        />
      ) : (
        <>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {bound('from')}
            {bound('to')}
          </div>
          <Choice
            type="checkbox"
            className="mb-2"
            checked={c.scoped}
            onChange={(e) => set({ scoped: e.currentTarget.checked })}
          >
            Only count some products
          </Choice>
          {c.scoped && !c.both && (
            <ChoiceGroup legend="Which products count" hideLegend className="mb-3">
              <div className="flex flex-wrap gap-2">
                {counts.map(([by, label]) => (
                  <Choice
                    key={by}
                    shape="chip"
                    name={`${c.key}-count`}
                    value={by}
                    checked={c.by === by}
                    onChange={() => set({ by })}
                  >
                    {label}
                  </Choice>
                ))}
              </div>
            </ChoiceGroup>
          )}
          {c.scoped && (
            <ChosenItemsLists
              ids={{ products: controlId(c, 'products'), collections: controlId(c, 'collections') }}
              legends={
                subtotal
                  ? {
                      products: 'Products whose prices count',
                      collections: "Collections whose products' prices count",
                    }
                  : { products: 'Products that count', collections: 'Collections whose products count' }
              }
              value={c}
              onChange={(items) => set(items)}
              errors={{
                products: errors[controlId(c, 'products')],
                collections: errors[controlId(c, 'collections')],
              }}
            />
          )}
        </>
      )}
    </fieldset>
  );
}
