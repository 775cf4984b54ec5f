/**
 * Countries (ISO 3166-1 alpha-2) with their names in the shopper's language, the subdivisions an
 * address form offers as a list, and the street order of each country: what the address form of
 * the kit (`AddressFields`) needs, for the checkout and the member's address book alike.
 */
const CODES = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ ' +
  'DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ ' +
  'OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
  'UA UG US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export interface CountryOption {
  code: string;
  name: string;
}

/** The page's language (English where there is no `navigator`, as when rendering on the server). */
const pageLocale = () => (typeof navigator !== 'undefined' && navigator.language) || 'en';

/** Every country, by name in the shopper's language. */
export function allCountries(locale = pageLocale()): CountryOption[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  return CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

/** The country of the shopper's language (`en-GB` → `GB`), when it names one we know. */
export function localeCountry(locale = pageLocale()): string | undefined {
  const region = /[-_]([A-Za-z]{2})\b/.exec(locale)?.[1]?.toUpperCase();
  return region && CODES.includes(region) ? region : undefined;
}

const US =
  'AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming';
const CA =
  'AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador|NS Nova Scotia|NT Northwest Territories|NU Nunavut|ON Ontario|PE Prince Edward Island|QC Quebec|SK Saskatchewan|YT Yukon';
const AU =
  'ACT Australian Capital Territory|NSW New South Wales|NT Northern Territory|QLD Queensland|SA South Australia|TAS Tasmania|VIC Victoria|WA Western Australia';
const LISTS: Record<string, string> = { US, CA, AU };

/** The subdivisions of a country as `{code: 'US-NY', name}`, when the form lists them; else undefined (free text). */
export function subdivisions(country: string): CountryOption[] | undefined {
  const list = LISTS[country.toUpperCase()];
  return list?.split('|').map((entry) => {
    const [code, ...name] = entry.split(' ');
    return { code: `${country.toUpperCase()}-${code}`, name: name.join(' ') };
  });
}

/** What the shopper gave for a subdivision, as the API wants it (`US-NY`), or undefined. */
export function subdivisionCode(country: string, typed: string | null | undefined): string | undefined {
  const t = (typed ?? '').trim().toUpperCase();
  if (!t) return undefined;
  return t.includes('-') ? t : `${country.toUpperCase()}-${t}`;
}

/**
 * Countries where the house number follows the street name ("Hauptstraße 5"); elsewhere it leads
 * ("5 Main St"). The server writes `addressLine` in the same order (`@vitrine/contract` `streetLine`;
 * a test keeps the two lists equal).
 */
const NUMBER_AFTER_NAME = new Set(
  'AR AT BA BE BG BR CH CL CO CZ DE DK EE ES FI GR HR HU IS IT LI LT LU LV ME MK MX NL NO PE PL PT RO RS RU SE SI SK TR UA UY'.split(
    ' ',
  ),
);

/** Whether the country writes the house number before the street name ("5 Main St"). */
export const numberFirst = (country: string | null | undefined) =>
  !NUMBER_AFTER_NAME.has((country ?? '').toUpperCase());
