/** One review in the moderation list: its stars, words, author, product, status, the store's reply, and what can be done. */
import type { WireReview } from '@vitrine/contract';
import type { ModerationTarget } from '@vitrine/sdk';
import { Badge, Button, buttonClass, linkClass, type BadgeTone } from '@vitrine/ui';
import { useId } from 'react';
import { Link } from 'react-router';
import { OPENED_HERE } from '../../kit/dialogs.ts';
import { dateTime, plural } from '../../kit/format.ts';
import { Stars } from './stars.tsx';

export const moderationLabels: Record<WireReview['moderation']['moderationStatus'], [string, BadgeTone]> = {
  UNKNOWN: ['Unknown', 'neutral'],
  SUBMITTED: ['Waiting for moderation', 'warning'],
  IN_MODERATION: ['Waiting for moderation', 'warning'],
  APPROVED: ['Published', 'success'],
  REJECTED: ['Rejected', 'danger'],
};

export function ReviewCard({
  review: r,
  productName,
  productHref,
  replyHref,
  selected,
  onSelect,
  onModerate,
  busy,
}: {
  review: WireReview;
  productName: string;
  /** The list filtered to this product. */
  productHref: string;
  replyHref: string;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onModerate: (status: ModerationTarget) => void;
  busy: boolean;
}) {
  const heading = useId();
  const status = r.moderation.moderationStatus;
  const waiting = status === 'IN_MODERATION' || status === 'SUBMITTED';
  const author = r.author.authorName || 'Anonymous';
  const [label, tone] = moderationLabels[status];
  return (
    <article
      aria-labelledby={heading}
      className="rounded-2xl border border-line bg-surface p-4 wrap-anywhere"
    >
      <div className="flex items-start gap-3">
        <label className="mt-0.5 inline-flex min-h-11 min-w-11 cursor-pointer items-start justify-center pointer-fine:min-h-0 pointer-fine:min-w-0">
          <input
            type="checkbox"
            className="size-4 accent-accent"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
          />
          <span className="sr-only">Select the review by {author}</span>
        </label>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <Stars rating={r.content.rating} />
            <h2 id={heading} className="min-w-0 font-semibold">
              {r.content.title || `${r.content.rating}-star review`}{' '}
              <span className="sr-only">by {author}</span>
            </h2>
            <Badge tone={tone}>{label}</Badge>
            {r.verified && <Badge tone="info">Verified buyer</Badge>}
          </div>
          <p className="mt-1 text-sm text-muted">
            {author} · {dateTime(r.createdDate)} ·{' '}
            <Link to={productHref} className={linkClass}>
              {productName}
            </Link>
          </p>
          {r.content.body && <p className="mt-2 whitespace-pre-line">{r.content.body}</p>}
          {r.content.media.length > 0 && (
            <ul aria-label="Photos and videos" className="mt-2 flex flex-wrap gap-2">
              {r.content.media.map((m, i) =>
                m.image ? (
                  <li key={i}>
                    <a
                      href={m.image.url}
                      target="_blank"
                      rel="noreferrer"
                      className="block size-16 overflow-hidden rounded-lg border border-line"
                    >
                      <img
                        src={m.image.url}
                        alt={`Photo ${i + 1} of the review by ${author}`}
                        className="size-full object-cover"
                        loading="lazy"
                      />
                    </a>
                  </li>
                ) : (
                  <li key={i} className="text-sm">
                    <a href={m.video?.url} className={linkClass} target="_blank" rel="noreferrer">
                      Video {i + 1}
                    </a>
                  </li>
                ),
              )}
            </ul>
          )}
          {r.reply && (
            <div className="mt-3 rounded-lg border-l-4 border-accent bg-hover px-3 py-2">
              <p className="text-sm font-semibold">Your reply</p>
              <p className="mt-1 text-sm whitespace-pre-line">{r.reply.message}</p>
            </div>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {status !== 'APPROVED' && (
              <Button
                size="sm"
                busy={busy}
                onClick={() => onModerate('APPROVED')}
                aria-label={`Approve the review by ${author}`}
              >
                Approve
              </Button>
            )}
            {status !== 'REJECTED' && (
              <Button
                size="sm"
                variant="secondary"
                busy={busy}
                onClick={() => onModerate('REJECTED')}
                aria-label={`Reject the review by ${author}`}
              >
                Reject
              </Button>
            )}
            {!waiting && (
              <Button
                size="sm"
                variant="ghost"
                busy={busy}
                onClick={() => onModerate('UNKNOWN_MODERATION_STATUS')}
                aria-label={`Back to the queue: the review by ${author}`}
              >
                Back to the queue
              </Button>
            )}
            <Link
              to={replyHref}
              state={OPENED_HERE}
              preventScrollReset
              className={buttonClass('secondary', 'sm')}
              aria-label={`${r.reply ? 'Edit reply to' : 'Reply to'} the review by ${author}`}
            >
              {r.reply ? 'Edit reply' : 'Reply'}
            </Link>
          </div>
          {r.publishCount > 1 && (
            <p className="mt-2 text-xs text-muted">Published {plural(r.publishCount, 'time')}.</p>
          )}
        </div>
      </div>
    </article>
  );
}
