/**
 * `/dashboard/orders/:id`: the order, its payments, fulfilments and timeline, and its actions, each
 * a dialog whose state is the URL (`?dialog=capture|void|refund|mark-paid|fulfil|cancel|tags|note`).
 * An order awaiting an offline payment (a manual payment method chosen at checkout) has "Mark as
 * paid" as its main action.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminOrderMutations, adminOrderQueries } from '@vitrine/sdk/react';
import {
  Alert,
  Badge,
  Button,
  buttonClass,
  linkClass,
  LoadingSkeleton,
  PageHeading,
  Skeleton,
} from '@vitrine/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { buyerName, dateTime } from '../format.ts';
import { paymentViews } from '../money.ts';
import { fulfilmentLabels, orderLabels, paymentLabels, StatusBadge } from '../status.tsx';
import { ordersUrls, type OrderDialog } from '../urls.ts';
import { CancelDialog } from './dialogs/cancel.tsx';
import { FulfilDialog } from './dialogs/fulfil.tsx';
import { NoteDialog } from './dialogs/note.tsx';
import { DeleteShipmentDialog, EditShipmentDialog, ShipmentLinks } from './dialogs/shipment.tsx';
import { MarkPaidDialog } from './dialogs/mark-paid.tsx';
import { CaptureDialog, RefundDialog, VoidDialog } from './dialogs/payments.tsx';
import { TagsDialog } from './dialogs/tags.tsx';
import { StaffActions } from '../../../app/staff-actions.tsx';
import { Customer, Fulfillments, LineItems, Payments, Section, Timeline, Totals } from './sections.tsx';
import { markPaidPlan } from './mark-paid.ts';
import { OPENED_HERE, useOrderDialog } from './use-dialog.ts';

export function OrderPage() {
  const { id = '' } = useParams();
  const http = useHttp();
  const order = useQuery(adminOrderQueries.byId(http, id));
  const txns = useQuery(adminOrderQueries.transactions(http, id));
  const fulfillments = useQuery(adminOrderQueries.fulfillments(http, id));
  const tags = useMutation(adminOrderMutations.updateTags(http));
  const { dialog, shipment, close, linkTo } = useOrderDialog(id);
  const [notice, setNotice] = useState<string>();
  const o = order.data;
  useTitle(o ? `Order #${o.number}` : 'Order');

  const back = (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <Link to={ordersUrls.list.href()} className={linkClass}>
        Orders
      </Link>
    </nav>
  );
  if (order.isError)
    return (
      <>
        {back}
        <PageHeading>Order</PageHeading>
        <Alert>
          {(order.error as { status?: number }).status === 404
            ? 'There is no such order.'
            : errorMessage(order.error)}
        </Alert>
        <Button variant="secondary" onClick={() => void order.refetch()}>
          Try again
        </Button>
      </>
    );
  if (!o)
    return (
      <>
        {back}
        <PageHeading>Order</PageHeading>
        <LoadingSkeleton label="Loading the order…">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-64 rounded-2xl" />
        </LoadingSkeleton>
      </>
    );

  const views = txns.data ? paymentViews(txns.data, o.currency) : [];
  const shipped = fulfillments.data ?? [];
  const canCapture = views.some((v) => v.held > 0);
  const canRefund = views.some((v) => v.refundable > 0);
  const canFulfil = o.status === 'APPROVED' && o.fulfillmentStatus !== 'FULFILLED';
  const canCancel = o.status === 'APPROVED' || o.status === 'INITIALIZED';
  const markPaid = markPaidPlan(o, txns.data ? views : undefined);
  const markPaidFirst = markPaid.awaitingOffline && !canCapture;
  const done = (message: string) => {
    setNotice(message);
    close();
  };
  const action = (
    d: OrderDialog,
    label: string,
    variant: 'primary' | 'secondary' | 'danger' = 'secondary',
  ) => (
    <Link to={linkTo(d)} state={OPENED_HERE} preventScrollReset className={buttonClass(variant, 'sm')}>
      {label}
    </Link>
  );

  return (
    <>
      {back}
      <PageHeading className="mb-2">Order #{o.number}</PageHeading>
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge entry={orderLabels[o.status]} />
        <StatusBadge entry={paymentLabels[o.paymentStatus]} />
        <StatusBadge entry={fulfilmentLabels[o.fulfillmentStatus]} />
        {o.archived && <Badge>Archived</Badge>}
        <span className="text-muted">
          Placed <time dateTime={o.createdDate}>{dateTime(o.createdDate)}</time>
          {buyerName(o) ? ` by ${buyerName(o)}` : ''}
        </span>
      </div>
      <Alert variant="success">{notice}</Alert>
      <Alert>{tags.error ? `The tags were not saved: ${errorMessage(tags.error)}` : undefined}</Alert>
      <div className="mb-6 flex flex-wrap gap-2">
        {markPaidFirst && action('mark-paid', 'Mark as paid', 'primary')}
        {canCapture && action('capture', 'Capture payment', 'primary')}
        {canCapture && action('void', 'Void authorization')}
        {canFulfil && action('fulfil', 'Fulfil items', canCapture || markPaidFirst ? 'secondary' : 'primary')}
        {markPaid.available && !markPaidFirst && action('mark-paid', 'Mark as paid')}
        {canRefund && action('refund', 'Refund')}
        {action('note', 'Add note')}
        {action('tags', 'Edit tags')}
        <Link to={ordersUrls.packingSlips.href({ order: [o.id] })} className={buttonClass('secondary', 'sm')}>
          Packing slip
        </Link>
        {canCancel && action('cancel', 'Cancel order', 'secondary')}
      </div>

      <div className="grid gap-x-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <Section title="Items">
            <LineItems order={o} fulfillments={shipped} />
            <Totals order={o} />
          </Section>
          <Section title="Payments">
            {txns.isError ? (
              <Alert>{errorMessage(txns.error)}</Alert>
            ) : (
              <Payments views={views} currency={o.currency} />
            )}
          </Section>
          <Section title="Timeline">
            <Timeline order={o} />
          </Section>
          <Section title="Staff changes">
            <StaffActions entityId={o.id} />
          </Section>
        </div>
        <div className="min-w-0 gap-x-4 md:grid md:grid-cols-2 md:items-start lg:block">
          <Section title="Customer">
            <Customer order={o} />
          </Section>
          <Section title="Tags">
            {o.tags.tags.tagIds.length ? (
              <ul aria-label="Tags of this order" className="flex flex-wrap gap-1">
                {o.tags.tags.tagIds.map((t) => (
                  <li key={t}>
                    <Badge>{t}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">No tags.</p>
            )}
          </Section>
          <Section title="Shipments">
            <Fulfillments
              fulfillments={shipped}
              order={o}
              actions={(f) => <ShipmentLinks shipment={f} linkTo={linkTo} />}
            />
          </Section>
        </div>
      </div>

      {/* Each dialog waits for the data it starts from, then keeps it (they stay open through their own change). */}
      {dialog === 'capture' && txns.isSuccess && (
        <CaptureDialog order={o} views={views} onClose={close} onDone={done} />
      )}
      {dialog === 'void' && txns.isSuccess && (
        <VoidDialog order={o} views={views} onClose={close} onDone={done} />
      )}
      {dialog === 'refund' && txns.isSuccess && (
        <RefundDialog order={o} views={views} onClose={close} onDone={done} />
      )}
      {dialog === 'mark-paid' && txns.isSuccess && (
        <MarkPaidDialog order={o} views={views} onClose={close} onDone={done} />
      )}
      {dialog === 'fulfil' && fulfillments.isSuccess && (
        <FulfilDialog order={o} fulfillments={shipped} onClose={close} onDone={done} />
      )}
      {dialog === 'cancel' && (
        <CancelDialog order={o} holdsPayment={canCapture} onClose={close} onDone={done} />
      )}
      {dialog === 'note' && <NoteDialog order={o} onClose={close} onDone={done} />}
      {dialog === 'edit-shipment' && fulfillments.isSuccess && (
        <EditShipmentDialog
          order={o}
          shipment={shipped.find((f) => f.id === shipment)}
          onClose={close}
          onDone={done}
        />
      )}
      {dialog === 'delete-shipment' && fulfillments.isSuccess && (
        <DeleteShipmentDialog
          order={o}
          shipment={shipped.find((f) => f.id === shipment)}
          onClose={close}
          onDone={done}
        />
      )}
      {dialog === 'tags' && (
        <TagsDialog
          order={o}
          onClose={close}
          onSave={(change) => {
            close();
            if (!change.assign.length && !change.unassign.length) return;
            tags.mutate({ orderId: o.id, ...change }, { onSuccess: () => setNotice('Tags saved.') });
          }}
        />
      )}
    </>
  );
}
