/** Add or edit a manual payment method: its name, and the instructions the buyer is given. */
import type { ManualPaymentMethod, StoreSettings } from '@vitrine/contract';
import { Field, TextArea } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import {
  draftOf,
  draftProblems,
  MAX_INSTRUCTIONS,
  MAX_METHODS,
  MAX_NAME,
  methodViolations,
  withAdded,
  withEdited,
  type MethodField,
} from './methods.ts';
import { useSaveMethods } from './use-save-methods.ts';

export function MethodDialog({
  settings,
  method,
  onClose,
  onDone,
}: {
  settings: StoreSettings;
  /** The method edited; none to add one. */
  method?: ManualPaymentMethod;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const list = settings.manualPaymentMethods;
  const save = useSaveMethods(settings);
  const [errors, setErrors] = useState<Partial<Record<MethodField, string>>>({});
  // Where the method is in the list sent: the server's violations name it by its position.
  const index = method ? list.findIndex((m) => m.id === method.id) : list.length;
  const server = methodViolations(save.error, index);
  const field = (k: MethodField) => errors[k] ?? server[k];
  const full = !method && list.length >= MAX_METHODS;
  return (
    <ActionDialog
      title={method ? `Edit ${method.name}` : 'Add payment method'}
      description="Offered at checkout beside the card."
      unavailable={
        full
          ? `The checkout offers at most ${MAX_METHODS} payment methods besides the card: remove one before adding another.`
          : undefined
      }
      onClose={onClose}
      submitLabel="Save"
      busy={save.busy}
      error={
        Object.keys(errors).length || Object.keys(server).length
          ? 'Please check the highlighted fields.'
          : save.message
      }
      onSubmit={(form) => {
        const draft = draftOf(form);
        const problems = draftProblems(draft, list, method?.id);
        setErrors(problems);
        save.reset();
        if (Object.keys(problems).length) return;
        if (method && draft.name === method.name && draft.instructions === method.instructions)
          return onDone('Nothing changed.');
        save.save(method ? withEdited(list, method.id, draft) : withAdded(list, draft), () =>
          onDone(method ? `“${draft.name}” saved.` : `“${draft.name}” added.`),
        );
      }}
    >
      <Field
        label="Name"
        name="name"
        defaultValue={method?.name ?? ''}
        maxLength={MAX_NAME}
        autoComplete="off"
        hint="Such as Bank transfer or Cash on delivery: buyers choose the method by this name."
        error={field('name')}
      />
      <TextArea
        label="Instructions"
        name="instructions"
        defaultValue={method?.instructions ?? ''}
        maxLength={MAX_INSTRUCTIONS}
        rows={6}
        hint="Shown at checkout and in the order confirmation e-mail: where to send the money, what reference to use."
        error={field('instructions')}
      />
    </ActionDialog>
  );
}
