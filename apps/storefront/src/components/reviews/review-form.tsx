/**
 * "Write a review" on the product page: stars, title, text; a visitor adds name and e-mail, a
 * member may add photos. With `editing`, the shopper's own review: its stars, title and text
 * change, its photos stay. A chunk of its own (reviews-section.tsx loads it when asked for). After
 * sending, the form gives way to a confirmation that says whether the review is published or
 * waits for the store.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { publicName, type Product, type WireReview } from '@vitrine/sdk';
import { memberQueries, reviewMutations } from '@vitrine/sdk/react';
import { Alert, Button, Field, linkClass } from '@vitrine/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useEnv, useLoggedIn } from '../../env.tsx';
import { fieldErrors, reviewError } from './errors.ts';
import { LIMITS } from './limits.ts';
import { PhotoUploads, usePhotoUploads } from './photo-uploads.tsx';
import { StarInput } from './star-input.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Errors = Partial<Record<'rating' | 'title' | 'body' | 'name' | 'email', string>>;

export function ReviewForm({
  product,
  editing,
  onClose,
}: {
  product: Product;
  editing?: WireReview | undefined;
  onClose: () => void;
}) {
  const { http } = useEnv();
  const member = useLoggedIn();
  const { pathname } = useLocation();
  const create = useMutation(reviewMutations.create(http));
  const update = useMutation(reviewMutations.update(http));
  const sending = create.isPending || update.isPending;
  const photos = usePhotoUploads(http);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const thanks = useRef<HTMLDivElement>(null);
  const [rating, setRating] = useState(editing?.content.rating ?? 0);
  const [title, setTitle] = useState(editing?.content.title ?? '');
  const [body, setBody] = useState(editing?.content.body ?? '');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<WireReview>();

  // Opening the form moves focus to its heading; sending it, to the confirmation.
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (done) thanks.current?.focus();
  }, [done]);

  if (done) {
    const published = done.moderation.moderationStatus === 'APPROVED';
    return (
      <div
        ref={thanks}
        tabIndex={-1}
        role="status"
        className="rounded-lg border border-emerald-800/30 bg-emerald-50 px-4 py-3 text-emerald-900"
      >
        <p className="font-semibold">
          {editing
            ? published
              ? 'Your changes are saved and published.'
              : 'Your changes are saved. They will appear once the store approves them.'
            : published
              ? 'Thanks! Your review is published.'
              : 'Thanks! Your review will appear once the store approves it.'}
        </p>
      </div>
    );
  }

  const check = (): Errors => {
    const e: Errors = {};
    if (!rating) e.rating = 'Choose a rating from 1 to 5 stars.';
    if (!member && !editing && !name.trim()) e.name = 'Please enter your name.';
    if (!member && !editing && !EMAIL.test(email.trim()))
      e.email = 'Please enter your e-mail address, like name@example.com.';
    return e;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setFailure(undefined);
    const found = check();
    setErrors(found);
    const first = (['rating', 'name', 'email'] as const).find((k) => found[k]);
    if (first) {
      const el = document.querySelector<HTMLElement>(
        first === 'rating' ? `#${CSS.escape(id)} input[type=radio]` : `#${CSS.escape(`${id}-${first}`)}`,
      );
      el?.focus();
      return;
    }
    if (photos.busy) {
      setFailure('Please wait until your photos have finished uploading.');
      return;
    }
    const failed = (err: unknown) => {
      const fields = fieldErrors(err);
      setErrors(fields);
      setFailure(Object.keys(fields).length ? 'Please check the fields marked below.' : reviewError(err));
    };
    if (editing) {
      update.mutate(
        {
          id: editing.id,
          revision: editing.revision,
          content: { rating, title: title.trim(), body: body.trim() },
        },
        { onSuccess: setDone, onError: failed },
      );
      return;
    }
    create.mutate(
      {
        entityId: product.id,
        content: {
          rating,
          ...(title.trim() ? { title: title.trim() } : {}),
          ...(body.trim() ? { body: body.trim() } : {}),
          ...(photos.fileIds.length
            ? { media: photos.fileIds.map((fileId) => ({ image: { id: fileId } })) }
            : {}),
        },
        ...(member ? {} : { name: name.trim(), email: email.trim() }),
      },
      { onSuccess: setDone, onError: failed },
    );
  };

  return (
    <form
      id={id}
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-heading`}
      className="max-w-xl rounded-xl border border-stone-200 bg-white p-4"
    >
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1} className="mb-3 text-lg font-semibold">
        {editing ? 'Edit your review' : 'Write a review'}
      </h3>
      <Alert>{failure}</Alert>
      <StarInput
        value={rating}
        onChange={(n) => {
          setRating(n);
          setErrors((e) => ({ ...e, rating: undefined }));
        }}
        error={errors.rating}
      />
      <Field
        id={`${id}-title`}
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
          rows={5}
          maxLength={LIMITS.body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${id}-body-hint${errors.body ? ` ${id}-body-error` : ''}`}
          className="ui-control"
        />
        <p id={`${id}-body-hint`} className="mt-1 text-sm text-stone-700">
          What did you like or dislike?{' '}
          {body.length > LIMITS.body - 300 && `${LIMITS.body - body.length} characters left.`}
        </p>
        {errors.body && (
          <p id={`${id}-body-error`} className="mt-1 text-sm text-red-700">
            {errors.body}
          </p>
        )}
      </div>
      {editing ? (
        editing.content.media.length > 0 && (
          <p className="mb-4 text-sm text-stone-700">Your photos stay as they are.</p>
        )
      ) : member ? (
        <>
          <PhotoUploads photos={photos} />
          <ShownAs />
        </>
      ) : (
        <>
          <Field
            id={`${id}-name`}
            label="Your name"
            autoComplete="name"
            required
            value={name}
            maxLength={LIMITS.name}
            onChange={(e) => setName(e.target.value)}
            hint="Shown with your review."
            error={errors.name}
          />
          <Field
            id={`${id}-email`}
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            hint="Never shown. It tells the store whether you bought this product."
            error={errors.email}
          />
          <p className="mb-4 text-sm text-stone-700">
            <Link to={`/login?returnTo=${encodeURIComponent(pathname)}`} className={linkClass}>
              Sign in
            </Link>{' '}
            to add photos to your review.
          </p>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={sending}>
          {editing ? 'Save changes' : 'Submit review'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The name a member's new review will show, and where they change it. */
function ShownAs() {
  const { http } = useEnv();
  const me = useQuery(memberQueries.me(http));
  if (!me.data) return null;
  return (
    <p className="mb-4 text-sm text-stone-700">
      Shown as <strong>{publicName(me.data) ?? 'Member'}</strong>.{' '}
      <Link to="/account" className={linkClass}>
        Change the name
      </Link>
    </p>
  );
}
