/**
 * Deleting an order made for a buyer before they pay (a mistake, the buyer changed their mind): the
 * checkout is deleted for good and its payment link then opens nothing (the buyer reads that the
 * link no longer opens an order). Once the buyer has placed the order, it is canceled in Orders instead.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import type { Checkout } from '@vitrine/contract';
import { ConfirmDialog } from '../../../kit/confirm.tsx';

export function DeleteOrderDialog({
  checkout: c,
  remove,
  onClose,
  onDone,
}: {
  checkout: Checkout;
  remove: UseMutationResult<object, Error, string>;
  onClose: () => void;
  onDone: () => void;
}) {
  const buyer = c.buyerInfo.email ?? 'the buyer';
  return (
    <ConfirmDialog
      title="Delete this order?"
      description={`The order for ${buyer} is deleted for good. Its payment link, if you sent it, no longer opens it; ${buyer} is not e-mailed.`}
      confirmLabel="Delete order"
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(c.id, { onSuccess: onDone })}
      onClose={onClose}
    />
  );
}
