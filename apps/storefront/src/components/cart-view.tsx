import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '@vitrine/sdk';
import { cartCalls, cartQueries, checkoutRedirect, type Cart, type LineItem } from '@vitrine/sdk/react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useEnv } from '../env.tsx';
import { describeError } from '../errors.ts';
import { Alert, Button, Loading, Price, Select } from './ui.tsx';

const COUNTRIES: [string, string][] = [
  ['US', 'United States'], ['CA', 'Canada'], ['GB', 'United Kingdom'], ['DE', 'Germany'], ['FR', 'France'],
  ['NL', 'Netherlands'], ['IT', 'Italy'], ['ES', 'Spain'], ['AU', 'Australia'], ['JP', 'Japan'],
];

function useCartChange() {
  const { http } = useEnv();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: (http: HttpClient) => Promise<Cart>) => change(http),
    onSuccess: (cart) => queryClient.setQueryData(cartQueries.current(http).queryKey, cart),
  });
}

function Line({ line, onError }: { line: LineItem; onError: (m: string | undefined) => void }) {
  const change = useCartChange();
  const qtyId = useId();
  const name = line.productName?.translated ?? line.productName?.original ?? 'Item';
  const options = (line.descriptionLines ?? []).map((d) => `${d.name?.original ?? ''}: ${d.plainText?.original ?? d.colorInfo?.original ?? ''}`).join(', ');
  const unavailable = line.availability?.status && line.availability.status !== 'AVAILABLE';
  const run = (fn: Parameters<typeof change.mutate>[0]) => {
    onError(undefined);
    change.mutate(fn, { onError: (e) => onError(describeError(e)) });
  };
  return (
    <li className="flex gap-3 border-b border-stone-200 py-4">
      {line.image?.url && <img src={line.image.url} alt="" width={80} height={80} loading="lazy" className="h-20 w-20 shrink-0 rounded-lg object-cover" />}
      <div className="min-w-0 flex-1">
        <p className="font-medium">{line.url?.relativePath ? <Link to={line.url.relativePath} className="underline-offset-2 hover:underline">{name}</Link> : name}</p>
        {options && <p className="text-sm text-stone-700">{options}</p>}
        <p className="text-sm"><Price price={line.price} compareAt={line.fullPrice} /></p>
        {unavailable && (
          <p className="text-sm font-medium text-red-800">
            {line.availability?.status === 'PARTIALLY_AVAILABLE' ? `Only ${line.availability.quantityAvailable ?? 0} left` : 'No longer available'}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <label htmlFor={qtyId} className="text-sm">Quantity</label>
          <select
            id={qtyId}
            value={line.quantity}
            disabled={change.isPending}
            onChange={(e) => { const quantity = Number(e.target.value); run((http) => cartCalls.setQuantity(http, line.id, quantity)); }}
            className="min-h-11 rounded-lg border border-stone-400 bg-white px-2"
          >
            {Array.from({ length: Math.max(10, line.quantity) }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
          <Button tone="ghost" disabled={change.isPending} onClick={() => run((http) => cartCalls.remove(http, [line.id]))} aria-label={`Remove ${name}`}>Remove</Button>
        </div>
      </div>
      <p className="shrink-0 font-semibold">{line.lineItemPrice?.formattedAmount}</p>
    </li>
  );
}

function Coupon({ cart }: { cart: Cart }) {
  const change = useCartChange();
  const [error, setError] = useState<string>();
  const coupon = cart.appliedDiscounts?.find((d) => d.coupon)?.coupon;
  if (coupon) {
    return (
      <div className="mb-4 flex items-center justify-between gap-2 text-sm">
        <span>Coupon <strong>{coupon.code}</strong> applied</span>
        <Button tone="ghost" busy={change.isPending} onClick={() => change.mutate((http) => cartCalls.removeCoupon(http), { onError: (e) => setError(describeError(e)) })}>Remove coupon</Button>
      </div>
    );
  }
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get('coupon') ?? '').trim();
    if (!code) { setError('Enter a coupon code.'); return; }
    setError(undefined);
    change.mutate((http) => cartCalls.applyCoupon(http, code), { onError: (err) => setError(describeError(err)) });
  };
  return (
    <form onSubmit={submit} className="mb-4" noValidate>
      <label htmlFor="coupon-code" className="mb-1 block text-sm font-medium">Coupon code</label>
      <div className="flex gap-2">
        <input id="coupon-code" name="coupon" autoComplete="off" aria-invalid={error ? true : undefined} aria-describedby={error ? 'coupon-error' : undefined} className="min-h-11 flex-1 rounded-lg border border-stone-400 bg-white px-3" />
        <Button type="submit" tone="secondary" busy={change.isPending}>Apply</Button>
      </div>
      {error && <p id="coupon-error" role="alert" className="mt-1 text-sm text-red-700">{error}</p>}
    </form>
  );
}

function Totals({ cart }: { cart: Cart }) {
  const { http } = useEnv();
  const [country, setCountry] = useState('US');
  const revision = `${cart.id}:${(cart as { revision?: string }).revision ?? ''}:${cart.lineItems.map((l) => `${l.id}x${l.quantity}`).join(',')}:${cart.appliedDiscounts?.length ?? 0}`;
  const estimate = useQuery(cartQueries.estimate(http, { country, cartRevision: revision }));
  const s = estimate.data?.priceSummary;
  const shippingError = estimate.data?.calculationErrors?.generalShippingCalculationError?.applicationError?.description;
  return (
    <section aria-labelledby="totals-heading" className="mb-4">
      <h3 id="totals-heading" className="sr-only">Estimated totals</h3>
      <Select label="Estimate shipping to" value={country} onChange={(e) => setCountry(e.target.value)} className="mb-3">
        {COUNTRIES.map(([code, name]) => <option key={code} value={code}>{name}</option>)}
      </Select>
      {estimate.isPending ? <Loading label="Calculating totals…" /> : estimate.isError ? <Alert>{describeError(estimate.error)}</Alert> : (
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm" aria-live="polite">
          <dt>Subtotal</dt><dd className="text-right">{s?.subtotal?.formattedAmount}</dd>
          {s?.discount && Number(s.discount.amount) > 0 && <><dt>Discount</dt><dd className="text-right">−{s.discount.formattedAmount}</dd></>}
          <dt>Shipping</dt><dd className="text-right">{shippingError ? 'Not available' : s?.shipping?.formattedAmount}</dd>
          <dt>Tax</dt><dd className="text-right">{s?.tax?.formattedAmount}</dd>
          <dt className="pt-2 text-base font-semibold">Estimated total</dt><dd className="pt-2 text-right text-base font-semibold">{s?.total?.formattedAmount}</dd>
        </dl>
      )}
      {shippingError && <p className="mt-2 text-sm text-red-800">{shippingError}</p>}
    </section>
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
      const session = await checkoutRedirect(http, checkoutId, { thankYouPageUrl: `${origin}/thank-you`, cartPageUrl: `${origin}/cart`, postFlowUrl: `${origin}/` });
      window.location.assign(session.fullUrl);
    } catch (e) {
      setError(describeError(e));
      setBusy(false);
    }
  }
  return (
    <>
      <Alert>{error}</Alert>
      {blocked && <p className="mb-2 text-sm text-red-800">Remove the items that are no longer available to check out.</p>}
      <Button onClick={go} busy={busy} disabled={blocked} className="w-full">Check out</Button>
    </>
  );
}

/** The cart's lines, coupon, estimated totals and checkout button: in the drawer and on /cart. */
export function CartView({ compact = false }: { compact?: boolean }) {
  const { http } = useEnv();
  const cart = useQuery(cartQueries.current(http));
  const [error, setError] = useState<string>();
  if (cart.isPending) return <Loading label="Loading your cart…" />;
  if (cart.isError) return <Alert>{describeError(cart.error)}</Alert>;
  if (!cart.data || cart.data.lineItems.length === 0) {
    return (
      <div className="py-6">
        <p className="mb-4">Your cart is empty.</p>
        <Link to="/shop" className="font-medium text-indigo-800 underline">Continue shopping</Link>
      </div>
    );
  }
  return (
    <div className={compact ? '' : 'grid gap-8 md:grid-cols-[2fr_1fr]'}>
      <div>
        <Alert>{error}</Alert>
        <ul aria-label="Items in your cart">
          {cart.data.lineItems.map((l) => <Line key={l.id} line={l} onError={setError} />)}
        </ul>
      </div>
      <div className={compact ? 'pt-4' : 'rounded-xl border border-stone-200 bg-white p-4 self-start'}>
        <Coupon cart={cart.data} />
        <Totals cart={cart.data} />
        <CheckoutButton cart={cart.data} />
        {compact && <p className="mt-3 text-center text-sm"><Link to="/cart" className="underline">View cart page</Link></p>}
      </div>
    </div>
  );
}
