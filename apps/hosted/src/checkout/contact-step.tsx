import { useState, type FormEvent } from 'react';
import {
  AddressFields,
  addressOf,
  addressProblems,
  Alert,
  Button,
  Choice,
  ChoiceGroup,
  Field,
  type AddressDraft,
} from '@vitrine/ui';
import type { Checkout, CheckoutUpdate, MemberView } from '@vitrine/sdk';
import { describe, splitFields } from './errors.ts';
import { useCountryList } from './destinations.ts';
import { initialDraft, SaveAddressChoice, SavedAddresses, savedAddresses } from './saved-addresses.tsx';
import { billingAddressOf, BillingChoice, initialBilling } from './billing.tsx';

export type Method = 'ship' | 'pickup';

/**
 * Contact e-mail, name, and either a delivery address (the kit's `AddressFields`: street name and
 * house number, as the platform writes them) or pickup; saved with one updateCheckout. A signed-in
 * member's name and e-mail pre-fill it, and their saved addresses are offered above the address
 * (the first one filled in while the checkout has none); a member may have the address saved to
 * their account after the order (`saveAddress`, kept by the page). A delivery is billed to its
 * address unless the buyer gives a billing address of its own (`billing.tsx`); both are saved with
 * the contact's name as the checkout's `billingInfo` (pickup and digital orders leave it as it is).
 */
export function ContactStep({
  checkout,
  member,
  method,
  pickupOffered,
  shipping,
  saveAddress,
  onMethod,
  onSaveAddress,
  onSave,
}: {
  checkout: Checkout;
  member?: MemberView;
  method: Method;
  pickupOffered: boolean;
  shipping: boolean;
  saveAddress: boolean;
  onMethod: (m: Method) => void;
  onSaveAddress: (save: boolean) => void;
  onSave: (u: CheckoutUpdate, method: Method) => Promise<void>;
}) {
  const destination = checkout.shippingInfo?.shippingDestination;
  const contact = destination?.contactDetails ?? {};
  const list = useCountryList();
  const [draft, setDraft] = useState<AddressDraft>(() =>
    initialDraft(destination?.address, member, list, destination?.address?.country ?? 'US'),
  );
  // Only countries the store ships to are offered: one it does not ship to gives way to the first.
  const country = list.some((c) => c.code === draft.country)
    ? draft.country
    : (list[0]?.code ?? draft.country);
  const address: AddressDraft = country === draft.country ? draft : { ...draft, country, subdivision: '' };
  const [billing, setBilling] = useState(() => initialBilling(checkout));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [billingFields, setBillingFields] = useState<Record<string, string>>({});

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const get = (k: string) => String(f.get(k) ?? '').trim();
    const missing: Record<string, string> = {};
    const email = get('email');
    if (!email) missing.email = 'Enter your e-mail address.';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      missing.email = 'Enter an e-mail address like name@example.com.';
    if (!get('firstName')) missing.firstName = 'Enter your first name.';
    if (!get('lastName')) missing.lastName = 'Enter your last name.';
    const withAddress = shipping && method === 'ship';
    if (withAddress) Object.assign(missing, addressProblems(address));
    const billingMissing = withAddress && !billing.same ? addressProblems(billing.address) : {};
    setFields(missing);
    setBillingFields(billingMissing);
    if (Object.keys(missing).length || Object.keys(billingMissing).length) {
      setError('Please check the highlighted fields.');
      return;
    }
    const contactDetails = {
      firstName: get('firstName'),
      lastName: get('lastName'),
      ...(get('phone') ? { phone: get('phone') } : {}),
    };
    const shippingDestination = withAddress
      ? // The server writes the address line from the street (in the country's order).
        { address: addressOf(address), contactDetails }
      : { contactDetails };
    const billingInfo = withAddress
      ? { address: billingAddressOf(billing, address), contactDetails }
      : undefined;
    setBusy(true);
    setError(undefined);
    try {
      await onSave(
        {
          checkout: {
            buyerInfo: { email },
            shippingInfo: { shippingDestination },
            ...(billingInfo ? { billingInfo } : {}),
          },
          // Without a delivery address, a billing address set before (by a front end) is kept.
          fieldMask: `buyerInfo.email,shippingInfo.shippingDestination${billingInfo ? ',billingInfo' : ''}`,
        },
        method,
      );
    } catch (err) {
      const d = describe(err);
      setError(d.message);
      // The billing address's own fields have the delivery address's names: each under its group.
      const { inPart, rest } = splitFields(d, 'billingInfo');
      setFields(rest);
      setBillingFields(inPart);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Alert>{error}</Alert>
      <Field
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={checkout.buyerInfo?.email ?? member?.loginEmail}
        error={fields.email}
        required
        hint="For your order confirmation."
      />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <Field
          label="First name"
          name="firstName"
          autoComplete="given-name"
          defaultValue={contact.firstName ?? member?.contact?.firstName}
          error={fields.firstName}
          required
          maxLength={100}
        />
        <Field
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          defaultValue={contact.lastName ?? member?.contact?.lastName}
          error={fields.lastName}
          required
          maxLength={100}
        />
      </div>
      <Field
        label="Phone (optional)"
        name="phone"
        type="tel"
        autoComplete="tel"
        defaultValue={contact.phone ?? member?.contact?.phones?.[0]}
        error={fields.phone}
        maxLength={50}
      />

      {shipping && (
        <ChoiceGroup legend="Delivery">
          <div className="flex flex-wrap gap-2">
            {(['ship', 'pickup'] as const)
              .filter((m) => m === 'ship' || pickupOffered)
              .map((m) => (
                <Choice
                  key={m}
                  shape="chip"
                  name="method"
                  value={m}
                  checked={method === m}
                  onChange={() => onMethod(m)}
                >
                  {m === 'ship' ? 'Ship to an address' : 'Pick up'}
                </Choice>
              ))}
          </div>
        </ChoiceGroup>
      )}

      {shipping && method === 'ship' && (
        <>
          <SavedAddresses
            addresses={savedAddresses(member)}
            shipsTo={list}
            draft={address}
            onChoose={setDraft}
          />
          <AddressFields value={address} onChange={setDraft} countries={list} errors={fields} />
          <SaveAddressChoice member={member} draft={address} checked={saveAddress} onChange={onSaveAddress} />
          <BillingChoice value={billing} onChange={setBilling} errors={billingFields} />
        </>
      )}
      <Button type="submit" className="w-full" busy={busy}>
        {!shipping
          ? 'Continue to payment'
          : method === 'ship'
            ? 'Continue to shipping'
            : 'Continue to pickup'}
      </Button>
    </form>
  );
}
