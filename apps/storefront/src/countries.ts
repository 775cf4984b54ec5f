/** Country names in the shopper's language, for the countries the store ships to. */

let names: Intl.DisplayNames | undefined;
/** "FR" → "France" (the code itself when the browser does not know it). */
export function countryName(code: string): string {
  try {
    names ??= new Intl.DisplayNames([navigator.language, 'en'], { type: 'region' });
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The store's destinations by name; `partial` when only some of the country's subdivisions are served. */
export function sortedCountries(
  destinations: readonly { country: string; subdivisions: readonly string[] }[],
) {
  return destinations
    .map((d) => ({ code: d.country, name: countryName(d.country), partial: d.subdivisions.length > 0 }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
