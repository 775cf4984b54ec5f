import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Field } from '../components/ui.tsx';
import type { Checkout, CheckoutUpdate } from './api.ts';
import { describe } from './errors.ts';
import { countries, subdivisionCode, subdivisions } from './regions.ts';
import { SelectField } from './ui.tsx';

export type Method = 'ship' | 'pickup';
const REQUIRED_POSTCODE = new Set(['US', 'CA', 'AU', 'GB', 'DE', 'FR', 'NL', 'IT', 'ES']);

/** Contact e-mail, name, and either a delivery address or pickup; saved with one updateCheckout. */
export function ContactStep({ checkout, method, pickupOffered, shipping, onMethod, onSave }: {
  checkout: Checkout; method: Method; pickupOffered: boolean; shipping: boolean;
  onMethod: (m: Method) => void;
  onSave: (u: CheckoutUpdate, method: Method) => Promise<void>;
}) {
  const destination = checkout.shippingInfo?.shippingDestination;
  const address = destination?.address ?? {};
  const contact = destination?.contactDetails ?? {};
  const list = useMemo(() => countries(), []);
  const [country, setCountry] = useState(address.country ?? 'US');
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
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) missing.email = 'Enter an e-mail address like name@example.com.';
    if (!get('firstName')) missing.firstName = 'Enter your first name.';
    if (!get('lastName')) missing.lastName = 'Enter your last name.';
    const withAddress = shipping && method === 'ship';
    if (withAddress) {
      if (!get('addressLine')) missing.addressLine = 'Enter the street address.';
      if (!get('city')) missing.city = 'Enter the city.';
      if (REQUIRED_POSTCODE.has(country) && !get('postalCode')) missing.postalCode = 'Enter the postal code.';
      if (states && !get('subdivision')) missing.subdivision = 'Choose the state or province.';
    }
    setFields(missing);
    if (Object.keys(missing).length) {
      setError('Please check the highlighted fields.');
      return;
    }
    const contactDetails = { firstName: get('firstName'), lastName: get('lastName'), ...(get('phone') ? { phone: get('phone') } : {}) };
    const subdivision = subdivisionCode(country, get('subdivision'));
    const shippingDestination = withAddress
      ? {
          address: {
            country, ...(subdivision ? { subdivision } : {}), city: get('city'), addressLine: get('addressLine'),
            ...(get('addressLine2') ? { addressLine2: get('addressLine2') } : {}), ...(get('postalCode') ? { postalCode: get('postalCode') } : {}),
          },
          contactDetails,
        }
      : { contactDetails };
    setBusy(true);
    setError(undefined);
    try {
      await onSave({ checkout: { buyerInfo: { email }, shippingInfo: { shippingDestination } }, fieldMask: 'buyerInfo.email,shippingInfo.shippingDestination' }, method);
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
      <Field label="E-mail" name="email" type="email" autoComplete="email" defaultValue={checkout.buyerInfo?.email} error={fields.email} required hint="For your order confirmation." />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <Field label="First name" name="firstName" autoComplete="given-name" defaultValue={contact.firstName} error={fields.firstName} required maxLength={100} />
        <Field label="Last name" name="lastName" autoComplete="family-name" defaultValue={contact.lastName} error={fields.lastName} required maxLength={100} />
      </div>
      <Field label="Phone (optional)" name="phone" type="tel" autoComplete="tel" defaultValue={contact.phone} error={fields.phone} maxLength={50} />

      {shipping && (
        <fieldset className="mb-4">
          <legend className="mb-1 text-sm font-medium">Delivery</legend>
          <div className="flex flex-wrap gap-2">
            {(['ship', 'pickup'] as const).filter((m) => m === 'ship' || pickupOffered).map((m) => (
              <label key={m} className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 px-3 py-2 text-sm has-checked:border-indigo-600 has-checked:bg-indigo-50 dark:border-stone-700 dark:has-checked:bg-indigo-950">
                <input type="radio" name="method" value={m} checked={method === m} onChange={() => onMethod(m)} />
                {m === 'ship' ? 'Ship to an address' : 'Pick up'}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {shipping && method === 'ship' && (
        <>
          <SelectField label="Country" name="country" autoComplete="country" value={country} onChange={(e) => setCountry(e.target.value)} error={fields.country}>
            {list.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
          </SelectField>
          <Field label="Street address" name="addressLine" autoComplete="address-line1" defaultValue={address.addressLine} error={fields.addressLine} required maxLength={200} />
          <Field label="Apartment, suite, etc. (optional)" name="addressLine2" autoComplete="address-line2" defaultValue={address.addressLine2} error={fields.addressLine2} maxLength={200} />
          <div className="grid gap-x-3 sm:grid-cols-3">
            <Field label="City" name="city" autoComplete="address-level2" defaultValue={address.city} error={fields.city} required maxLength={100} />
            {states
              ? (
                  <SelectField key={country} label="State / province" name="subdivision" autoComplete="address-level1" defaultValue={address.country === country ? address.subdivision : ''} error={fields.subdivision}>
                    <option value="">Choose…</option>
                    {states.map((s) => <option key={s.code} value={s.code}>{s.name}</option>)}
                  </SelectField>
                )
              : <Field key={country} label="Region (optional)" name="subdivision" autoComplete="address-level1" defaultValue={address.country === country ? address.subdivision : ''} error={fields.subdivision} maxLength={7} />}
            <Field label="Postal code" name="postalCode" autoComplete="postal-code" defaultValue={address.postalCode} error={fields.postalCode} maxLength={20} />
          </div>
        </>
      )}
      <Button type="submit" busy={busy}>{!shipping ? 'Continue to payment' : method === 'ship' ? 'Continue to shipping' : 'Continue to pickup'}</Button>
    </form>
  );
}
