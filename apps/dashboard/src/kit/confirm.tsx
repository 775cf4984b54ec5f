/** A question before something that cannot be undone (delete, revoke, block): Cancel or do it. */
import type { ReactNode } from 'react';
import { ActionDialog } from '../app/action-dialog.tsx';
import { errorMessage } from '../app/errors.ts';

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
  busy,
  error,
  variant = 'danger',
  unavailable,
  children,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  error?: unknown;
  variant?: 'primary' | 'danger';
  unavailable?: string;
  children?: ReactNode;
}) {
  return (
    <ActionDialog
      title={title}
      description={description}
      submitLabel={confirmLabel}
      variant={variant}
      busy={busy}
      error={errorMessage(error)}
      onClose={onClose}
      onSubmit={onConfirm}
      {...(unavailable ? { unavailable } : {})}
    >
      {children}
    </ActionDialog>
  );
}
