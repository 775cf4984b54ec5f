import { useState } from 'react';
import { Alert } from '../components/ui.tsx';
import type { Checkout, ShippingOption } from './api.ts';
import { describe } from './errors.ts';
import { isZero, money } from './ui.tsx';

export const PICKUP_CARRIER = 'vitrine-pickup';

/** The options of one kind (delivery or pickup) the checkout offers now. */
export function optionsOf(checkout: Checkout, pickup: boolean): ShippingOption[] {
  return (checkout.shippingInfo?.carrierServiceOptions ?? [])
    .filter((c) => (c.carrierId === PICKUP_CARRIER) === pickup)
    .flatMap((c) => c.shippingOptions);
}

const describeOption = (o: ShippingOption) => {
  const pickup = o.logistics?.pickupDetails?.address;
  if (pickup) return [pickup.addressLine, pickup.city].filter(Boolean).join(', ') + (o.logistics?.instructions ? ` — ${o.logistics.instructions}` : '');
  return o.logistics?.deliveryTime ?? '';
};

/** Radio list of shipping (or pickup) options; choosing one updates the checkout and its totals at once. */
export function ShippingStep({ checkout, pickup, busy, onSelect }: {
  checkout: Checkout; pickup: boolean; busy: boolean; onSelect: (code: string) => Promise<void>;
}) {
  const [error, setError] = useState<string>();
  // The buyer's choice shows at once; the checkout's answer (with the new totals) follows.
  const [choosing, setChoosing] = useState<string>();
  const options = optionsOf(checkout, pickup);
  const selected = choosing ?? checkout.shippingInfo?.selectedCarrierServiceOption?.code;

  async function choose(code: string) {
    setError(undefined);
    setChoosing(code);
    try {
      await onSelect(code);
    } catch (e) {
      setError(describe(e).message);
    } finally {
      setChoosing(undefined);
    }
  }

  if (!options.length) {
    return <Alert>{pickup ? 'There is no pickup point for this order.' : 'We do not ship to this address. Check the address or choose pickup.'}</Alert>;
  }
  return (
    <fieldset aria-busy={busy || undefined}>
      <legend className="sr-only">{pickup ? 'Pickup point' : 'Shipping method'}</legend>
      <Alert>{error}</Alert>
      <div className="space-y-2">
        {options.map((o) => (
          <label key={o.code} className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-300 p-3 has-checked:border-indigo-600 has-checked:bg-indigo-50 dark:border-stone-700 dark:has-checked:bg-indigo-950">
            <input type="radio" name="shipping-option" value={o.code} checked={selected === o.code} onChange={() => void choose(o.code)} className="mt-1" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{o.title}</span>
              {describeOption(o) && <span className="block text-sm text-stone-600 dark:text-stone-400">{describeOption(o)}</span>}
            </span>
            <span className="font-medium whitespace-nowrap">{isZero(o.cost?.price) ? 'Free' : money(o.cost?.price)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
