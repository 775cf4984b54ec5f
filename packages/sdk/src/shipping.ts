/** Where the store ships, as a plain typed call. */
import type { ShippingDestinations } from '@vitrine/contract';
import type { HttpClient } from './http.ts';

/** The countries the store ships to (Vitrine's own `GET /ecom/v1/shipping-destinations`), for country lists. */
export const shippingCalls = {
  destinations: (http: HttpClient): Promise<ShippingDestinations> =>
    http.request<ShippingDestinations>({ method: 'GET', path: '/ecom/v1/shipping-destinations' }),
};
