import { useState, type FormEvent } from 'react';
import { Alert } from '../components/ui.tsx';
import type { Checkout, CheckoutUpdate } from './api.ts';
import { describe } from './errors.ts';
import { Card, isZero, LineItem, money, optionsText, SecondaryButton, Totals } from './ui.tsx';

const lineNote = (status: string | undefined, available: number | undefined) => {
  if (status === 'NOT_AVAILABLE' || status === 'NOT_FOUND') return 'No longer available';
  if (status === 'PARTIALLY_AVAILABLE') return `Only ${available ?? 'a few'} left`;
  return undefined;
};

/** Lines and live totals of the checkout, with the coupon and gift card forms (while it can change). */
export function CheckoutSummary({ checkout, busy, locked, onUpdate, onRemove }: {
  checkout: Checkout; busy: boolean; locked: boolean;
  onUpdate: (u: CheckoutUpdate) => Promise<void>;
  onRemove: (what: 'coupon' | 'giftCard') => Promise<void>;
}) {
  const p = checkout.priceSummary ?? {};
  const coupon = checkout.appliedDiscounts?.find((d) => d.coupon)?.coupon;
  const rows: [string, string, boolean?][] = [['Subtotal', money(p.subtotal)]];
  for (const d of checkout.appliedDiscounts ?? []) {
    if (d.coupon) rows.push([`Coupon ${d.coupon.code ?? ''}`.trim(), `−${money(d.coupon.amount)}`, true]);
    else if (d.discountRule) rows.push([d.discountRule.name?.original ?? 'Discount', `−${money(d.discountRule.amount)}`, true]);
  }
  const selected = checkout.shippingInfo?.selectedCarrierServiceOption;
  rows.push(['Shipping', selected ? (isZero(p.shipping) ? 'Free' : money(p.shipping)) : 'Calculated next']);
  rows.push(['Tax', money(p.tax)]);
  if (p.additionalFees && !isZero(p.additionalFees)) rows.push(['Fees', money(p.additionalFees)]);
  if (checkout.giftCard) rows.push([`Gift card ${checkout.giftCard.obfuscatedCode ?? ''}`.trim(), `−${money(checkout.giftCard.amount)}`, true]);

  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold tracking-tight">Order summary</h2>
      <ul className="divide-y divide-stone-200 dark:divide-stone-800">
        {checkout.lineItems.map((l) => (
          <LineItem
            key={l.id} name={l.productName?.translated ?? l.productName?.original ?? 'Item'} image={l.media?.url}
            options={optionsText(l.descriptionLines)} quantity={l.quantity} price={money(l.lineItemPrice ?? l.price)}
            note={lineNote(l.availability?.status, l.availability?.quantityAvailable)}
          />
        ))}
      </ul>
      {!locked && (
        <div className="my-3 space-y-3">
          <CodeForm
            label="Coupon code" applied={coupon?.code} busy={busy}
            apply={(code) => onUpdate({ couponCode: code })} remove={() => onRemove('coupon')}
          />
          <CodeForm
            label="Gift card code" applied={checkout.giftCard?.obfuscatedCode} busy={busy}
            apply={(code) => onUpdate({ giftCardCode: code })} remove={() => onRemove('giftCard')}
          />
        </div>
      )}
      <div aria-live="polite" aria-busy={busy || undefined}>
        <Totals rows={rows} total={['Total', money(checkout.payNow?.total ?? p.total)]} />
        {busy && <p className="mt-2 text-xs text-stone-600 dark:text-stone-400" role="status">Updating totals…</p>}
      </div>
    </Card>
  );
}

/** A code field (coupon, gift card) with Apply, or the applied code with Remove; API refusals read as sentences. */
function CodeForm({ label, applied, busy, apply, remove }: {
  label: string; applied?: string; busy: boolean; apply: (code: string) => Promise<void>; remove: () => Promise<void>;
}) {
  const [error, setError] = useState<string>();
  const [working, setWorking] = useState(false);
  const inputId = `code-${label.replace(/\W+/g, '-').toLowerCase()}`;

  async function run(fn: () => Promise<void>) {
    setWorking(true);
    setError(undefined);
    try {
      await fn();
    } catch (e) {
      const d = describe(e);
      setError(d.fields.couponCode ?? d.fields.giftCardCode ?? d.message);
    } finally {
      setWorking(false);
    }
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const code = String(new FormData(form).get('code') ?? '').trim();
    if (!code) { setError(`Enter a ${label.toLowerCase()}.`); return; }
    void run(async () => { await apply(code); form.reset(); });
  }

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-lg bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800">
        <span>{label.replace(' code', '')}: <strong>{applied}</strong></span>
        <SecondaryButton onClick={() => void run(remove)} disabled={busy || working} aria-label={`Remove ${label.replace(' code', '').toLowerCase()} ${applied}`}>Remove</SecondaryButton>
        {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">{label}</label>
      <div className="flex gap-2">
        <input
          id={inputId} name="code" autoComplete="off" maxLength={100} aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="block w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base aria-invalid:border-red-600 dark:border-stone-700 dark:bg-stone-950"
        />
        <SecondaryButton type="submit" disabled={busy || working} aria-busy={working || undefined}>{working ? 'Applying…' : 'Apply'}</SecondaryButton>
      </div>
      {error && <div id={`${inputId}-error`}><Alert>{error}</Alert></div>}
    </form>
  );
}
