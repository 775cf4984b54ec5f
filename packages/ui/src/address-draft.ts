/**
 * The address form's values (`AddressDraft`, what `AddressFields` shows) and the pure rules around
 * them: from a saved or checkout address to the form, from the form to the wire (street name and
 * house number as `streetAddress`, the server writing `addressLine` from them), what is missing,
 * and whether two addresses are the same place.
 */
import type { AddressLike } from '@vitrine/contract/address-text';
import { subdivisionCode, subdivisions } from './regions.ts';

export interface AddressDraft {
  country: string;
  streetName: string;
  streetNumber: string;
  addressLine2: string;
  city: string;
  /** `US-NY` where the country's subdivisions are a list, else what was typed. */
  subdivision: string;
  postalCode: string;
}
export type AddressField = keyof AddressDraft;

/** An address as the wire carries it (checkout, order, member contact). */
export type AddressInput = AddressLike & {
  streetAddress?: { name?: string | null; number?: string | null } | null;
};

/** What the form sends: the platform's address fields, `streetAddress` instead of `addressLine`. */
export interface AddressValue {
  country: string;
  subdivision?: string;
  city: string;
  streetAddress: { name: string; number: string };
  addressLine2?: string;
  postalCode?: string;
}

/** Countries whose post needs a postal code. */
const REQUIRED_POSTCODE = new Set(['US', 'CA', 'AU', 'GB', 'DE', 'FR', 'NL', 'IT', 'ES']);

/** The street name and house number of an address: its `streetAddress`, else read from a plain `addressLine`. */
export function streetOf(a: AddressInput): { name: string; number: string } {
  const given = a.streetAddress;
  if (given?.name || given?.number) return { name: given.name ?? '', number: given.number ?? '' };
  const line = a.addressLine?.trim();
  if (!line) return { name: '', number: '' };
  const lead = /^(\d+[a-z]?(?:[-/]\d+[a-z]?)?)\s+(.+)$/i.exec(line);
  if (lead) return { number: lead[1]!, name: lead[2]! };
  const tail = /^(.+?)\s+(\d+[a-z]?(?:[-/]\d+[a-z]?)?)$/i.exec(line);
  return tail ? { name: tail[1]!, number: tail[2]! } : { name: line, number: '' };
}

/** An empty form in `country`. */
export const emptyDraft = (country: string): AddressDraft => ({
  country,
  streetName: '',
  streetNumber: '',
  addressLine2: '',
  city: '',
  subdivision: '',
  postalCode: '',
});

/** The form's values for an address (an empty form in `fallbackCountry` when there is none). */
export function draftOf(a: AddressInput | null | undefined, fallbackCountry = 'US'): AddressDraft {
  if (!a) return emptyDraft(fallbackCountry);
  const country = (a.country || fallbackCountry).toUpperCase();
  const street = streetOf(a);
  const listed = subdivisions(country);
  const code = subdivisionCode(country, a.subdivision);
  return {
    country,
    streetName: street.name,
    streetNumber: street.number,
    addressLine2: a.addressLine2 ?? '',
    city: a.city ?? '',
    // A listed country keeps only a subdivision of its list; elsewhere what was given.
    subdivision: listed ? (listed.some((s) => s.code === code) ? code! : '') : (a.subdivision ?? ''),
    postalCode: a.postalCode ?? '',
  };
}

/** The form's values as the API takes them (empty optional fields left out). */
export function addressOf(d: AddressDraft): AddressValue {
  const t = (s: string) => s.trim();
  const subdivision = subdivisionCode(d.country, d.subdivision);
  return {
    country: d.country,
    ...(subdivision ? { subdivision } : {}),
    city: t(d.city),
    streetAddress: { name: t(d.streetName), number: t(d.streetNumber) },
    ...(t(d.addressLine2) ? { addressLine2: t(d.addressLine2) } : {}),
    ...(t(d.postalCode) ? { postalCode: t(d.postalCode) } : {}),
  };
}

/** What is missing, by field, in words for the shopper (empty when the address can be used). */
export function addressProblems(d: AddressDraft): Partial<Record<AddressField, string>> {
  const missing: Partial<Record<AddressField, string>> = {};
  if (!d.country) missing.country = 'Choose the country.';
  if (!d.streetName.trim()) missing.streetName = 'Enter the street name.';
  if (!d.streetNumber.trim()) missing.streetNumber = 'Enter the house number.';
  if (!d.city.trim()) missing.city = 'Enter the city.';
  if (REQUIRED_POSTCODE.has(d.country) && !d.postalCode.trim()) missing.postalCode = 'Enter the postal code.';
  if (subdivisions(d.country) && !d.subdivision.trim()) missing.subdivision = 'Choose the state or province.';
  return missing;
}

/** One address as a comparable key: case, spacing and the way the street was given do not matter. */
function placeKey(a: AddressInput): string {
  const d = draftOf(a, '');
  const n = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
  return [
    d.country,
    n(d.streetName),
    n(d.streetNumber),
    n(d.addressLine2),
    n(d.city),
    subdivisionCode(d.country, d.subdivision) ?? '',
    n(d.postalCode).replace(/ /g, ''),
  ].join('|');
}

/** Whether two addresses are the same place (a saved address and the one typed at checkout). */
export const sameAddress = (a: AddressInput, b: AddressInput) => placeKey(a) === placeKey(b);
