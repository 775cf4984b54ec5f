/** Cancel the order: return its items to stock, and tell the buyer (with a message) if wanted. */
import { useMutation } from '@tanstack/react-query';
import type { Order } from '@vitrine/contract';
import { adminOrderMutations } from '@vitrine/sdk/react';
import { Alert, Choice, TextArea } from '@vitrine/ui';
import { describeError } from '../../../../app/errors.ts';
import { useHttp } from '../../../../app/http.tsx';
import { ActionDialog, useSnapshot } from '../../../../app/action-dialog.tsx';

export function CancelDialog({
  order,
  holdsPayment,
  onClose,
  onDone,
}: {
  order: Order;
  /** An authorization is still open: the merchant should void it (cancelling does not). */
  holdsPayment: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const cancel = useMutation(adminOrderMutations.cancel(http));
  const status = useSnapshot(order.status);
  return (
    <ActionDialog
      title={`Cancel order #${order.number}`}
      description="A canceled order cannot be reopened. Refunds are separate: refund what was paid from the order's payments."
      onClose={onClose}
      submitLabel="Cancel order"
      unavailable={
        status === 'APPROVED' || status === 'INITIALIZED' ? undefined : 'This order cannot be canceled.'
      }
      variant="danger"
      busy={cancel.isPending}
      error={cancel.error ? describeError(cancel.error).message : undefined}
      onSubmit={(form) => {
        const message = String(form.get('message') ?? '').trim();
        cancel.mutate(
          {
            orderId: order.id,
            restock: form.get('restock') === 'on',
            notify: form.get('notify') === 'on',
            ...(message ? { message } : {}),
          },
          { onSuccess: () => onDone(`Order #${order.number} canceled.`) },
        );
      }}
    >
      {holdsPayment && (
        <Alert variant="warning" live={false}>
          The buyer&apos;s card still holds money for this order. Void the authorization too, so that it is
          released.
        </Alert>
      )}
      <div className="mb-4 space-y-2">
        <Choice type="checkbox" name="restock" defaultChecked>
          Return the items to stock
        </Choice>
        <Choice type="checkbox" name="notify" defaultChecked>
          E-mail the buyer that the order is canceled
        </Choice>
      </div>
      <TextArea
        label="Message to the buyer"
        name="message"
        maxLength={1000}
        hint="Optional; added to the e-mail."
      />
    </ActionDialog>
  );
}
