/**
 * The store's public reply to a review (shown under it in the shop): write, edit or remove it.
 * Saving is optimistic: the dialog closes and the list shows the reply at once; if the server
 * refuses, the list goes back and the page says why.
 */
import type { WireReview } from '@vitrine/contract';
import { Button, TextArea } from '@vitrine/ui';
import { useState } from 'react';
import { ActionDialog } from '../../app/action-dialog.tsx';

/** The server's bound on a reply (contract REVIEW_LIMITS.reply; not imported, to keep zod out of the page). */
const REPLY_MAX = 10000;

export function ReplyDialog({
  review,
  onClose,
  onSave,
}: {
  review: WireReview;
  onClose: () => void;
  /** The new message, or `null` to remove the reply. */
  onSave: (message: string | null) => void;
}) {
  const [problem, setProblem] = useState<string>();
  const author = review.author.authorName || 'Anonymous';
  return (
    <ActionDialog
      title={review.reply ? 'Edit your reply' : 'Reply to the review'}
      description={`Your reply is public: shoppers see it under ${author}'s review on the product page${review.moderation.moderationStatus === 'APPROVED' ? '' : ' once the review is published'}.`}
      onClose={onClose}
      submitLabel="Save reply"
      onSubmit={(f) => {
        const message = String(f.get('message') ?? '').trim();
        if (!message) return setProblem('Write the reply first, or remove it.');
        onSave(message);
      }}
    >
      <blockquote className="mb-4 border-l-4 border-line pl-3 text-sm text-muted wrap-anywhere">
        {review.content.title && <p className="font-medium">{review.content.title}</p>}
        <p className="line-clamp-4 whitespace-pre-line">
          {review.content.body || `${review.content.rating} stars`}
        </p>
      </blockquote>
      <TextArea
        label="Reply"
        name="message"
        rows={5}
        maxLength={REPLY_MAX}
        defaultValue={review.reply?.message ?? ''}
        error={problem}
        hint={`Up to ${REPLY_MAX.toLocaleString('en-US')} characters.`}
      />
      {review.reply && (
        <Button variant="ghost" size="sm" onClick={() => onSave(null)}>
          Remove the reply
        </Button>
      )}
    </ActionDialog>
  );
}
