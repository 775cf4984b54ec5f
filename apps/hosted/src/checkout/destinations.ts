import type { ShippingDestinations } from '@vitrine/contract';
import { createHttpClient } from '@vitrine/sdk';
import { useEffect, useState } from 'react';
import { countries, subdivisions } from './regions.ts';

const http = createHttpClient({ baseUrl: window.location.origin });
let loading: Promise<ShippingDestinations> | undefined;

/** The store's shipping destinations (`GET /ecom/v1/shipping-destinations`, asked once per page view). */
function destinations(): Promise<ShippingDestinations> {
  loading ??= http.request<ShippingDestinations>({ method: 'GET', path: '/ecom/v1/shipping-destinations' });
  return loading;
}

/**
 * The countries the address form offers: those the store ships to, by name; every country while
 * they load, or when the store ships nowhere (pickup only) or they cannot be read.
 */
export function useCountryList(): { code: string; name: string }[] {
  const [all] = useState(() => countries());
  const [list, setList] = useState(all);
  useEffect(() => {
    let live = true;
    destinations().then(
      (d) => {
        const codes = new Set(d.destinations.map((x) => x.country));
        if (live && codes.size) setList(all.filter((c) => codes.has(c.code)));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [all]);
  return list;
}

/** "Victoria, Australia" for an address's subdivision and country, in the buyer's language. */
export function placeName(address: { country?: string; subdivision?: string } | undefined): string {
  const country = address?.country ?? '';
  const countryName = countries().find((c) => c.code === country)?.name ?? country;
  const sub = address?.subdivision
    ? subdivisions(country)?.find((s) => s.code === address.subdivision)?.name
    : undefined;
  return sub ? `${sub}, ${countryName}` : countryName;
}
