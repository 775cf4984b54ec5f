import { formatAddress } from 'localized-address-format';

/**
 * An address as people read it, line by line, laid out as the country's post writes it (the name
 * and company, the street lines, the city, region and postal code in the country's order), then the
 * country and the phone. The same lines wherever a shopper or a merchant is shown an address (the
 * checkout's summary, the order pages, the dashboard, the order e-mails), so an apartment or a state
 * given at checkout is never seen dropped. Here, not in the UI kit, because the server's e-mails
 * write them too; the UI kit re-exports them. Front ends import `@vitrine/contract/address-text`
 * (this module alone, no schemas).
 */
export interface AddressLike {
  addressLine?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  postalCode?: string | null;
  /** ISO 3166-2 (`US-TX`) or the region's own code. */
  subdivision?: string | null;
  subdivisionFullname?: string | null;
  country?: string | null;
  countryFullname?: string | null;
}

export interface ContactLike {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  phone?: string | null;
}

let regions: Intl.DisplayNames | undefined;
/** "United States" for `US`; the code itself when the browser cannot name it. */
export function countryName(code: string): string {
  try {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * The region as the country's post writes it: a short code (`US-TX` reads `TX`, `CA-QC` `QC`), or
 * else the name the server gives, or else the code as it came.
 */
function regionOf(a: AddressLike): string | undefined {
  const prefix = a.country ? `${a.country.toUpperCase()}-` : '';
  const code =
    a.subdivision && prefix && a.subdivision.toUpperCase().startsWith(prefix)
      ? a.subdivision.slice(prefix.length)
      : a.subdivision;
  if (code && /^[A-Za-z]{1,3}$/.test(code)) return code;
  return a.subdivisionFullname || code || undefined;
}

const given = (v: string | null | undefined): string | undefined => (v?.trim() ? v.trim() : undefined);

/** The country's layout of the name, street, city, region and postal code: no country, no phone. */
function postalLines(x: AddressLike, c?: ContactLike | null): string[] {
  const city = given(x.city);
  const region = given(regionOf(x));
  const postalCode = given(x.postalCode);
  // The country's own layout (Google's address data: "Austin, TX 73301" in the US, "10115 Berlin"
  // in Germany, the postcode on a line of its own in the UK), in Latin script: the pages are English.
  const lines = formatAddress(
    {
      postalCountry: x.country?.toUpperCase() || 'ZZ',
      name: [c?.firstName, c?.lastName].map(given).filter(Boolean).join(' '),
      organization: given(c?.company) ?? '',
      addressLines: [x.addressLine, x.addressLine2].map(given).filter((l): l is string => !!l),
      locality: city ?? '',
      administrativeArea: region ?? '',
      postalCode: postalCode ?? '',
    },
    'latin',
  );
  // A layout without a part the buyer gave (no region in Germany's, no city in Japan's) must not
  // hide it: what is left over gets a line of its own.
  const left = [postalCode, city, region].filter((v) => v && !lines.some((l) => l.includes(v)));
  return [...lines, left.join(' ')].filter((l) => !!l.trim());
}

export function addressLines(a: AddressLike | null | undefined, c?: ContactLike | null): string[] {
  const x = a ?? {};
  const country = x.countryFullname ?? (x.country ? countryName(x.country) : undefined);
  return [...postalLines(x, c), country, given(c?.phone)].filter((l): l is string => !!l?.trim());
}

/** The same on one line, for a summary: "1 Elm Street, Apt 4B, Austin, TX 73301, United States". */
export const addressText = (a: AddressLike | null | undefined, c?: ContactLike | null) =>
  addressLines(a, c).join(', ');

/**
 * A place near the buyer on one line, without its country: "1 Pier Road, Boston, MA 02110" (a
 * pickup point, wherever one is named: the checkout's options, the thank-you pages, the e-mails).
 */
export const placeText = (a: AddressLike | null | undefined) => postalLines(a ?? {}).join(', ');
