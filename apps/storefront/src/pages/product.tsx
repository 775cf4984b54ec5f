import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { cartCalls, type Product, type Variant } from '@vitrine/sdk';
import { catalogQueries } from '@vitrine/sdk/react';
import { cartChanged } from '../cart.ts';
import { Suspense, useId, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { preloadCartDrawer, useCartDrawer } from '../components/cart-drawer.tsx';
import {
  Alert,
  Button,
  ChoiceGroup,
  choiceClass,
  controlClass,
  linkClass,
  PageHeading,
  Price,
} from '@vitrine/ui';
import { useTitle } from '../use-title.ts';
import { useEnv } from '../env.tsx';
import { describeError } from '../errors.ts';
import { lazyPage } from '../lazy-page.tsx';

/**
 * The reviews (summary, list, the write form) are a chunk of their own, below the fold: the server
 * renders them (prefetch-reviews.ts preloads it), the browser hydrates them once it has loaded.
 */
export const ProductReviews = lazyPage(
  () => import('../components/reviews/reviews-section.tsx'),
  (m) => m.ReviewsSection,
);
/** "You may also like": a chunk read in the browser only (the server renders nothing for it). */
export const ProductRecommendations = lazyPage(
  () => import('../components/recommendations.tsx'),
  (m) => m.RelatedProducts,
);
/** "Notify me when it's back": a chunk, server-rendered for a product sold out as a whole. */
export const BackInStock = lazyPage(
  () => import('../components/back-in-stock.tsx'),
  (m) => m.BackInStock,
);

type Selection = Record<string, string>; // optionId → choiceId

const visibleVariants = (p: Product) => (p.variantsInfo?.variants ?? []).filter((v) => v.visible !== false);
const matches = (v: Variant, sel: Selection) =>
  Object.entries(sel).every(([optionId, choiceId]) =>
    v.choices.some((c) => c.optionChoiceIds.optionId === optionId && c.optionChoiceIds.choiceId === choiceId),
  );
const inStock = (v: Variant) => v.inventoryStatus?.inStock !== false;

/**
 * The choices of the variant a link names (`?variant=`, e.g. a back-in-stock e-mail's), else the first
 * in-stock variant's (or the first variant's), so one click buys.
 */
function initialSelection(p: Product, wanted: string | null): Selection {
  const variants = visibleVariants(p);
  const v = variants.find((x) => x.id === wanted) ?? variants.find(inStock) ?? variants[0];
  return Object.fromEntries(
    (v?.choices ?? []).map((c) => [c.optionChoiceIds.optionId, c.optionChoiceIds.choiceId]),
  );
}

export function ProductPage() {
  const { slug = '' } = useParams();
  const { http } = useEnv();
  const { data: product } = useSuspenseQuery(catalogQueries.bySlug(http, slug));
  useTitle(product?.name ?? 'Product not found');
  if (!product) {
    return (
      <>
        <PageHeading>Product not found</PageHeading>
        <p className="mb-4">This product does not exist or is no longer sold.</p>
        <Link to="/shop" className={linkClass}>
          See all products
        </Link>
      </>
    );
  }
  return (
    <>
      <ProductDetails key={product.id} product={product} />
      <Suspense>
        <ProductReviews key={product.id} product={product} />
      </Suspense>
      <Suspense>
        <ProductRecommendations key={product.id} productIds={[product.id]} />
      </Suspense>
    </>
  );
}

function Gallery({ product }: { product: Product }) {
  const items = product.media?.itemsInfo?.items?.length
    ? product.media.itemsInfo.items
    : product.media?.main
      ? [product.media.main]
      : [];
  const [index, setIndex] = useState(0);
  const current = items[index];
  const url = current?.image?.url ?? current?.url;
  return (
    <section aria-label="Product images">
      <div className="aspect-square overflow-hidden rounded-2xl bg-stone-100">
        {url && (
          <img
            src={url}
            alt={current?.altText || product.name}
            width={800}
            height={800}
            fetchPriority="high"
            decoding="async"
            className="h-full w-full object-cover"
          />
        )}
      </div>
      {items.length > 1 && (
        <ul className="mt-3 flex gap-2">
          {items.map((m, i) => (
            <li key={m.id ?? i}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={`Show image ${i + 1} of ${items.length}`}
                className="block h-16 w-16 overflow-hidden rounded-lg border-2 border-transparent aria-pressed:border-indigo-700"
              >
                <img
                  src={m.image?.url ?? m.url}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const { http } = useEnv();
  const queryClient = useQueryClient();
  const drawer = useCartDrawer();
  const quantityId = useId();
  const options = useMemo(
    () => (product.options ?? []).filter((o) => o.choicesSettings?.choices.length),
    [product.options],
  );
  const variants = useMemo(() => visibleVariants(product), [product]);
  const [search] = useSearchParams();
  const [selection, setSelection] = useState<Selection>(() =>
    initialSelection(product, search.get('variant')),
  );
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [added, setAdded] = useState<string>();

  const complete = options.every((o) => selection[o.id]);
  const variant = complete ? variants.find((v) => matches(v, selection)) : undefined;
  const available = variant ? inStock(variant) : false;
  const soldOut = product.inventory?.availabilityStatus === 'OUT_OF_STOCK' || (complete && !available);
  const price = variant?.price?.actualPrice ?? product.actualPriceRange?.minValue;
  const compareAt = variant ? variant.price?.compareAtPrice : product.compareAtPriceRange?.minValue;
  const ranged =
    !variant && product.actualPriceRange?.minValue?.amount !== product.actualPriceRange?.maxValue?.amount;

  /** Is there an in-stock variant with this choice and the other options as chosen? */
  const choiceAvailable = (optionId: string, choiceId: string) =>
    variants.some((v) => inStock(v) && matches(v, { ...selection, [optionId]: choiceId }));

  async function addToCart() {
    if (!variant) return;
    setBusy(true);
    setError(undefined);
    setAdded(undefined);
    try {
      const cart = await cartCalls.add(http, [{ productId: product.id, variantId: variant.id, quantity }]);
      cartChanged(queryClient, http, cart);
      setAdded(`${product.name} was added to your cart.`);
      drawer.open();
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-8 md:grid-cols-2">
      <Gallery product={product} />
      <div>
        <nav aria-label="Breadcrumb" className="mb-2 text-sm text-stone-700">
          <Link to="/shop" className="underline">
            Shop
          </Link>{' '}
          / <span aria-current="page">{product.name}</span>
        </nav>
        {product.ribbon?.name && (
          <p className="mb-2 inline-block rounded-full bg-stone-900 px-2 py-0.5 text-xs font-semibold text-white">
            {product.ribbon.name}
          </p>
        )}
        <PageHeading>{product.name}</PageHeading>
        {product.brand?.name && <p className="-mt-4 mb-4 text-stone-700">by {product.brand.name}</p>}
        <p className="mb-6 text-xl">
          {ranged ? (
            <span className="font-semibold">From {product.actualPriceRange?.minValue?.formattedAmount}</span>
          ) : (
            <Price price={price} compareAt={compareAt} />
          )}
        </p>
        {options.map((o) => (
          <ChoiceGroup
            key={o.id}
            className="mb-5"
            legend={
              <>
                {o.name}
                {selection[o.id] && (
                  <span className="font-normal">
                    : {o.choicesSettings?.choices.find((c) => c.choiceId === selection[o.id])?.name}
                  </span>
                )}
              </>
            }
          >
            <div className="flex flex-wrap gap-2">
              {o.choicesSettings?.choices
                .filter((c) => c.visible !== false)
                .map((c) => {
                  const ok = choiceAvailable(o.id, c.choiceId);
                  return (
                    <label key={c.choiceId} className={`${choiceClass} inline-flex items-center gap-2 px-3`}>
                      <input
                        type="radio"
                        className="sr-only"
                        name={`option-${o.id}`}
                        value={c.choiceId}
                        checked={selection[o.id] === c.choiceId}
                        onChange={() => {
                          setSelection((s) => ({ ...s, [o.id]: c.choiceId }));
                          setAdded(undefined);
                          setError(undefined);
                        }}
                      />
                      {c.colorCode && (
                        <span
                          aria-hidden="true"
                          className="h-5 w-5 rounded-full border border-stone-400"
                          style={{ background: c.colorCode }}
                        />
                      )}
                      <span className={ok ? '' : 'text-stone-600 line-through'}>{c.name}</span>
                      {!ok && <span className="sr-only"> (sold out)</span>}
                    </label>
                  );
                })}
            </div>
          </ChoiceGroup>
        ))}
        {soldOut ? (
          <>
            <p role="status" className="mb-4 font-semibold text-red-800">
              Out of stock
            </p>
            <Button disabled className="w-full sm:w-auto">
              Add to cart
            </Button>
            <Suspense>
              <BackInStock key={variant?.id} product={product} variant={variant} />
            </Suspense>
          </>
        ) : (
          <>
            <div className="mb-4 flex items-end gap-3">
              {/* The kit's control and choice classes, not Field and Choice: this page's first chunk has no room for them. */}
              <div className="w-24">
                <label htmlFor={quantityId} className="mb-1 block text-sm font-medium">
                  Quantity
                </label>
                <input
                  id={quantityId}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={99}
                  value={quantity}
                  onChange={(e) =>
                    setQuantity(Math.min(99, Math.max(1, Math.floor(Number(e.target.value) || 1))))
                  }
                  className={controlClass}
                />
              </div>
              <Button
                onClick={addToCart}
                onPointerEnter={preloadCartDrawer}
                onFocus={preloadCartDrawer}
                busy={busy}
                disabled={!variant}
                className="flex-1 sm:flex-none"
              >
                Add to cart
              </Button>
            </div>
            {!complete && (
              <p className="mb-4 text-sm text-stone-700">
                Choose{' '}
                {options
                  .filter((o) => !selection[o.id])
                  .map((o) => o.name.toLowerCase())
                  .join(' and ')}{' '}
                first.
              </p>
            )}
          </>
        )}
        <Alert>{error}</Alert>
        <Alert variant="success">{added}</Alert>
        {product.plainDescription && (
          <section aria-labelledby="description-heading" className="mt-8">
            <h2 id="description-heading" className="mb-2 text-lg font-semibold">
              Description
            </h2>
            <p className="text-stone-800">{product.plainDescription}</p>
          </section>
        )}
      </div>
    </div>
  );
}
