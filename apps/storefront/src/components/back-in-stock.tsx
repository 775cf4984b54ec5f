/**
 * "Notify me when it's back" on a sold-out product, or a sold-out choice of one: an e-mail field
 * (a member's login e-mail filled in), then a confirmation naming the address. A chunk of its own
 * (product.tsx): the server renders it for a product sold out as a whole (prefetch-reviews.ts
 * preloads it), the browser hydrates it when its code arrives, and loads it when a shopper picks a
 * sold-out choice.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { NewBackInStockRequest, Product, Variant } from '@vitrine/sdk';
import { backInStockMutations, memberQueries } from '@vitrine/sdk/react';
import { Alert, Button, Field } from '@vitrine/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useEnv, useLoggedIn } from '../env.tsx';
import { describeError } from '../errors.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BAD_EMAIL = 'Enter your e-mail address, like name@example.com.';

const MESSAGES: Record<string, string> = {
  TOO_MANY_REQUESTS:
    'You have asked to be notified about many items in a short time. Please try again in an hour.',
  PRODUCT_NOT_FOUND: 'This product is no longer sold.',
  INVALID_CATALOG_REFERENCE_OPTIONS: 'This choice is no longer sold. Please choose another.',
};

/** A sentence for a failed request (duck-typed: the SDK's error class is not imported). */
function failureOf(e: unknown): string {
  const err = e as { status?: number; details?: { applicationError?: { code?: unknown } } } | null;
  const code = String(
    err?.details?.applicationError?.code ?? (err?.status === 429 ? 'TOO_MANY_REQUESTS' : ''),
  );
  return MESSAGES[code] ?? describeError(e);
}

/** Does the server refuse the e-mail address itself (a field violation on `request.email`)? */
const badEmail = (e: unknown) =>
  (
    e as { details?: { validationError?: { fieldViolations?: { field: string }[] } } } | null
  )?.details?.validationError?.fieldViolations?.some((v) => /(^|\.)email$/.test(v.field)) ?? false;

/** The address typed last on this page load: another sold-out choice's form starts with it. */
let lastTyped: string | undefined;

export function BackInStock({ product, variant }: { product: Product; variant: Variant | undefined }) {
  const { http, origin } = useEnv();
  const loggedIn = useLoggedIn();
  const member = useQuery({ ...memberQueries.me(http), enabled: loggedIn });
  const request = useMutation(backInStockMutations.request(http));
  const id = useId();
  const thanks = useRef<HTMLParagraphElement>(null);
  // What the shopper typed (kept for another sold-out choice); until then, a member's login e-mail.
  const [typed, setTyped] = useState(lastTyped);
  const email = typed ?? member.data?.loginEmail ?? '';
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const choice = (variant?.choices ?? [])
    .map((c) => c.optionChoiceNames?.choiceName)
    .filter(Boolean)
    .join(', ');

  // Sending moves focus to the confirmation (the button that had it is gone).
  useEffect(() => {
    if (request.isSuccess) thanks.current?.focus();
  }, [request.isSuccess]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (request.isPending) return;
    setFailure(undefined);
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setFieldError(BAD_EMAIL);
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setFieldError(undefined);
    const image = product.media?.main?.image?.url ?? product.media?.main?.url;
    const price = variant?.price?.actualPrice?.amount ?? product.actualPriceRange?.minValue?.amount;
    const v: NewBackInStockRequest = {
      productId: product.id,
      ...(variant ? { variantId: variant.id } : {}),
      email: address,
      itemUrl: `${origin}/product-page/${encodeURIComponent(product.slug ?? '')}`,
      itemDetails: {
        name: (choice ? `${product.name} (${choice})` : product.name).slice(0, 200),
        ...(price ? { price } : {}),
        ...(image ? { imageUrl: new URL(image, origin).href } : {}),
      },
    };
    request.mutate(v, {
      onError: (err) => {
        if (badEmail(err)) {
          setFieldError(BAD_EMAIL);
          document.getElementById(`${id}-email`)?.focus();
        } else setFailure(failureOf(err));
      },
    });
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-slot="back-in-stock"
      className="mt-6 rounded-xl border border-stone-300 bg-stone-50 p-4"
    >
      <h2 id={`${id}-heading`} className="font-semibold">
        Notify me when it&rsquo;s back
      </h2>
      {request.isSuccess ? (
        <p
          ref={thanks}
          tabIndex={-1}
          role="status"
          className="mt-2 rounded-lg border border-emerald-800/30 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          We&rsquo;ll e-mail you at <strong>{request.variables.email}</strong> when it&rsquo;s back.
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="mt-1">
          <p className="mb-3 text-sm text-stone-700">
            {choice ? `This choice (${choice}) is` : 'This item is'} sold out for now. Leave your e-mail
            address and we&rsquo;ll write to you once it&rsquo;s back in stock.
          </p>
          <Alert>{failure}</Alert>
          <Field
            id={`${id}-email`}
            label="E-mail"
            type="email"
            name="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => {
              lastTyped = e.target.value;
              setTyped(lastTyped);
              setFieldError(undefined);
            }}
            error={fieldError}
            announceError
            className="mb-0"
            action={
              <Button type="submit" busy={request.isPending} className="shrink-0">
                Notify me
              </Button>
            }
          />
        </form>
      )}
    </section>
  );
}
