/**
 * The items picked so far: each with its quantity (editable), a catalog item's price each for this
 * order (empty: the catalog's), and a way to take it out.
 */
import { Button, Field, Table, VisuallyHidden } from '@vitrine/ui';
import { useState } from 'react';
import { draftKey, MAX_QUANTITY, priceOf, quantityOf, type DraftItem } from './draft.ts';

export function DraftItems({
  items,
  onChange,
}: {
  items: readonly DraftItem[];
  onChange: (items: DraftItem[]) => void;
}) {
  if (items.length === 0) return <p className="text-sm text-muted">No items yet.</p>;
  const set = (at: number, quantity: number) =>
    onChange(items.map((i, n) => (n === at ? { ...i, quantity } : i)));
  return (
    <Table caption="Items in this order">
      <EditItemsHead price />
      <tbody>
        {items.map((i, n) => (
          <tr key={draftKey(i)}>
            <th scope="row" className="font-normal">
              {i.label}
              {'custom' in i && (
                <span className="block text-sm text-muted">
                  Custom item · {i.custom.price} each{i.custom.shippable ? ' · delivered' : ''}
                </span>
              )}
            </th>
            <td className="text-right">
              {'custom' in i ? (
                i.custom.price
              ) : (
                <PriceCell
                  item={i}
                  onChange={(price) =>
                    onChange(items.map((x, k) => (k === n && !('custom' in x) ? { ...x, price } : x)))
                  }
                />
              )}
            </td>
            <td className="text-right">
              <QuantityCell item={i} onChange={(q) => set(n, q)} />
            </td>
            <td className="text-right">
              <Button variant="ghost" size="sm" onClick={() => onChange(items.filter((_, k) => k !== n))}>
                Remove<VisuallyHidden> {i.label}</VisuallyHidden>
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The head of a table of items whose quantities are edited: item, (price each,) quantity, actions. */
export function EditItemsHead({ price = false }: { price?: boolean }) {
  return (
    <thead>
      <tr>
        <th scope="col">Item</th>
        {price && (
          <th scope="col" className="text-right">
            Price each
          </th>
        )}
        <th scope="col" className="text-right">
          Quantity
        </th>
        <th scope="col">
          <VisuallyHidden>Actions</VisuallyHidden>
        </th>
      </tr>
    </thead>
  );
}

/** A line's quantity as typed: kept when it is a whole number from 1 to 999, else said so. */
function QuantityCell({ item, onChange }: { item: DraftItem; onChange: (quantity: number) => void }) {
  const [text, setText] = useState(String(item.quantity));
  const [shown, setShown] = useState(item.quantity);
  // Another "Add" of the same item raised it: show the new quantity.
  if (shown !== item.quantity) {
    setShown(item.quantity);
    setText(String(item.quantity));
  }
  const valid = quantityOf(text) !== undefined;
  return (
    <Field
      label={<VisuallyHidden>Quantity of {item.label}</VisuallyHidden>}
      type="number"
      inputMode="numeric"
      min={1}
      max={MAX_QUANTITY}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const q = quantityOf(e.target.value);
        if (q !== undefined) {
          setShown(q);
          onChange(q);
        }
      }}
      error={valid ? undefined : `From 1 to ${MAX_QUANTITY}`}
      className="mb-0 ml-auto w-24"
    />
  );
}

type CatalogItem = Exclude<DraftItem, { custom: unknown }>;

/** A catalog item's price each for this order: empty is the catalog's (shown as the hint). */
function PriceCell({ item, onChange }: { item: CatalogItem; onChange: (price: string | undefined) => void }) {
  const [text, setText] = useState(item.price ?? '');
  const valid = !text.trim() || priceOf(text) !== undefined;
  return (
    <Field
      label={<VisuallyHidden>Price each of {item.label}</VisuallyHidden>}
      inputMode="decimal"
      placeholder={item.catalogPrice}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        // As typed: a price that is not one stops "Continue" (draftProblems).
        onChange(e.target.value.trim() || undefined);
      }}
      error={valid ? undefined : 'A price like 20 or 19.90, or empty for the catalog’s'}
      className="mb-0 ml-auto w-28"
    />
  );
}
