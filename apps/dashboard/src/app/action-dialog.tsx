/**
 * The frame of action dialogs (the order page's capture, refund, fulfil…): a form in a modal (`@vitrine/ui/dialog`), its
 * errors in an alert at the top, Cancel and the action in the footer. A dialog works on what the
 * page showed when it opened (`useSnapshot`): its own success changes the order under it, and it
 * must stay mounted until its mutation's callbacks have run (they close it).
 */
import { isVitrineError, newIdempotencyKey } from '@vitrine/sdk';
import { Alert, Button } from '@vitrine/ui';
import { Dialog, DialogClose } from '@vitrine/ui/dialog';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

export function ActionDialog({
  title,
  description,
  onClose,
  onSubmit,
  submitLabel,
  busy,
  error,
  variant = 'primary',
  unavailable,
  children,
}: {
  title: string;
  description?: ReactNode;
  onClose: () => void;
  onSubmit: (form: FormData) => void;
  submitLabel: string;
  busy?: boolean;
  error?: string;
  variant?: 'primary' | 'danger';
  /** Why the action cannot be done (any more): shown instead of the form. */
  unavailable?: string;
  children: ReactNode;
}) {
  const formId = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit(new FormData(e.currentTarget));
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{unavailable ? 'Close' : 'Cancel'}</Button>
          </DialogClose>
          {!unavailable && (
            <Button type="submit" form={formId} busy={busy} variant={variant}>
              {submitLabel}
            </Button>
          )}
        </>
      }
    >
      {unavailable ? (
        <Alert variant="info" live={false}>
          {unavailable}
        </Alert>
      ) : (
        <form id={formId} onSubmit={submit} noValidate>
          <Alert>{error}</Alert>
          {children}
        </form>
      )}
    </Dialog>
  );
}

/**
 * An `Idempotency-Key` per distinct request: a retry of the same request (after a lost answer)
 * reuses its key, so the server does the work once; a changed request gets a new key.
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (variables: unknown, previousError?: unknown) => {
    const body = JSON.stringify(variables);
    const retryable =
      !isVitrineError(previousError) || previousError.status === undefined || previousError.status >= 500;
    if (last.current?.body === body && retryable) return last.current.key;
    last.current = { body, key: newIdempotencyKey() };
    return last.current.key;
  };
}

/** A value as it was when the dialog opened. */
export function useSnapshot<T>(value: T): T {
  const [snapshot] = useState(value);
  return snapshot;
}
