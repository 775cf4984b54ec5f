/**
 * Street addresses as the platform writes them: `streetAddress {number, name}` beside the free-text
 * `addressLine`. An address given with a street name or number and no `addressLine` gets one, so
 * whatever reads only `addressLine` (shipping labels, e-mails, order displays) still has the street.
 */

/** Countries where the house number follows the street name ("Hauptstraße 5"); elsewhere it leads ("5 Main St"). */
const NUMBER_AFTER_NAME = new Set([
  'AR',
  'AT',
  'BA',
  'BE',
  'BG',
  'BR',
  'CH',
  'CL',
  'CO',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'GR',
  'HR',
  'HU',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'ME',
  'MK',
  'MX',
  'NL',
  'NO',
  'PE',
  'PL',
  'PT',
  'RO',
  'RS',
  'RU',
  'SE',
  'SI',
  'SK',
  'TR',
  'UA',
  'UY',
]);

/** "5 Main St" or "Hauptstraße 5", by the country's custom. */
export function streetLine(street: { name?: string; number?: string }, country?: string): string {
  const name = street.name?.trim() ?? '';
  const number = street.number?.trim() ?? '';
  const parts = country && NUMBER_AFTER_NAME.has(country.toUpperCase()) ? [name, number] : [number, name];
  return parts.filter(Boolean).join(' ');
}

/** The address with `addressLine` filled from `streetAddress` when only the latter was given. */
export function withAddressLine<
  A extends { addressLine?: string; country?: string; streetAddress?: { name?: string; number?: string } },
>(a: A): A {
  if (a.addressLine?.trim() || !a.streetAddress) return a;
  const line = streetLine(a.streetAddress, a.country);
  return line ? { ...a, addressLine: line } : a;
}
