import { useState } from 'react';
import { Alert, Choice, ChoiceGroup, formatMoney, placeText } from '@vitrine/ui';
import type { Checkout, CheckoutShippingOption as ShippingOption } from '@vitrine/sdk';
import { placeName } from './destinations.ts';
import { describe } from './errors.ts';

export const PICKUP_CARRIER = 'vitrine-pickup';

/** The options of one kind (delivery or pickup) the checkout offers now. */
export function optionsOf(checkout: Checkout, pickup: boolean): ShippingOption[] {
  return (checkout.shippingInfo?.carrierServiceOptions ?? [])
    .filter((c) => (c.carrierId === PICKUP_CARRIER) === pickup)
    .flatMap((c) => c.shippingOptions);
}

const describeOption = (o: ShippingOption) => {
  const pickup = o.logistics?.pickupDetails?.address;
  if (pickup) return placeText(pickup) + (o.logistics?.instructions ? ` — ${o.logistics.instructions}` : '');
  return o.logistics?.deliveryTime ?? '';
};

/** Radio list of shipping (or pickup) options; choosing one updates the checkout and its totals at once. */
export function ShippingStep({
  checkout,
  pickup,
  busy,
  onSelect,
}: {
  checkout: Checkout;
  pickup: boolean;
  busy: boolean;
  onSelect: (code: string) => Promise<void>;
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
    const pickupToo = optionsOf(checkout, true).length > 0;
    return (
      <Alert>
        {pickup
          ? 'There is no pickup point for this order.'
          : `We do not ship to ${placeName(checkout.shippingInfo?.shippingDestination?.address)}. Check the address${pickupToo ? ' or choose pickup' : ''}.`}
      </Alert>
    );
  }
  return (
    <ChoiceGroup
      legend={pickup ? 'Pickup point' : 'Shipping method'}
      hideLegend
      className=""
      aria-busy={busy || undefined}
    >
      <Alert>{error}</Alert>
      <div className="space-y-2">
        {options.map((o) => (
          <Choice
            key={o.code}
            name="shipping-option"
            value={o.code}
            checked={selected === o.code}
            onChange={() => void choose(o.code)}
          >
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{o.title}</span>
              {describeOption(o) && <span className="block text-sm text-muted">{describeOption(o)}</span>}
            </span>
            <span className="font-medium whitespace-nowrap">
              {formatMoney(o.cost?.price, { zero: 'Free' })}
            </span>
          </Choice>
        ))}
      </div>
    </ChoiceGroup>
  );
}
