import type { AddressDraft, AddressField } from './address-draft.ts';
import { Field } from './field.tsx';
import { numberFirst, subdivisions, type CountryOption } from './regions.ts';
import { Select } from './select.tsx';

export interface AddressFieldsProps {
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  /** The countries offered (the checkout: those the store ships to; the address book: all). */
  countries: readonly CountryOption[];
  /** A message per field (`addressProblems`, or the API's field violations by last name). */
  errors?: Partial<Record<AddressField | (string & {}), string>>;
}

/**
 * One address form for the whole shop (the hosted checkout and the member's address book): country
 * as a list, street name and house number in the country's order, apartment, city, the state or
 * province as a list where the country has one (else a free "Region"), and postal code. Controlled:
 * the owner keeps the `AddressDraft` (so a saved address can fill it); the inputs keep their names
 * (`country`, `streetName`, `streetNumber`, `addressLine2`, `city`, `subdivision`, `postalCode`).
 */
export function AddressFields({ value, onChange, countries, errors = {} }: AddressFieldsProps) {
  const set = (field: AddressField) => (e: { target: { value: string } }) =>
    onChange({ ...value, [field]: e.target.value });
  const states = subdivisions(value.country);
  const first = numberFirst(value.country);
  const name = (
    <Field
      key="name"
      label="Street name"
      name="streetName"
      value={value.streetName}
      onChange={set('streetName')}
      error={errors.streetName}
      required
      maxLength={200}
    />
  );
  const number = (
    <Field
      key="number"
      label="House number"
      name="streetNumber"
      inputMode="text"
      value={value.streetNumber}
      onChange={set('streetNumber')}
      error={errors.streetNumber}
      required
      maxLength={20}
    />
  );
  return (
    <>
      <Select
        label="Country"
        name="country"
        autoComplete="country"
        value={value.country}
        // Another country's state or region means nothing here.
        onChange={(e) => onChange({ ...value, country: e.target.value, subdivision: '' })}
        error={errors.country}
        required
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </Select>
      <div
        className={`grid gap-x-3 ${first ? 'grid-cols-[7rem_minmax(0,1fr)]' : 'grid-cols-[minmax(0,1fr)_7rem]'}`}
      >
        {first ? [number, name] : [name, number]}
      </div>
      <Field
        label="Apartment, suite, etc. (optional)"
        name="addressLine2"
        autoComplete="address-line2"
        value={value.addressLine2}
        onChange={set('addressLine2')}
        error={errors.addressLine2}
        maxLength={200}
      />
      <div className="grid gap-x-3 sm:grid-cols-3">
        <Field
          label="City"
          name="city"
          autoComplete="address-level2"
          value={value.city}
          onChange={set('city')}
          error={errors.city}
          required
          maxLength={100}
        />
        {states ? (
          <Select
            label="State / province"
            name="subdivision"
            autoComplete="address-level1"
            value={value.subdivision}
            onChange={set('subdivision')}
            error={errors.subdivision}
            required
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
            label="Region (optional)"
            name="subdivision"
            autoComplete="address-level1"
            value={value.subdivision}
            onChange={set('subdivision')}
            error={errors.subdivision}
            maxLength={7}
          />
        )}
        <Field
          label="Postal code"
          name="postalCode"
          autoComplete="postal-code"
          value={value.postalCode}
          onChange={set('postalCode')}
          error={errors.postalCode}
          maxLength={20}
        />
      </div>
    </>
  );
}
