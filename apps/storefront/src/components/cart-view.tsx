import { useQuery } from '@tanstack/react-query';
import {
  cartCalls,
  checkoutRedirect,
  needsShipping,
  type Cart,
  type EstimateTotals,
  type Money,
} from '@vitrine/sdk';
import { cartQueries, shippingQueries } from '@vitrine/sdk/react';
import { currentCart } from '../cart.ts';
import { sortedCountries } from '../countries.ts';
import { freeShipping, minorMoney, type FreeShipping } from '../free-shipping.ts';
import { Fragment, lazy, Suspense, useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useEnv, useHydrated } from '../env.tsx';
import { describeError } from '../errors.ts';
import {
  Alert,
  Button,
  Card,
  Field,
  formatMoney,
  linkClass,
  Loading,
  LoadingSkeleton,
  Select,
  Skeleton,
} from '@vitrine/ui';
import { CartLine, useCartChange } from './cart-line.tsx';

// "You may also like" for the cart's products: a chunk of its own, read once the cart is shown.
const RelatedProducts = lazy(() =>
  import('./recommendations.tsx').then((m) => ({ default: m.RelatedProducts })),
);

function Coupon({ cart }: { cart: Cart }) {
  const change = useCartChange();
  const [error, setError] = useState<string>();
  const coupon = cart.appliedDiscounts?.find((d) => d.coupon)?.coupon;
  if (coupon) {
    return (
      <div className="mb-4 flex items-center justify-between gap-2 text-sm">
        <span>
          Coupon <strong>{coupon.code}</strong> applied
        </span>
        <Button
          variant="link"
          size="sm"
          busy={change.isPending}
          onClick={() =>
            change.mutate((http) => cartCalls.removeCoupon(http), {
              onError: (e) => setError(describeError(e)),
            })
          }
        >
          Remove coupon
        </Button>
      </div>
    );
  }
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('coupon') ?? '').trim();
    if (!code) {
      setError('Enter a coupon code.');
      return;
    }
    setError(undefined);
    change.mutate((http) => cartCalls.applyCoupon(http, code), {
      onError: (err) => setError(describeError(err)),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label="Coupon code"
        name="coupon"
        autoComplete="off"
        error={error}
        announceError
        action={
          <Button type="submit" variant="secondary" busy={change.isPending}>
            Apply
          </Button>
        }
      />
    </form>
  );
}

/** The estimate's country: the one chosen, else the browser's region when the store ships there, else the first. */
function defaultCountry(codes: readonly string[]): string | undefined {
  const own = /-([A-Z]{2})\b/.exec(navigator.language)?.[1];
  return own && codes.includes(own) ? own : codes[0];
}

/**
 * The estimate's discounts by name (a coupon by its code, an automatic discount by the merchant's
 * name for it), then what other discounts took together; none when nothing was taken off.
 */
function discountRows(e: EstimateTotals | undefined): [string, string][] {
  const total = Number(e?.priceSummary.discount.amount ?? 0);
  if (!e || total <= 0) return [];
  const rows = e.appliedDiscounts.flatMap((d): [string, Money][] =>
    d.coupon
      ? [[`Coupon ${d.coupon.code}`, d.coupon.amount]]
      : d.discountRule
        ? [[d.discountRule.name.original, d.discountRule.amount]]
        : d.merchantDiscount
          ? [['Discount', d.merchantDiscount.amount]]
          : [],
  );
  const named = rows.map(([label, m]): [string, string] => [label, formatMoney(m)]);
  if (!named.length) return [['Discount', formatMoney(e.priceSummary.discount)]];
  const rest = total - rows.reduce((sum, [, m]) => sum + Number(m.amount), 0);
  return rest >= 0.005
    ? [...named, ['Other discounts', formatMoney({ amount: rest.toFixed(2) }, { currency: e.currency })]]
    : named;
}

function Totals({ cart }: { cart: Cart }) {
  const { http } = useEnv();
  const places = useQuery(shippingQueries.destinations(http));
  const countries = useMemo(() => sortedCountries(places.data?.destinations ?? []), [places.data]);
  const [chosen, setCountry] = useState<string>();
  const country = chosen ?? defaultCountry(countries.map((c) => c.code));
  const revision = `${cart.id}:${(cart as { revision?: string }).revision ?? ''}:${cart.lineItems.map((l) => `${l.id}x${l.quantity}`).join(',')}:${cart.appliedDiscounts?.length ?? 0}`;
  const estimate = useQuery({
    ...cartQueries.estimate(http, { country, cartRevision: revision }),
    enabled: places.isSuccess,
  });
  const s = estimate.data?.priceSummary;
  const selected = estimate.data?.shippingInfo?.selectedCarrierServiceOption;
  const place = countries.find((c) => c.code === country);
  // A cart of digital items, gift cards or services ships nothing: the country only places the tax.
  const ships = needsShipping(cart.lineItems);
  // Why nothing is selected: the country is only partly covered (the address decides), or not at all.
  const note = !ships
    ? undefined
    : !country
      ? 'Shipping is calculated at checkout.'
      : selected
        ? undefined
        : place?.partial
          ? `Shipping to ${place.name} depends on the address: it is calculated at checkout.`
          : `We do not ship to ${place?.name ?? country}.`;
  const threshold = places.data?.destinations.find((d) => d.country === country)?.freeShippingFrom;
  const free = ships && estimate.data ? freeShipping(cart.lineItems, estimate.data, threshold) : undefined;
  const shipping = !ships
    ? 'Not needed'
    : !country || place?.partial
      ? 'At checkout'
      : !selected
        ? 'Not available'
        : formatMoney(s?.shipping, { zero: 'Free' });
  return (
    <section aria-labelledby="totals-heading" className="mb-4">
      <h3 id="totals-heading" className="sr-only">
        Estimated totals
      </h3>
      {countries.length > 0 && (
        <Select
          label={ships ? 'Estimate shipping to' : 'Estimate tax for'}
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          className="mb-3"
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </Select>
      )}
      {places.isPending || estimate.isPending ? (
        <Loading label="Calculating totals…" />
      ) : places.isError || estimate.isError ? (
        <Alert>{describeError(places.error ?? estimate.error)}</Alert>
      ) : (
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm" aria-live="polite">
          <dt>Subtotal</dt>
          <dd className="text-right">{s?.subtotal?.formattedAmount}</dd>
          {discountRows(estimate.data).map(([label, amount]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd className="text-right">−{amount}</dd>
            </Fragment>
          ))}
          <dt>{selected?.title ? `Shipping (${selected.title})` : 'Shipping'}</dt>
          <dd className="text-right">{shipping}</dd>
          <dt>Tax</dt>
          <dd className="text-right">{s?.tax?.formattedAmount}</dd>
          <dt className="pt-2 text-base font-semibold">Estimated total</dt>
          <dd className="pt-2 text-right text-base font-semibold">{s?.total?.formattedAmount}</dd>
        </dl>
      )}
      {note && estimate.isSuccess && <p className="mt-2 text-sm text-stone-800">{note}</p>}
      <div aria-live="polite">
        {free && estimate.isSuccess && <FreeShippingHint free={free} currency={estimate.data.currency} />}
      </div>
    </section>
  );
}

/** "Add $12.50 more for free shipping", with how far the cart has come; or that it ships free. */
function FreeShippingHint({ free, currency }: { free: FreeShipping; currency: string }) {
  const id = useId();
  const reached = free.remainingMinor === 0;
  return (
    <div className="mt-3 rounded-lg bg-stone-100 p-3 text-sm">
      <p id={id}>
        {reached ? (
          <strong>Your order ships free.</strong>
        ) : (
          <>
            Add <strong>{minorMoney(free.remainingMinor, currency).formattedAmount}</strong> more for free
            shipping.
          </>
        )}
      </p>
      <progress
        max={free.thresholdMinor || 1}
        value={free.thresholdMinor - free.remainingMinor}
        aria-labelledby={id}
        className="mt-2 block h-2 w-full appearance-none overflow-hidden rounded-full bg-stone-200 [&::-moz-progress-bar]:bg-emerald-700 [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-emerald-700"
      />
    </div>
  );
}

function CheckoutButton({ cart }: { cart: Cart }) {
  const { http, origin } = useEnv();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const blocked = cart.lineItems.some((l) => l.availability?.status && l.availability.status !== 'AVAILABLE');
  async function go() {
    setBusy(true);
    setError(undefined);
    try {
      const checkoutId = await cartCalls.createCheckout(http);
      const session = await checkoutRedirect(http, checkoutId, {
        thankYouPageUrl: `${origin}/thank-you`,
        cartPageUrl: `${origin}/cart`,
        postFlowUrl: `${origin}/`,
      });
      window.location.assign(session.fullUrl);
    } catch (e) {
      setError(describeError(e));
      setBusy(false);
    }
  }
  return (
    <>
      <Alert>{error}</Alert>
      {blocked && (
        <p className="mb-2 text-sm text-red-800">
          Remove the items that are no longer available to check out.
        </p>
      )}
      <Button onClick={go} busy={busy} disabled={blocked} className="w-full">
        Check out
      </Button>
    </>
  );
}

/** The cart's lines, coupon, estimated totals and checkout button: in the drawer and on /cart. */
export function CartView({ compact = false }: { compact?: boolean }) {
  const { http } = useEnv();
  const cart = useQuery(currentCart(http));
  const [error, setError] = useState<string>();
  // The server renders the cart loading (it has no cart): so does hydration, whatever the header read.
  const hydrated = useHydrated();
  if (!hydrated || cart.isPending) {
    return (
      <LoadingSkeleton label="Loading your cart…" className="py-4">
        {[1, 2].map((n) => (
          <div key={n} className="flex gap-3">
            <Skeleton className="size-20" />
            <div className="flex-1 space-y-2">
              <Skeleton className="w-2/3" />
              <Skeleton className="w-1/3" />
            </div>
          </div>
        ))}
      </LoadingSkeleton>
    );
  }
  if (cart.isError) return <Alert>{describeError(cart.error)}</Alert>;
  if (!cart.data || cart.data.lineItems.length === 0) {
    return (
      <div className="py-6">
        <p className="mb-4">Your cart is empty.</p>
        <Link to="/shop" className={linkClass}>
          Continue shopping
        </Link>
      </div>
    );
  }
  const productIds = cart.data.lineItems.flatMap((l) => l.catalogReference?.catalogItemId ?? []);
  return (
    <>
      <div className={compact ? '' : 'grid gap-8 md:grid-cols-[2fr_1fr]'}>
        <div>
          <Alert>{error}</Alert>
          <ul aria-label="Items in your cart">
            {cart.data.lineItems.map((l) => (
              <CartLine key={l.id} line={l} onError={setError} />
            ))}
          </ul>
        </div>
        <Card className={compact ? 'mt-4' : 'self-start'}>
          <Coupon cart={cart.data} />
          <Totals cart={cart.data} />
          <CheckoutButton cart={cart.data} />
          {compact && (
            <p className="mt-3 text-center text-sm">
              <Link to="/cart" className="underline">
                View cart page
              </Link>
            </p>
          )}
        </Card>
      </div>
      <Suspense>
        <RelatedProducts productIds={productIds} compact={compact} />
      </Suspense>
    </>
  );
}
