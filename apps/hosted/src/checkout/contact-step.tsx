import { useState, type FormEvent } from 'react';
import { Alert, Button, Choice, ChoiceGroup, Field, Select } from '@vitrine/ui';
import type { Checkout, CheckoutUpdate, MemberView, WireAddress } from '@vitrine/sdk';
import { describe } from './errors.ts';
import { useCountryList } from './destinations.ts';
import { subdivisionCode, subdivisions } from './regions.ts';

export type Method = 'ship' | 'pickup';
const REQUIRED_POSTCODE = new Set(['US', 'CA', 'AU', 'GB', 'DE', 'FR', 'NL', 'IT', 'ES']);

/** The street name and house number of a saved address: its `streetAddress`, else read from a plain `addressLine`. */
function streetOf(a: WireAddress): { name?: string; number?: string } {
  if (a.streetAddress?.name || a.streetAddress?.number) return a.streetAddress;
  const line = a.addressLine?.trim();
  if (!line) return {};
  const lead = /^(\d+[a-z]?(?:[-/]\d+[a-z]?)?)\s+(.+)$/i.exec(line);
  if (lead) return { number: lead[1], name: lead[2] };
  const tail = /^(.+?)\s+(\d+[a-z]?(?:[-/]\d+[a-z]?)?)$/i.exec(line);
  return tail ? { name: tail[1], number: tail[2] } : { name: line };
}

/**
 * Contact e-mail, name, and either a delivery address (street name and house number, as the platform
 * writes them) or pickup; saved with one updateCheckout. A signed-in member's name and e-mail pre-fill it.
 */
export function ContactStep({
  checkout,
  member,
  method,
  pickupOffered,
  shipping,
  onMethod,
  onSave,
}: {
  checkout: Checkout;
  member?: MemberView;
  method: Method;
  pickupOffered: boolean;
  shipping: boolean;
  onMethod: (m: Method) => void;
  onSave: (u: CheckoutUpdate, method: Method) => Promise<void>;
}) {
  const destination = checkout.shippingInfo?.shippingDestination;
  const address = destination?.address ?? {};
  const contact = destination?.contactDetails ?? {};
  const street = streetOf(address);
  const list = useCountryList();
  const [chosen, setCountry] = useState(address.country ?? 'US');
  // Only countries the store ships to are offered: one it does not ship to gives way to the first.
  const country = list.some((c) => c.code === chosen) ? chosen : (list[0]?.code ?? chosen);
  const states = subdivisions(country);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});

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
    if (withAddress) {
      if (!get('streetName')) missing.streetName = 'Enter the street name.';
      if (!get('streetNumber')) missing.streetNumber = 'Enter the house number.';
      if (!get('city')) missing.city = 'Enter the city.';
      if (REQUIRED_POSTCODE.has(country) && !get('postalCode')) missing.postalCode = 'Enter the postal code.';
      if (states && !get('subdivision')) missing.subdivision = 'Choose the state or province.';
    }
    setFields(missing);
    if (Object.keys(missing).length) {
      setError('Please check the highlighted fields.');
      return;
    }
    const contactDetails = {
      firstName: get('firstName'),
      lastName: get('lastName'),
      ...(get('phone') ? { phone: get('phone') } : {}),
    };
    const subdivision = subdivisionCode(country, get('subdivision'));
    const shippingDestination = withAddress
      ? {
          address: {
            country,
            ...(subdivision ? { subdivision } : {}),
            city: get('city'),
            // The server writes the address line from the street (in the country's order).
            streetAddress: { name: get('streetName'), number: get('streetNumber') },
            ...(get('addressLine2') ? { addressLine2: get('addressLine2') } : {}),
            ...(get('postalCode') ? { postalCode: get('postalCode') } : {}),
          },
          contactDetails,
        }
      : { contactDetails };
    setBusy(true);
    setError(undefined);
    try {
      await onSave(
        {
          checkout: { buyerInfo: { email }, shippingInfo: { shippingDestination } },
          fieldMask: 'buyerInfo.email,shippingInfo.shippingDestination',
        },
        method,
      );
    } catch (err) {
      const d = describe(err);
      setError(d.message);
      setFields(d.fields);
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
          <Select
            label="Country"
            name="country"
            autoComplete="country"
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            error={fields.country}
          >
            {list.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Select>
          <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-x-3">
            <Field
              label="Street name"
              name="streetName"
              defaultValue={street.name}
              error={fields.streetName}
              required
              maxLength={200}
            />
            <Field
              label="House number"
              name="streetNumber"
              inputMode="text"
              defaultValue={street.number}
              error={fields.streetNumber}
              required
              maxLength={20}
            />
          </div>
          <Field
            label="Apartment, suite, etc. (optional)"
            name="addressLine2"
            autoComplete="address-line2"
            defaultValue={address.addressLine2}
            error={fields.addressLine2}
            maxLength={200}
          />
          <div className="grid gap-x-3 sm:grid-cols-3">
            <Field
              label="City"
              name="city"
              autoComplete="address-level2"
              defaultValue={address.city}
              error={fields.city}
              required
              maxLength={100}
            />
            {states ? (
              <Select
                key={country}
                label="State / province"
                name="subdivision"
                autoComplete="address-level1"
                defaultValue={address.country === country ? address.subdivision : ''}
                error={fields.subdivision}
              >
                <option value="">Choose…</option>
                {states.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </Select>
            ) : (
              <Field
                key={country}
                label="Region (optional)"
                name="subdivision"
                autoComplete="address-level1"
                defaultValue={address.country === country ? address.subdivision : ''}
                error={fields.subdivision}
                maxLength={7}
              />
            )}
            <Field
              label="Postal code"
              name="postalCode"
              autoComplete="postal-code"
              defaultValue={address.postalCode}
              error={fields.postalCode}
              maxLength={20}
            />
          </div>
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
