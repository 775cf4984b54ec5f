/**
 * Where the store ships and what it charges, as plain typed calls: shipping regions with their
 * delivery options and rates, pickup locations, tax rates and additional fees. Anyone on the staff
 * reads them; changes are for owners (403 `OWNER_ONLY`). Every change names the revision it was
 * made from (409 `REVISION_MISMATCH` when stale). apps/server/src/modules/shipping and tax READMEs.
 */
import type {
  AdditionalFeeInput,
  AdditionalFeePatch,
  PickupLocationInput,
  PickupLocationPatch,
  ShippingRegionInput,
  ShippingRegionPatch,
  TaxRateInput,
  TaxRatePatch,
  WireAdditionalFee,
  WirePickupLocation,
  WireShippingRegion,
  WireTaxRate,
} from '@vitrine/contract';
import type { HttpClient } from '../http.ts';

/**
 * The five calls of one configuration entity: `list` (up to 100, oldest first: the order the
 * calculator applies them in), `create`, `update` (`{…fields, revision}`), `delete`.
 */
function configCalls<T, In, Patch extends { revision: string }>(base: string, key: string, listKey: string) {
  return {
    list: async (http: HttpClient): Promise<T[]> =>
      (
        await http.request<Record<string, T[]>>({
          method: 'POST',
          path: `${base}/query`,
          body: {
            query: { sort: [{ fieldName: 'createdDate', order: 'ASC' }], cursorPaging: { limit: 100 } },
          },
        })
      )[listKey] ?? [],
    create: async (http: HttpClient, input: In): Promise<T> =>
      (await http.request<Record<string, T>>({ method: 'POST', path: base, body: { [key]: input } }))[key]!,
    update: async (http: HttpClient, v: { id: string; patch: Patch }): Promise<T> =>
      (
        await http.request<Record<string, T>>({
          method: 'PATCH',
          path: `${base}/{id}`,
          pathParams: { id: v.id },
          body: { [key]: v.patch },
        })
      )[key]!,
    delete: (http: HttpClient, id: string) =>
      http.request<object>({ method: 'DELETE', path: `${base}/{id}`, pathParams: { id } }),
  };
}

export const shippingRegionCalls = configCalls<WireShippingRegion, ShippingRegionInput, ShippingRegionPatch>(
  '/ecom/v1/shipping-regions',
  'shippingRegion',
  'shippingRegions',
);
export const pickupLocationCalls = configCalls<WirePickupLocation, PickupLocationInput, PickupLocationPatch>(
  '/ecom/v1/pickup-locations',
  'pickupLocation',
  'pickupLocations',
);
export const taxRateCalls = configCalls<WireTaxRate, TaxRateInput, TaxRatePatch>(
  '/ecom/v1/tax-rates',
  'taxRate',
  'taxRates',
);
export const additionalFeeCalls = configCalls<WireAdditionalFee, AdditionalFeeInput, AdditionalFeePatch>(
  '/ecom/v1/additional-fees',
  'additionalFee',
  'additionalFees',
);
