/**
 * "Fulfil selected": every item still to ship of the orders ticked in the list, in one call
 * (`bulkCreateFulfillments`, each order on its own). The dialog first says which of them cannot be
 * fulfilled and why (not open, everything shipped already), from their fulfilments; after the call
 * the list's notice says how many were fulfilled and names any the server refused, with its reason.
 * Each order may get its tracking number (one carrier for all): its buyer's shipping confirmation
 * then carries it.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Order } from '@vitrine/contract';
import { adminOrderMutations, adminOrderQueries } from '@vitrine/sdk/react';
import { Field, Select } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog, useSnapshot } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { plural } from '../../../kit/format.ts';
import { CARRIERS } from '../carriers.ts';
import { fulfilledByLine } from '../format.ts';

type Plan = { order: Order; lineItems: { id: string; quantity: number }[] } | { order: Order; skip: string };

export function BulkFulfilDialog({
  orders: live,
  onClose,
  onDone,
}: {
  orders: Order[];
  onClose: () => void;
  /** The outcome in words, and whether any order was fulfilled (the selection is then cleared). */
  onDone: (message: string, anyDone: boolean) => void;
}) {
  const http = useHttp();
  const orders = useSnapshot(live);
  const shipped = useQuery(
    adminOrderQueries.fulfillmentsOf(
      http,
      orders.map((o) => o.id),
    ),
  );
  const fulfil = useMutation(adminOrderMutations.bulkFulfil(http));
  /** Tracking numbers given twice in the form, by order id. */
  const [twice, setTwice] = useState<Record<string, string>>({});
  const plans: Plan[] = orders.map((order) => {
    if (order.status !== 'APPROVED') return { order, skip: 'it is not open (only approved orders ship)' };
    const done = fulfilledByLine(shipped.data?.get(order.id) ?? []);
    const lineItems = order.lineItems
      .map((l) => ({ id: l.id, quantity: l.quantity - (done.get(l.id) ?? 0) }))
      .filter((l) => l.quantity > 0);
    return lineItems.length ? { order, lineItems } : { order, skip: 'everything in it has shipped' };
  });
  const ready = plans.filter((p): p is Extract<Plan, { lineItems: unknown }> => 'lineItems' in p);
  const skipped = plans.filter((p): p is Extract<Plan, { skip: string }> => 'skip' in p);
  const items = ready.reduce((n, p) => n + p.lineItems.reduce((m, l) => m + l.quantity, 0), 0);
  return (
    <ActionDialog
      title="Fulfil selected orders"
      unavailable={
        shipped.isError
          ? describeError(shipped.error).message
          : shipped.isSuccess && !ready.length
            ? 'None of the selected orders has anything left to fulfil.'
            : undefined
      }
      description={
        shipped.isSuccess
          ? `Mark ${plural(items, 'item')} of ${plural(ready.length, 'order')} as shipped: everything not shipped yet. Each buyer gets a shipping confirmation, with the tracking number you give the order here (optional).`
          : 'Reading what is left to ship…'
      }
      onClose={onClose}
      submitLabel={`Fulfil ${plural(ready.length, 'order')}`}
      busy={fulfil.isPending || shipped.isPending}
      error={
        fulfil.error
          ? describeError(fulfil.error).message
          : Object.keys(twice).length
            ? 'Each order needs its own tracking number.'
            : undefined
      }
      onSubmit={(form) => {
        if (!shipped.isSuccess || !ready.length) return;
        const shippingProvider = String(form.get('carrier') ?? '');
        const numbers = new Map(
          ready.map((p) => [p.order.id, String(form.get(`tracking-${p.order.id}`) ?? '').trim()]),
        );
        const repeated = repeatedNumbers(numbers);
        setTwice(repeated);
        if (Object.keys(repeated).length) return;
        fulfil.mutate(
          {
            orders: ready.map((p) => {
              const trackingNumber = numbers.get(p.order.id);
              return {
                orderId: p.order.id,
                lineItems: p.lineItems,
                ...(trackingNumber ? { tracking: { trackingNumber, shippingProvider } } : {}),
              };
            }),
          },
          {
            onSuccess: (r) => {
              const refused = r.results.flatMap((x, i) =>
                x.itemMetadata.success
                  ? []
                  : [`#${ready[i]!.order.number} (${x.itemMetadata.error?.description ?? 'refused'})`],
              );
              const ok = r.bulkActionMetadata.totalSuccesses;
              onDone(
                `Fulfilled ${plural(ok, 'order')}.${refused.length ? ` Not fulfilled: ${refused.join(', ')}.` : ''}`,
                ok > 0,
              );
            },
          },
        );
      }}
    >
      {shipped.isSuccess && ready.length > 0 && (
        <fieldset className="text-sm">
          <legend className="mb-2 font-medium">Tracking numbers (optional)</legend>
          <Select label="Carrier" name="carrier" defaultValue="">
            <option value="">No carrier</option>
            {CARRIERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <div className="max-h-72 overflow-y-auto pr-1">
            {ready.map((p) => (
              <Field
                key={p.order.id}
                label={`Tracking number of #${p.order.number}`}
                name={`tracking-${p.order.id}`}
                maxLength={100}
                autoComplete="off"
                error={twice[p.order.id]}
              />
            ))}
          </div>
        </fieldset>
      )}
      {skipped.length > 0 && (
        <div className="text-sm">
          <p className="font-medium">Left as they are:</p>
          <ul className="list-disc pl-5">
            {skipped.map((p) => (
              <li key={p.order.id}>
                #{p.order.number}: {p.skip}
              </li>
            ))}
          </ul>
        </div>
      )}
    </ActionDialog>
  );
}

/** Each order whose tracking number another order of the form has too: the error to show on it. */
export function repeatedNumbers(numbers: ReadonlyMap<string, string>): Record<string, string> {
  const count = new Map<string, number>();
  for (const n of numbers.values()) if (n) count.set(n, (count.get(n) ?? 0) + 1);
  const out: Record<string, string> = {};
  for (const [id, n] of numbers)
    if (n && count.get(n)! > 1) out[id] = 'Another order has this tracking number.';
  return out;
}
