/**
 * A recorded shipment, afterwards: correct its carrier, tracking number or link (a new number is
 * e-mailed to the buyer), or delete it when it was recorded by mistake (its items are to fulfil
 * again; the buyer is not told, and a payment captured when it was recorded stays captured).
 */
import { useMutation } from '@tanstack/react-query';
import type { Fulfillment, Order } from '@vitrine/contract';
import { adminOrderMutations } from '@vitrine/sdk/react';
import { linkClass } from '@vitrine/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionDialog, useSnapshot } from '../../../../app/action-dialog.tsx';
import { describeError } from '../../../../app/errors.ts';
import { useHttp } from '../../../../app/http.tsx';
import { dateTime } from '../../format.ts';
import type { OrderDialog } from '../../urls.ts';
import { OPENED_HERE } from '../use-dialog.ts';
import { readTracking, TrackingFields, type Tracking } from './tracking-fields.tsx';

interface ShipmentDialogProps {
  order: Order;
  /** Undefined when the URL names no shipment of this order (deleted meanwhile, a wrong link). */
  shipment: Fulfillment | undefined;
  onClose: () => void;
  onDone: (message: string) => void;
}

const GONE = 'This shipment is not on the order any more: it may have been deleted.';

/** What the items of a shipment were ("2 × Linen shirt, 1 × Mug"). */
const itemsOf = (order: Order, f: Fulfillment) => {
  const names = new Map(order.lineItems.map((l) => [l.id, l.productName.original]));
  return f.lineItems.map((l) => `${l.quantity} × ${names.get(l.id) ?? 'item'}`).join(', ');
};

/** The tracking fields that changed, `null` for one emptied (the server keeps what is not sent). */
function changedTracking(before: Fulfillment['trackingInfo'], after: Tracking) {
  const out: Partial<Record<keyof Tracking, string | null>> = {};
  for (const k of ['trackingNumber', 'shippingProvider', 'trackingLink'] as const) {
    const was = before?.[k] ?? '';
    if (after[k] !== was) out[k] = after[k] || null;
  }
  return out;
}

export function EditShipmentDialog({ order, shipment: live, onClose, onDone }: ShipmentDialogProps) {
  const http = useHttp();
  const update = useMutation(adminOrderMutations.updateShipment(http));
  const shipment = useSnapshot(live);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failure = update.error ? describeError(update.error) : undefined;
  return (
    <ActionDialog
      title="Edit tracking"
      unavailable={shipment ? undefined : GONE}
      description={
        shipment
          ? `Shipped ${dateTime(shipment.createdDate)}: ${itemsOf(order, shipment)}. A new tracking number is e-mailed to the buyer.`
          : undefined
      }
      onClose={onClose}
      submitLabel="Save tracking"
      busy={update.isPending}
      error={
        failure?.message ?? (Object.keys(errors).length ? 'Please check the highlighted fields.' : undefined)
      }
      onSubmit={(form) => {
        if (!shipment) return;
        const errs: Record<string, string> = {};
        const tracking = readTracking(form, errs);
        setErrors(errs);
        if (Object.keys(errs).length) return;
        const trackingInfo = changedTracking(shipment.trackingInfo, tracking);
        if (Object.keys(trackingInfo).length === 0) return onDone('Nothing changed.');
        update.mutate(
          { orderId: order.id, fulfillmentId: shipment.id, trackingInfo },
          {
            onSuccess: () =>
              onDone(
                trackingInfo.trackingNumber
                  ? `Tracking changed to ${trackingInfo.trackingNumber}; the buyer was e-mailed.`
                  : 'Tracking saved.',
              ),
          },
        );
      }}
    >
      {shipment && <TrackingFields initial={shipment.trackingInfo} errors={errors} failure={failure} />}
    </ActionDialog>
  );
}

export function DeleteShipmentDialog({ order, shipment: live, onClose, onDone }: ShipmentDialogProps) {
  const http = useHttp();
  const remove = useMutation(adminOrderMutations.deleteShipment(http));
  const shipment = useSnapshot(live);
  return (
    <ActionDialog
      title="Delete shipment"
      unavailable={shipment ? undefined : GONE}
      description={
        shipment
          ? `Shipped ${dateTime(shipment.createdDate)}: ${itemsOf(order, shipment)}${shipment.trackingInfo?.trackingNumber ? `, tracking ${shipment.trackingInfo.trackingNumber}` : ''}.`
          : undefined
      }
      onClose={onClose}
      submitLabel="Delete shipment"
      variant="danger"
      busy={remove.isPending}
      error={remove.error ? describeError(remove.error).message : undefined}
      onSubmit={() => {
        if (!shipment) return;
        remove.mutate(
          { orderId: order.id, fulfillmentId: shipment.id },
          { onSuccess: () => onDone('Shipment deleted: its items are to fulfil again.') },
        );
      }}
    >
      <p className="text-sm">
        For a shipment recorded by mistake. Its items go back to the items to fulfil. The buyer is not
        e-mailed, and a payment captured when it was recorded stays captured.
      </p>
    </ActionDialog>
  );
}

/** A shipment's links to its dialogs, named with the shipment for screen readers. */
export function ShipmentLinks({
  shipment,
  linkTo,
}: {
  shipment: Fulfillment;
  linkTo: (d: OrderDialog, shipmentId?: string) => string;
}) {
  const what = `the shipment of ${dateTime(shipment.createdDate)}`;
  const link = (d: OrderDialog, label: string, name: string) => (
    <Link
      to={linkTo(d, shipment.id)}
      state={OPENED_HERE}
      preventScrollReset
      className={linkClass}
      aria-label={name}
    >
      {label}
    </Link>
  );
  return (
    <p className="mt-1 flex flex-wrap gap-x-3">
      {link('edit-shipment', 'Edit tracking', `Edit tracking of ${what}`)}
      {link('delete-shipment', 'Delete', `Delete ${what}`)}
    </p>
  );
}
