/**
 * The lists of chosen items: products to tick, collections to tick, or both at once for scopes
 * stored with both (an item counts when it is a ticked product or in a ticked collection).
 */
import { CollectionChecklist } from './collection-checklist.tsx';
import { ProductChecklist } from './product-checklist.tsx';
import { shownLists, type ChosenItems, type ItemsBy } from './scopes.ts';

export function ChosenItemsLists({
  ids,
  legends,
  value,
  onChange,
  errors,
}: {
  /** The checklists' ids (their errors are `${id}-error`). */
  ids: Record<ItemsBy, string>;
  legends: Record<ItemsBy, string>;
  value: ChosenItems;
  onChange: (next: ChosenItems) => void;
  errors: Partial<Record<ItemsBy, string>>;
}) {
  const shown = shownLists(value);
  return (
    <>
      {shown.products && (
        <ProductChecklist
          id={ids.products}
          legend={legends.products}
          selected={value.products}
          onChange={(products) => onChange({ ...value, products })}
          error={errors.products}
        />
      )}
      {shown.collections && (
        <CollectionChecklist
          id={ids.collections}
          legend={value.both ? `And ${legends.collections.toLowerCase()}` : legends.collections}
          hint={
            value.both
              ? 'An item counts when it is a product ticked above or in a collection ticked here.'
              : undefined
          }
          selected={value.collections}
          onChange={(collections) => onChange({ ...value, collections })}
          error={errors.collections}
        />
      )}
    </>
  );
}
