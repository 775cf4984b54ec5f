/** Mark as paid: the money came in outside the store (a bank transfer, cash on delivery). */
import { useMutation } from '@tanstack/react-query';
import type { Order } from '@vitrine/contract';
import { errorCode } from '@vitrine/sdk';
import { adminOrderMutations } from '@vitrine/sdk/react';
import { ActionDialog, useIdempotencyKey, useSnapshot } from '../../../../app/action-dialog.tsx';
import { describeError } from '../../../../app/errors.ts';
import { useHttp } from '../../../../app/http.tsx';
import type { PaymentView } from '../../money.ts';
import { markPaidPlan, markPaidWords } from '../mark-paid.ts';

const refusals: Record<string, string> = {
  ORDER_ALREADY_PAID: 'This order is paid already: nothing was recorded.',
  ORDER_CANCELED: 'This order is canceled: it cannot be marked as paid.',
};

export function MarkPaidDialog({
  order,
  views,
  onClose,
  onDone,
}: {
  order: Order;
  views: PaymentView[];
  onClose: () => void;
  /** Called with what happened, for the page's status line. */
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const mark = useMutation(adminOrderMutations.markPaid(http));
  const keyFor = useIdempotencyKey();
  const plan = useSnapshot(markPaidPlan(order, views));
  const words = markPaidWords(plan, order.currency);
  const code = errorCode(mark.error);
  return (
    <ActionDialog
      title="Mark as paid"
      unavailable={
        plan.available
          ? undefined
          : order.status === 'CANCELED'
            ? 'This order is canceled: it cannot be marked as paid.'
            : 'Nothing is due on this order, or a card authorization waits to be captured.'
      }
      {...(plan.available ? { description: words.record } : {})}
      onClose={onClose}
      submitLabel="Mark as paid"
      busy={mark.isPending}
      error={mark.error ? (refusals[String(code)] ?? describeError(mark.error).message) : undefined}
      onSubmit={() => {
        const vars = { orderId: order.id };
        mark.mutate(
          { ...vars, idempotencyKey: keyFor(vars, mark.error) },
          { onSuccess: () => onDone('Order marked as paid.') },
        );
      }}
    >
      <p className="text-sm">{words.mail}</p>
    </ActionDialog>
  );
}
