/**
 * "Tag selected": add a tag to the orders ticked in the list, or take one off them, in one call
 * (`bulkUpdateOrderTags`). The list's tag filter then finds them together.
 */
import { useMutation } from '@tanstack/react-query';
import type { Order } from '@vitrine/contract';
import { adminOrderMutations } from '@vitrine/sdk/react';
import { Choice, ChoiceGroup, Field } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog, useSnapshot } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { plural } from '../../../kit/format.ts';

export function BulkTagsDialog({
  orders: live,
  onClose,
  onDone,
}: {
  orders: Order[];
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const orders = useSnapshot(live);
  const tags = useMutation(adminOrderMutations.bulkTags(http));
  const [problem, setProblem] = useState<string>();
  return (
    <ActionDialog
      title="Tag selected orders"
      description={`Add a tag to ${plural(orders.length, 'order')}, or take it off them. Filter the list by a tag to find them together.`}
      onClose={onClose}
      submitLabel="Save"
      busy={tags.isPending}
      error={
        tags.error
          ? describeError(tags.error).message
          : problem
            ? 'Please check the highlighted field.'
            : undefined
      }
      onSubmit={(form) => {
        const tag = String(form.get('tag') ?? '').trim();
        const remove = form.get('change') === 'remove';
        const why = !tag
          ? 'Enter the tag.'
          : tag.length > 100
            ? 'A tag has at most 100 characters.'
            : undefined;
        setProblem(why);
        if (why) return;
        tags.mutate(
          { orderIds: orders.map((o) => o.id), assign: remove ? [] : [tag], unassign: remove ? [tag] : [] },
          {
            onSuccess: (r) => {
              const done = remove
                ? `Took “${tag}” off ${plural(r.totalSuccesses, 'order')}.`
                : `Tagged ${plural(r.totalSuccesses, 'order')} “${tag}”.`;
              onDone(
                r.totalFailures ? `${done} ${plural(r.totalFailures, 'order')} could not be changed.` : done,
              );
            },
          },
        );
      }}
    >
      <Field label="Tag" name="tag" maxLength={100} autoComplete="off" required error={problem} />
      <ChoiceGroup legend="Change">
        <Choice name="change" value="add" defaultChecked>
          Add it to the selected orders
        </Choice>
        <Choice name="change" value="remove">
          Take it off them
        </Choice>
      </ChoiceGroup>
    </ActionDialog>
  );
}
