/** Capture, void and refund: each payment in full or in part (amounts checked here and by the server). */
import { useMutation } from '@tanstack/react-query';
import type { Order } from '@vitrine/contract';
import type { PaymentAmount } from '@vitrine/sdk';
import { adminOrderMutations } from '@vitrine/sdk/react';
import { Choice, ChoiceGroup, Field, TextArea } from '@vitrine/ui';
import { useState } from 'react';
import { describeError } from '../../../../app/errors.ts';
import { useHttp } from '../../../../app/http.tsx';
import { fromMinor, scaleOf, showMinor, toMinor, type PaymentView } from '../../money.ts';
import { ActionDialog, useIdempotencyKey, useSnapshot } from '../../../../app/action-dialog.tsx';

export interface PaymentDialogProps {
  order: Order;
  views: PaymentView[];
  onClose: () => void;
  /** Called with what happened, for the page's status line. */
  onDone: (message: string) => void;
}

/**
 * One amount field per payment, starting at `max`: reads the form back into amounts (omitted when
 * the whole of `max`), or field errors.
 */
function readAmounts(
  form: FormData,
  views: PaymentView[],
  max: (v: PaymentView) => number,
  currency: string,
) {
  const scale = scaleOf(currency);
  const errors: Record<string, string> = {};
  const items: (PaymentAmount & { minor: number })[] = [];
  for (const v of views) {
    const raw = String(form.get(`amount-${v.payment.id}`) ?? '').trim();
    if (raw === '' || raw === '0') continue;
    const minor = toMinor(raw, scale);
    if (Number.isNaN(minor)) errors[v.payment.id] = `Enter an amount such as ${fromMinor(max(v), scale)}.`;
    else if (minor > max(v)) errors[v.payment.id] = `At most ${showMinor(max(v), currency)}.`;
    else if (minor > 0)
      items.push({
        paymentId: v.payment.id,
        minor,
        ...(minor === max(v) ? {} : { amount: fromMinor(minor, scale) }),
      });
  }
  return { items, errors };
}

function AmountFields({
  views,
  max,
  currency,
  errors,
  verb,
}: {
  views: PaymentView[];
  max: (v: PaymentView) => number;
  currency: string;
  errors: Record<string, string>;
  verb: string;
}) {
  const scale = scaleOf(currency);
  return views.map((v) => (
    <Field
      key={v.payment.id}
      label={`Amount to ${verb} from ${v.label}`}
      name={`amount-${v.payment.id}`}
      inputMode="decimal"
      defaultValue={fromMinor(max(v), scale)}
      hint={`Up to ${showMinor(max(v), currency)}. Enter less to ${verb} part of it.`}
      error={errors[v.payment.id]}
    />
  ));
}

export function CaptureDialog({ order, views, onClose, onDone }: PaymentDialogProps) {
  const http = useHttp();
  const capture = useMutation(adminOrderMutations.capture(http));
  const keyFor = useIdempotencyKey();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const held = useSnapshot(views.filter((v) => v.held > 0));
  return (
    <ActionDialog
      title="Capture payment"
      unavailable={held.length ? undefined : 'No payment of this order is waiting for capture.'}
      description="Take the money the buyer's card holds for this order. What you leave stays held until you capture or void it."
      onClose={onClose}
      submitLabel="Capture"
      busy={capture.isPending}
      error={
        capture.error
          ? describeError(capture.error).message
          : Object.keys(errors).length
            ? 'Please check the amounts.'
            : undefined
      }
      onSubmit={(form) => {
        const r = readAmounts(form, held, (v) => v.held, order.currency);
        setErrors(r.errors);
        if (Object.keys(r.errors).length || !r.items.length) {
          if (!r.items.length && !Object.keys(r.errors).length)
            setErrors({ [held[0]?.payment.id ?? '']: 'Enter an amount to capture.' });
          return;
        }
        const vars = { orderId: order.id, payments: r.items.map(({ minor: _m, ...p }) => p) };
        const total = r.items.reduce((s, i) => s + i.minor, 0);
        capture.mutate(
          { ...vars, idempotencyKey: keyFor(vars, capture.error) },
          { onSuccess: () => onDone(`Captured ${showMinor(total, order.currency)}.`) },
        );
      }}
    >
      <AmountFields
        views={held}
        max={(v) => v.held}
        currency={order.currency}
        errors={errors}
        verb="capture"
      />
    </ActionDialog>
  );
}

export function VoidDialog({ order, views, onClose, onDone }: PaymentDialogProps) {
  const http = useHttp();
  const voiding = useMutation(adminOrderMutations.void(http));
  const keyFor = useIdempotencyKey();
  const [problem, setProblem] = useState<string>();
  const held = useSnapshot(views.filter((v) => v.held > 0));
  return (
    <ActionDialog
      title="Void authorization"
      unavailable={held.length ? undefined : 'No payment of this order is authorized and waiting.'}
      description="Release what the buyer's card still holds; nothing more can be captured from it. Anything already captured stays captured."
      onClose={onClose}
      submitLabel="Void"
      variant="danger"
      busy={voiding.isPending}
      error={voiding.error ? describeError(voiding.error).message : problem}
      onSubmit={(form) => {
        const paymentIds = form.getAll('payment').map(String);
        if (!paymentIds.length) return setProblem('Choose a payment to void.');
        setProblem(undefined);
        const vars = { orderId: order.id, paymentIds };
        const total = held.filter((v) => paymentIds.includes(v.payment.id)).reduce((s, v) => s + v.held, 0);
        voiding.mutate(
          { ...vars, idempotencyKey: keyFor(vars, voiding.error) },
          { onSuccess: () => onDone(`Voided ${showMinor(total, order.currency)}.`) },
        );
      }}
    >
      <ChoiceGroup legend="Authorizations to void">
        <div className="space-y-2">
          {held.map((v) => (
            <Choice key={v.payment.id} type="checkbox" name="payment" value={v.payment.id} defaultChecked>
              <span>
                {v.label}: {showMinor(v.held, order.currency)} held
              </span>
            </Choice>
          ))}
        </div>
      </ChoiceGroup>
    </ActionDialog>
  );
}

export function RefundDialog({ order, views, onClose, onDone }: PaymentDialogProps) {
  const http = useHttp();
  const refund = useMutation(adminOrderMutations.refund(http));
  const keyFor = useIdempotencyKey();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refundable = useSnapshot(views.filter((v) => v.refundable > 0));
  const failure = refund.error ? describeError(refund.error) : undefined;
  return (
    <ActionDialog
      title="Refund"
      unavailable={refundable.length ? undefined : 'Nothing paid on this order can be refunded.'}
      description="Give money back to the buyer, in full or in part. They are e-mailed with the amount and your reason."
      onClose={onClose}
      submitLabel="Refund"
      variant="danger"
      busy={refund.isPending}
      error={
        failure?.message ?? (Object.keys(errors).length ? 'Please check the highlighted fields.' : undefined)
      }
      onSubmit={(form) => {
        const r = readAmounts(form, refundable, (v) => v.refundable, order.currency);
        if (!r.items.length && !Object.keys(r.errors).length)
          r.errors[refundable[0]?.payment.id ?? ''] = 'Enter an amount to refund.';
        setErrors(r.errors);
        if (Object.keys(r.errors).length) return;
        const reason = String(form.get('reason') ?? '').trim();
        const vars = {
          orderId: order.id,
          payments: r.items.map(({ minor: _m, ...p }) => p),
          ...(reason ? { reason } : {}),
        };
        const total = r.items.reduce((s, i) => s + i.minor, 0);
        refund.mutate(
          { ...vars, idempotencyKey: keyFor(vars, refund.error) },
          { onSuccess: () => onDone(`Refunded ${showMinor(total, order.currency)}.`) },
        );
      }}
    >
      <AmountFields
        views={refundable}
        max={(v) => v.refundable}
        currency={order.currency}
        errors={errors}
        verb="refund"
      />
      <TextArea
        label="Reason"
        name="reason"
        maxLength={200}
        hint="Optional; shown to the buyer in the refund e-mail (200 characters at most)."
        error={failure?.fields.reason}
      />
    </ActionDialog>
  );
}
