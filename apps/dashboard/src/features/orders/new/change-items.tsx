/**
 * Changing the items of an order made for a buyer, until they pay ("actually, make it three"): a
 * line's quantity, a line taken out (not the last: delete the order instead), items added from the
 * catalog or not in it. Each change is sent at once and the store prices the order again; a link
 * already sent opens the order as it is now.
 */
import { useMutation } from '@tanstack/react-query';
import type { Checkout } from '@vitrine/contract';
import type { ItemsChange } from '@vitrine/sdk';
import { paymentLinkMutations } from '@vitrine/sdk/react';
import { Alert, Button, Field, Table, VisuallyHidden } from '@vitrine/ui';
import { useState } from 'react';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { LineName } from '../line-head.tsx';
import { CustomItemForm } from './custom-item.tsx';
import { EditItemsHead } from './draft-items.tsx';
import { lineOf, MAX_QUANTITY, quantityOf } from './draft.ts';
import { ItemPicker } from './item-picker.tsx';

type Line = Checkout['lineItems'][number];

export function ChangeItems({ checkout: c }: { checkout: Checkout }) {
  const http = useHttp();
  const change = useMutation(paymentLinkMutations.changeItems(http));
  const [done, setDone] = useState<string>();
  const apply = (what: ItemsChange, message: string) => {
    setDone(undefined);
    change.mutate({ checkoutId: c.id, change: what }, { onSuccess: () => setDone(message) });
  };
  const only = c.lineItems.length === 1;
  return (
    <details className="mt-4 rounded-lg border border-line px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium">Change the items</summary>
      <div className="mt-3">
        <Table caption="Items to change" hideCaption className="mb-4">
          <EditItemsHead />
          <tbody>
            {c.lineItems.map((l) => (
              <tr key={l.id}>
                <LineName line={l} />
                <td className="text-right">
                  <QuantityForm
                    key={l.quantity}
                    line={l}
                    busy={change.isPending}
                    onSet={(quantity) =>
                      apply({ lineId: l.id, quantity }, `${l.productName.original}: ${quantity} now.`)
                    }
                  />
                </td>
                <td className="text-right">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={only || change.isPending}
                    title={only ? 'An order needs an item: delete the order instead.' : undefined}
                    onClick={() => apply({ remove: l.id }, `${l.productName.original} taken out.`)}
                  >
                    Remove<VisuallyHidden> {l.productName.original}</VisuallyHidden>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <ItemPicker onAdd={(item) => apply({ add: [lineOf(item)] }, `${item.label} added.`)} />
        <CustomItemForm onAdd={(item) => apply({ add: [lineOf(item)] }, `${item.label} added.`)} />
        <Alert>
          {change.error ? `The items were not changed: ${errorMessage(change.error)}` : undefined}
        </Alert>
        <Alert variant="success">{done}</Alert>
      </div>
    </details>
  );
}

/** A line's quantity, set with "Update" (a whole number from 1 to 999). */
function QuantityForm({ line, busy, onSet }: { line: Line; busy: boolean; onSet: (q: number) => void }) {
  const [text, setText] = useState(String(line.quantity));
  const [problem, setProblem] = useState<string>();
  return (
    <form
      noValidate
      className="flex items-start justify-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const q = quantityOf(text);
        setProblem(q === undefined ? `From 1 to ${MAX_QUANTITY}` : undefined);
        if (q !== undefined && q !== line.quantity) onSet(q);
      }}
    >
      <Field
        label={<VisuallyHidden>Quantity of {line.productName.original}</VisuallyHidden>}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_QUANTITY}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={problem}
        className="mb-0 w-24"
      />
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        Update<VisuallyHidden> the quantity of {line.productName.original}</VisuallyHidden>
      </Button>
    </form>
  );
}
