/**
 * "Fulfil selected": every item still to ship of the orders ticked in the list, in one call
 * (`bulkCreateFulfillments`, each order on its own). The dialog first says which of them cannot be
 * fulfilled and why (not open, everything shipped already), from their fulfilments; after the call
 * the list's notice says how many were fulfilled and names any the server refused, with its reason.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Order } from '@vitrine/contract';
import { adminOrderMutations, adminOrderQueries } from '@vitrine/sdk/react';
import { ActionDialog, useSnapshot } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { plural } from '../../../kit/format.ts';
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
          ? `Mark ${plural(items, 'item')} of ${plural(ready.length, 'order')} as shipped: everything not shipped yet. Each buyer gets a shipping confirmation (without a tracking number: add one from the order's page).`
          : 'Reading what is left to ship…'
      }
      onClose={onClose}
      submitLabel={`Fulfil ${plural(ready.length, 'order')}`}
      busy={fulfil.isPending || shipped.isPending}
      error={fulfil.error ? describeError(fulfil.error).message : undefined}
      onSubmit={() => {
        if (!shipped.isSuccess || !ready.length) return;
        fulfil.mutate(
          { orders: ready.map((p) => ({ orderId: p.order.id, lineItems: p.lineItems })) },
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
