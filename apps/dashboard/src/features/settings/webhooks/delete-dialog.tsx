/** "Delete this webhook?": nothing more is sent, and its delivery log goes with it. */
import type { Webhook } from '@vitrine/contract';
import { ConfirmDialog } from '../../../kit/confirm.tsx';
import { shortUrl } from './describe.ts';

export function DeleteWebhookDialog({
  webhook,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  webhook: Webhook;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title="Delete this webhook?"
      description={`Nothing more is sent to ${shortUrl(webhook.url)}, and its delivery log is deleted with it.`}
      confirmLabel="Delete webhook"
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
