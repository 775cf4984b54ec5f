/**
 * The rule dialog's "Applies to": the whole order, some products (or every product, item by
 * item), the products in some collections, or shipping. On the wire, products and collections are
 * both SPECIFIC_ITEMS, with a scope of products or one of collections; a rule stored with both
 * shows both lists (`ChosenItems.both`) and keeps both.
 */
import type { DiscountValue } from '@vitrine/contract';
import { Choice, ChoiceGroup } from '@vitrine/ui';
import { ChosenItemsLists } from './chosen-items.tsx';
import {
  chosenOf,
  chosenProblem,
  readScopes,
  scopeOfChosen,
  scopesOf,
  type ChosenItems,
  type ItemsBy,
} from './scopes.ts';

type Target = DiscountValue['targetType'];

export interface AppliesTo {
  target: Target;
  /** SPECIFIC_ITEMS: every product, each item getting the discount. */
  every: boolean;
  items: ChosenItems;
}

export function appliesToOf(d: DiscountValue | undefined): AppliesTo {
  const scope = readScopes(d?.specificItemsInfo?.scopes);
  return {
    target: d?.targetType ?? 'GLOBAL',
    every: d?.targetType === 'SPECIFIC_ITEMS' && !!scope?.every,
    items: chosenOf(scope ?? { products: [], collections: [] }),
  };
}

/** "Every product" holds with "Some products" only. */
const everyProduct = (a: AppliesTo) => a.every && a.items.by === 'products';

/** Problems to fix before saving, by list (`products`, `collections`). */
export function checkAppliesTo(a: AppliesTo): Partial<Record<ItemsBy, string>> {
  const problem = a.target === 'SPECIFIC_ITEMS' && !everyProduct(a) ? chosenProblem(a.items) : undefined;
  return problem ? { [problem.list]: problem.message } : {};
}

/** The discount's `specificItemsInfo` (SPECIFIC_ITEMS only). */
export const specificItemsOf = (a: AppliesTo): Pick<DiscountValue, 'specificItemsInfo'> =>
  a.target === 'SPECIFIC_ITEMS'
    ? {
        specificItemsInfo: {
          scopes: scopesOf(
            everyProduct(a) ? { every: true, products: [], collections: [] } : scopeOfChosen(a.items),
          ),
        },
      }
    : {};

const choices: { key: string; label: string; target: Target; by?: ItemsBy }[] = [
  { key: 'GLOBAL', label: 'The whole order', target: 'GLOBAL' },
  { key: 'PRODUCTS', label: 'Some products', target: 'SPECIFIC_ITEMS', by: 'products' },
  { key: 'COLLECTIONS', label: 'Products in collections', target: 'SPECIFIC_ITEMS', by: 'collections' },
  { key: 'SHIPPING', label: 'Shipping', target: 'SHIPPING' },
];

export function AppliesToSection({
  value,
  onChange,
  errors,
}: {
  value: AppliesTo;
  onChange: (next: AppliesTo) => void;
  errors: Partial<Record<ItemsBy, string>>;
}) {
  const { target, every, items } = value;
  const byProducts = target === 'SPECIFIC_ITEMS' && items.by === 'products';
  return (
    <>
      <ChoiceGroup legend="Applies to">
        <div className="flex flex-wrap gap-2">
          {choices.map((c) => (
            <Choice
              key={c.key}
              shape="chip"
              name="target"
              value={c.key}
              checked={target === c.target && (!c.by || c.by === items.by)}
              onChange={() =>
                onChange({ ...value, target: c.target, items: c.by ? { ...items, by: c.by } : items })
              }
            >
              {c.label}
            </Choice>
          ))}
        </div>
      </ChoiceGroup>
      {byProducts && (
        <Choice
          type="checkbox"
          className="mb-2"
          checked={every}
          onChange={(e) => onChange({ ...value, every: e.currentTarget.checked })}
        >
          Every product (each item gets the discount)
        </Choice>
      )}
      {target === 'SPECIFIC_ITEMS' && !(byProducts && every) && (
        <ChosenItemsLists
          ids={{ products: 'rule-products', collections: 'rule-collections' }}
          legends={{ products: 'Products', collections: 'Collections' }}
          value={items}
          onChange={(next) => onChange({ ...value, items: next })}
          errors={errors}
        />
      )}
    </>
  );
}
