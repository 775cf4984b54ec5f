/** Where the store ships, as a plain typed call. */
import type { ShippingDestinations } from '@vitrine/contract';
import type { HttpClient } from './http.ts';

/** The countries the store ships to (Vitrine's own `GET /ecom/v1/shipping-destinations`), for country lists. */
export const shippingCalls = {
  destinations: (http: HttpClient): Promise<ShippingDestinations> =>
    http.request<ShippingDestinations>({ method: 'GET', path: '/ecom/v1/shipping-destinations' }),
};

/** A line of a cart, checkout or order, as far as shipping is concerned. */
interface ShippingLine {
  physicalProperties?: { shippable?: boolean | null } | null;
  itemType?: { preset?: string | null } | null;
}

/**
 * Whether any of these lines is shipped: a line says so itself (`physicalProperties.shippable`), or
 * else its item type does (`PHYSICAL`). Digital items, gift cards and services are never shipped.
 */
export const needsShipping = (lines: readonly ShippingLine[]): boolean =>
  lines.some((l) => l.physicalProperties?.shippable ?? l.itemType?.preset === 'PHYSICAL');
