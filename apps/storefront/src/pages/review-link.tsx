/**
 * `/review?token=…`: the link of a review-request e-mail. Opens the link (no sign-in), shows the
 * order's products each with stars, title and text, and sends each review on its own; items
 * already reviewed say so. An expired or unknown link says that clearly.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReviewLink } from '@vitrine/sdk';
import { reviewMutations, reviewQueries } from '@vitrine/sdk/react';
import { Alert, Button, Field, linkClass, Loading, PageHeading } from '@vitrine/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BAD_LINK, fieldErrors, linkError } from '../components/reviews/errors.ts';
import { LIMITS } from '../components/reviews/limits.ts';
import { StarInput } from '../components/reviews/star-input.tsx';
import { useEnv } from '../env.tsx';
import { useTitle } from '../use-title.ts';

export function ReviewLinkPage() {
  useTitle('Review your order');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { http } = useEnv();
  const link = useQuery({ ...reviewQueries.link(http, token), enabled: token.length >= 10 });

  if (token.length < 10 || link.isError)
    return (
      <>
        <PageHeading>Review your order</PageHeading>
        <Alert>{link.isError ? linkError(link.error) : BAD_LINK}</Alert>
        <p className="mb-4">
          Review links are valid for 60 days. You can still review a product you bought from its page in the
          shop.
        </p>
        <Link to="/shop" className={linkClass}>
          Go to the shop
        </Link>
      </>
    );
  if (link.isPending) return <Loading label="Opening your review link…" />;
  const items = link.data.items;
  const left = items.filter((i) => !i.reviewId).length;
  return (
    <>
      <PageHeading>Review your order</PageHeading>
      <p className="mb-6 text-stone-800">
        {link.data.authorName
          ? // A name may end with its own full stop ("Ada L.").
            `Thank you for your order, ${link.data.authorName.replace(/\.$/, '')}. `
          : 'Thank you for your order. '}
        {left === 0
          ? 'You have reviewed every product of it.'
          : `How do you like ${items.length === 1 ? 'it' : 'what you bought'}? Your reviews are marked as verified purchases.`}
      </p>
      <ul className="space-y-6">
        {items.map((item) => (
          <LinkItem key={item.catalogItemId} token={token} item={item} />
        ))}
      </ul>
    </>
  );
}

function LinkItem({ token, item }: { token: string; item: ReviewLink['items'][number] }) {
  const { http } = useEnv();
  const id = useId();
  const submit = useMutation(reviewMutations.submitLink(http));
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const thanks = useRef<HTMLParagraphElement>(null);
  const reviewed = Boolean(item.reviewId);
  const justSent = submit.isSuccess;
  useEffect(() => {
    if (justSent) thanks.current?.focus();
  }, [justSent]);

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending) return;
    setFailure(undefined);
    if (!rating) {
      setErrors({ rating: 'Choose a rating from 1 to 5 stars.' });
      document.querySelector<HTMLElement>(`#${CSS.escape(id)} input[type=radio]`)?.focus();
      return;
    }
    setErrors({});
    submit.mutate(
      {
        token,
        catalogItemId: item.catalogItemId,
        content: {
          rating,
          ...(title.trim() ? { title: title.trim() } : {}),
          ...(body.trim() ? { body: body.trim() } : {}),
        },
      },
      {
        onError: (err) => {
          const fields = fieldErrors(err);
          setErrors(fields);
          setFailure(Object.keys(fields).length ? 'Please check the fields marked below.' : linkError(err));
        },
      },
    );
  };

  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4">
      <article aria-labelledby={`${id}-name`}>
        <div className="mb-3 flex items-center gap-3">
          {item.imageUrl && (
            <img
              src={item.imageUrl}
              alt=""
              width={64}
              height={64}
              className="size-16 shrink-0 rounded-lg bg-stone-100 object-cover"
            />
          )}
          <h2 id={`${id}-name`} className="text-lg font-semibold">
            {item.name}
          </h2>
        </div>
        {reviewed ? (
          <p
            ref={thanks}
            tabIndex={-1}
            role="status"
            className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
          >
            {!justSent
              ? 'Already reviewed. Thank you!'
              : submit.data?.moderation.moderationStatus === 'APPROVED'
                ? 'Thanks! Your review is published.'
                : 'Thanks! Your review will appear once the store approves it.'}
          </p>
        ) : (
          <form id={id} noValidate onSubmit={send} aria-label={`Review ${item.name}`}>
            <Alert>{failure}</Alert>
            <StarInput
              value={rating}
              onChange={(n) => {
                setRating(n);
                setErrors((e) => ({ ...e, rating: '' }));
              }}
              error={errors.rating}
            />
            <Field
              label="Title (optional)"
              value={title}
              maxLength={LIMITS.title}
              onChange={(e) => setTitle(e.target.value)}
              error={errors.title}
            />
            <div className="mb-4">
              <label htmlFor={`${id}-body`} className="mb-1 block text-sm font-medium">
                Your review (optional)
              </label>
              <textarea
                id={`${id}-body`}
                value={body}
                rows={4}
                maxLength={LIMITS.body}
                onChange={(e) => setBody(e.target.value)}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={errors.body ? `${id}-body-error` : undefined}
                className="ui-control"
              />
              {errors.body && (
                <p id={`${id}-body-error`} className="mt-1 text-sm text-red-700">
                  {errors.body}
                </p>
              )}
            </div>
            <Button type="submit" busy={submit.isPending}>
              Submit review
            </Button>
          </form>
        )}
      </article>
    </li>
  );
}
