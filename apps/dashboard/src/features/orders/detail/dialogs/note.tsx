/** A note on the order's timeline (a merchant comment; buyers never see it). */
import { useMutation } from '@tanstack/react-query';
import type { Order } from '@vitrine/contract';
import { adminOrderMutations } from '@vitrine/sdk/react';
import { TextArea } from '@vitrine/ui';
import { useState } from 'react';
import { describeError } from '../../../../app/errors.ts';
import { useHttp } from '../../../../app/http.tsx';
import { ActionDialog } from '../../../../app/action-dialog.tsx';

export function NoteDialog({
  order,
  onClose,
  onDone,
}: {
  order: Order;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const add = useMutation(adminOrderMutations.addNote(http));
  const [empty, setEmpty] = useState(false);
  return (
    <ActionDialog
      title="Add a note"
      description="Notes are for your team: they show on the order's timeline, never to the buyer."
      onClose={onClose}
      submitLabel="Add note"
      busy={add.isPending}
      error={add.error ? describeError(add.error).message : undefined}
      onSubmit={(form) => {
        const message = String(form.get('note') ?? '').trim();
        setEmpty(!message);
        if (message) add.mutate({ orderId: order.id, message }, { onSuccess: () => onDone('Note added.') });
      }}
    >
      <TextArea
        label="Note"
        name="note"
        rows={5}
        maxLength={5000}
        required
        error={empty ? 'Write the note first.' : undefined}
      />
    </ActionDialog>
  );
}
