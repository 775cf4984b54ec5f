/**
 * An address as people read it, line by line: the name and company, both street lines, the postal
 * code with the city, then the region and the country. The same lines wherever a shopper or a
 * merchant is shown an address (the checkout's summary, the order pages, the dashboard), so an
 * apartment or a state given at checkout is never seen dropped.
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

/** `US-TX` in the US reads `TX`: the country is named on the same line. */
function regionOf(a: AddressLike): string | undefined {
  if (a.subdivisionFullname) return a.subdivisionFullname;
  if (!a.subdivision) return undefined;
  const prefix = a.country ? `${a.country.toUpperCase()}-` : '';
  return prefix && a.subdivision.toUpperCase().startsWith(prefix)
    ? a.subdivision.slice(prefix.length)
    : a.subdivision;
}

export function addressLines(a: AddressLike | null | undefined, c?: ContactLike | null): string[] {
  const x = a ?? {};
  const country = x.countryFullname ?? (x.country ? countryName(x.country) : undefined);
  return [
    [c?.firstName, c?.lastName].filter(Boolean).join(' '),
    c?.company,
    x.addressLine,
    x.addressLine2,
    [x.postalCode, x.city].filter(Boolean).join(' '),
    [regionOf(x), country].filter(Boolean).join(', '),
    c?.phone,
  ].filter((l): l is string => !!l && l.trim() !== '');
}

/** The same on one line, for a summary: "1 Elm Street, Apt 4B, 73301 Austin, TX, United States". */
export const addressText = (a: AddressLike | null | undefined, c?: ContactLike | null) =>
  addressLines(a, c).join(', ');
