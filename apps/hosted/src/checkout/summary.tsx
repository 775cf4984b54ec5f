import { useState, type FormEvent } from 'react';
import { Button, Card, Field, formatMoney, isZeroMoney } from '@vitrine/ui';
import { optionsText, type Checkout, type CheckoutUpdate } from '@vitrine/sdk';
import { describe } from './errors.ts';
import { PICKUP_CARRIER } from './shipping-step.tsx';
import { LineItem, Totals } from './parts.tsx';

const lineNote = (status: string | undefined, available: number | undefined) => {
  if (status === 'NOT_AVAILABLE' || status === 'NOT_FOUND') return 'No longer available';
  if (status === 'PARTIALLY_AVAILABLE') return `Only ${available ?? 'a few'} left`;
  return undefined;
};

/** Lines and live totals of the checkout, with the coupon and gift card forms (while it can change). */
export function CheckoutSummary({
  checkout,
  busy,
  locked,
  onUpdate,
  onRemove,
}: {
  checkout: Checkout;
  busy: boolean;
  locked: boolean;
  onUpdate: (u: CheckoutUpdate) => Promise<void>;
  onRemove: (what: 'coupon' | 'giftCard') => Promise<void>;
}) {
  const p = checkout.priceSummary ?? {};
  const coupon = checkout.appliedDiscounts?.find((d) => d.coupon)?.coupon;
  const rows: [string, string, boolean?][] = [['Subtotal', formatMoney(p.subtotal)]];
  for (const d of checkout.appliedDiscounts ?? []) {
    if (d.coupon)
      rows.push([`Coupon ${d.coupon.code ?? ''}`.trim(), `−${formatMoney(d.coupon.amount)}`, true]);
    else if (d.discountRule)
      rows.push([
        d.discountRule.name?.original ?? 'Discount',
        `−${formatMoney(d.discountRule.amount)}`,
        true,
      ]);
    else if (d.merchantDiscount)
      rows.push([
        d.merchantDiscount.percentage ? `Discount (${d.merchantDiscount.percentage}%)` : 'Discount',
        `−${formatMoney(d.merchantDiscount.amount)}`,
        true,
      ]);
  }
  // "Free" only for a chosen option that costs nothing; pickup is called pickup.
  const selected = checkout.shippingInfo?.selectedCarrierServiceOption;
  const unshippable = !selected && checkout.calculationErrors?.generalShippingCalculationError !== undefined;
  rows.push([
    selected?.carrierId === PICKUP_CARRIER ? 'Pickup' : 'Shipping',
    selected ? formatMoney(p.shipping, { zero: 'Free' }) : unshippable ? 'Not available' : 'Calculated next',
  ]);
  rows.push(['Tax', formatMoney(p.tax)]);
  if (p.additionalFees && !isZeroMoney(p.additionalFees)) rows.push(['Fees', formatMoney(p.additionalFees)]);
  if (checkout.giftCard)
    rows.push([
      `Gift card ${checkout.giftCard.obfuscatedCode ?? ''}`.trim(),
      `−${formatMoney(checkout.giftCard.amount)}`,
      true,
    ]);

  return (
    <Card>
      <h2 className="mb-2 text-lg font-semibold tracking-tight">Order summary</h2>
      <ul className="divide-y divide-line">
        {checkout.lineItems.map((l) => (
          <LineItem
            key={l.id}
            name={l.productName?.translated ?? l.productName?.original ?? 'Item'}
            image={l.media?.url}
            options={optionsText(l.descriptionLines)}
            quantity={l.quantity}
            price={formatMoney(l.lineItemPrice ?? l.price)}
            note={lineNote(l.availability?.status, l.availability?.quantityAvailable)}
          />
        ))}
      </ul>
      {!locked && (
        <div className="my-3 space-y-3">
          <CodeForm
            label="Coupon code"
            applied={coupon?.code}
            busy={busy}
            apply={(code) => onUpdate({ couponCode: code })}
            remove={() => onRemove('coupon')}
          />
          <CodeForm
            label="Gift card code"
            applied={checkout.giftCard?.obfuscatedCode}
            busy={busy}
            apply={(code) => onUpdate({ giftCardCode: code })}
            remove={() => onRemove('giftCard')}
          />
        </div>
      )}
      <div aria-live="polite" aria-busy={busy || undefined}>
        <Totals rows={rows} total={['Total', formatMoney(checkout.payNow?.total ?? p.total)]} />
        {busy && (
          <p className="mt-2 text-xs text-muted" role="status">
            Updating totals…
          </p>
        )}
      </div>
    </Card>
  );
}

/** A code field (coupon, gift card) with Apply, or the applied code with Remove; API refusals read as sentences. */
function CodeForm({
  label,
  applied,
  busy,
  apply,
  remove,
}: {
  label: string;
  applied?: string;
  busy: boolean;
  apply: (code: string) => Promise<void>;
  remove: () => Promise<void>;
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
    if (!code) {
      setError(`Enter a ${label.toLowerCase()}.`);
      return;
    }
    void run(async () => {
      await apply(code);
      form.reset();
    });
  }

  if (applied) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-lg bg-hover px-3 py-2 text-sm">
        <span>
          {label.replace(' code', '')}: <strong>{applied}</strong>
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void run(remove)}
          disabled={busy}
          busy={working}
          aria-label={`Remove ${label.replace(' code', '').toLowerCase()} ${applied}`}
        >
          Remove
        </Button>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Field
        id={inputId}
        label={label}
        name="code"
        autoComplete="off"
        maxLength={100}
        error={error}
        announceError
        className=""
        action={
          <Button type="submit" variant="secondary" disabled={busy} busy={working}>
            Apply
          </Button>
        }
      />
    </form>
  );
}
