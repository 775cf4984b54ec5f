/** One delivery's details: what it carries, where it stands, and its last attempt (the answer, the error, the receiver's words). */
import type { WebhookDelivery } from '@vitrine/contract';
import { Alert, Badge, Button } from '@vitrine/ui';
import { Dialog, DialogClose } from '@vitrine/ui/dialog';
import { Facts } from '../../../kit/facts.tsx';
import { dateTime } from '../../../kit/format.ts';
import { AttemptFacts } from './attempt.tsx';
import { attemptSummary, deliveryLabels, webhookErrorMessage } from './describe.ts';

export function DeliveryDialog({
  delivery: d,
  busy,
  error,
  onRedeliver,
  onClose,
}: {
  delivery: WebhookDelivery;
  busy: boolean;
  error: unknown;
  onRedeliver: () => void;
  onClose: () => void;
}) {
  const [label, tone] = deliveryLabels[d.status];
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Delivery of ${d.eventType}`}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
          <Button busy={busy} onClick={onRedeliver}>
            Redeliver
          </Button>
        </>
      }
    >
      <Alert>{webhookErrorMessage(error)}</Alert>
      <p className="mb-3">
        <Badge tone={tone}>{label}</Badge>
      </p>
      <Facts
        rows={[
          ['Event type', d.eventType],
          ['Entity', d.entityId],
          ['Event ID', d.eventId],
          ['Delivery ID', d.id],
          ['Attempts', `${d.attempts} of ${d.maxAttempts}`],
          ['Created', dateTime(d.createdDate)],
          ['Delivered', d.deliveredDate ? dateTime(d.deliveredDate) : 'Not yet'],
          ['Next attempt', d.nextAttemptDate ? dateTime(d.nextAttemptDate) : '—'],
        ]}
      />
      <h3 className="mt-4 mb-1 font-semibold">Last attempt</h3>
      {d.lastAttempt ? (
        <div className="text-sm" role="status">
          <p>{attemptSummary(d.lastAttempt)}</p>
          <AttemptFacts attempt={d.lastAttempt} />
        </div>
      ) : (
        <p className="text-sm text-muted">None yet: it is about to be sent.</p>
      )}
    </Dialog>
  );
}
