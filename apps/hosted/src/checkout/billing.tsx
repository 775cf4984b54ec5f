import { useState } from 'react';
import {
  addressOf,
  AddressFields,
  allCountries,
  Choice,
  draftOf,
  emptyDraft,
  sameAddress,
  type AddressDraft,
  type AddressField,
  type AddressValue,
} from '@vitrine/ui';
import type { Checkout } from '@vitrine/sdk';

/** The billing address as the contact step holds it: the delivery address, or one of its own. */
export interface BillingDraft {
  same: boolean;
  address: AddressDraft;
}

/**
 * What the form starts from: "the same as the delivery address" unless the checkout already has a
 * billing address of another place (the buyer chose one before a reload, or the front end set one).
 */
export function initialBilling(checkout: Checkout): BillingDraft {
  const billing = checkout.billingInfo?.address;
  const delivery = checkout.shippingInfo?.shippingDestination?.address;
  const fallback = delivery?.country ?? billing?.country ?? 'US';
  const given = !!(billing?.addressLine || billing?.streetAddress?.name || billing?.city);
  if (!billing || !given || (delivery && sameAddress(billing, delivery)))
    return { same: true, address: emptyDraft(fallback) };
  return { same: false, address: draftOf(billing, fallback) };
}

/** The address the order is billed to: the delivery address's own fields when they are the same. */
export const billingAddressOf = (b: BillingDraft, delivery: AddressDraft): AddressValue =>
  addressOf(b.same ? delivery : b.address);

/**
 * "My billing address is the same as the delivery address" (checked at first), and when it is not,
 * an address form of its own in a "Billing address" group: any country (a card is billed where its
 * owner lives, not where the store ships).
 */
export function BillingChoice({
  value,
  onChange,
  errors,
}: {
  value: BillingDraft;
  onChange: (b: BillingDraft) => void;
  errors: Partial<Record<AddressField, string>>;
}) {
  const [countries] = useState(() => allCountries());
  return (
    <>
      <Choice
        type="checkbox"
        name="billingSame"
        checked={value.same}
        onChange={(e) => onChange({ ...value, same: e.target.checked })}
        className="mb-4"
      >
        My billing address is the same as the delivery address
      </Choice>
      {!value.same && (
        <fieldset className="mb-2">
          <legend className="mb-3 text-base font-semibold">Billing address</legend>
          <AddressFields
            value={value.address}
            onChange={(address) => onChange({ ...value, address })}
            countries={countries}
            errors={errors}
          />
        </fieldset>
      )}
    </>
  );
}
