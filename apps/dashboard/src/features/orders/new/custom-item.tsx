/**
 * An item the catalog does not have (an engraving, a made-to-measure size): a name, a price each,
 * a quantity, and whether it is delivered. Folded away until asked for.
 */
import { Button, Choice, Field } from '@vitrine/ui';
import { useState } from 'react';
import { customItemProblems, priceOf, quantityOf, type DraftItem } from './draft.ts';

export function CustomItemForm({ onAdd }: { onAdd: (item: DraftItem) => void }) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [shippable, setShippable] = useState(true);
  const [problems, setProblems] = useState<ReturnType<typeof customItemProblems>>({});
  const add = () => {
    const found = customItemProblems({ name, price, quantity });
    setProblems(found);
    const p = priceOf(price);
    const q = quantityOf(quantity);
    if (Object.keys(found).length || p === undefined || q === undefined) return;
    onAdd({ label: name.trim(), quantity: q, custom: { price: p, shippable } });
    setName('');
    setPrice('');
    setQuantity('1');
  };
  return (
    <details className="mb-4 rounded-lg border border-line px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium">Add an item not in the catalog</summary>
      <div className="mt-3 flex flex-wrap items-start gap-x-3">
        <Field
          label="Item name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={200}
          error={problems.name}
          className="mb-3 min-w-48 flex-1"
        />
        <Field
          label="Price each"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={problems.price}
          className="mb-3 w-32"
        />
        <Field
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          error={problems.quantity}
          className="mb-3 w-28"
        />
      </div>
      <Choice
        type="checkbox"
        shape="chip"
        checked={shippable}
        onChange={(e) => setShippable(e.target.checked)}
      >
        Delivered (the delivery is charged for it, as for a product)
      </Choice>
      <br />
      <Button variant="secondary" size="sm" className="mt-2 mb-1" onClick={add}>
        Add custom item
      </Button>
    </details>
  );
}
