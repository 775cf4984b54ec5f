import { useQuery } from '@tanstack/react-query';
import { shippingQueries } from '@vitrine/sdk/react';
import { useMemo, useState } from 'react';
import { allCountries as countries, subdivisions, type CountryOption } from '@vitrine/ui';
import { sessionHttp } from './api.ts';

/**
 * The countries the address form offers: those the store ships to, by name; every country while
 * they load, or when the store ships nowhere (pickup only) or they cannot be read.
 */
export function useCountryList(): CountryOption[] {
  const [all] = useState(() => countries());
  // The store's shipping destinations (`GET /ecom/v1/shipping-destinations`, no credential needed).
  const { data } = useQuery(shippingQueries.destinations(sessionHttp));
  return useMemo(() => {
    const codes = new Set(data?.destinations.map((x) => x.country));
    return codes.size ? all.filter((c) => codes.has(c.code)) : all;
  }, [all, data]);
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
