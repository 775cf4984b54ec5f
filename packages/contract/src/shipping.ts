import { z } from 'zod';
import { cursorPagingMetadata, cursorQuery } from './query.ts';
import { decimalString, id, int64, isoDate, price } from './scalars.ts';
import { countryCode, subdivisionCode } from './settings.ts';

/** Shipping regions (/ecom/v1/shipping-regions) and pickup locations (/ecom/v1/pickup-locations). Money: decimal strings. */
const money = decimalString({ scale: 4, max: 1e12 });
const weight = decimalString({ scale: 3, max: 1_000_000 });

export const shippingDestination = z.strictObject({
  country: countryCode,
  /** Empty or absent: the whole country. */
  subdivisions: z.array(subdivisionCode).max(100).optional(),
});
const bracketOf = <T extends z.ZodType>(upTo: T) =>
  z.strictObject({
    /** Inclusive upper bound; omitted on the last bracket (no limit). */
    upTo: upTo.optional(),
    cost: money,
  });
export const shippingRule = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('FLAT'), cost: money }),
  z.strictObject({
    type: z.literal('BY_WEIGHT'),
    weightUnit: z.enum(['KG', 'LB']),
    brackets: z.array(bracketOf(weight)).min(1).max(50),
  }),
  z.strictObject({ type: z.literal('BY_PRICE'), brackets: z.array(bracketOf(money)).min(1).max(50) }),
  z.strictObject({
    type: z.literal('BY_QUANTITY'),
    brackets: z
      .array(bracketOf(z.number().int().min(1).max(1_000_000)))
      .min(1)
      .max(50),
  }),
]);
export type WireShippingRule = z.infer<typeof shippingRule>;
export const deliveryTimeSlot = z.strictObject({ from: isoDate, to: isoDate });
export const shippingOption = z.strictObject({
  /** What checkouts select it by; unique within the region. */
  code: z
    .string()
    .regex(
      /^[a-z0-9](?:[a-z0-9_-]{0,48}[a-z0-9])?$/,
      'must be lower-case letters, digits, dashes or underscores',
    ),
  title: z.string().trim().min(1).max(100),
  deliveryTime: z.string().trim().min(1).max(100).optional(),
  rule: shippingRule,
  deliveryTimeSlots: z.array(deliveryTimeSlot).max(50).optional(),
});
export type WireShippingOption = z.infer<typeof shippingOption>;

const regionFields = {
  name: z.string().trim().min(1).max(100),
  destinations: z.array(shippingDestination).min(1).max(300),
  options: z.array(shippingOption).min(1).max(20),
  /** Goods total (after item and order discounts) from which delivery is free; null: never. */
  freeShippingThreshold: money.nullish(),
};
export const shippingRegionInput = z.strictObject({ ...regionFields, id: z.string().optional() });
export const shippingRegionPatch = z.strictObject({
  ...z.object(regionFields).partial().shape,
  id: z.string().optional(),
  revision: int64,
});
export type ShippingRegionInput = z.infer<typeof shippingRegionInput>;
export type ShippingRegionPatch = z.infer<typeof shippingRegionPatch>;

export const shippingRegion = z.object({
  id,
  name: z.string(),
  destinations: z.array(z.object({ country: z.string(), subdivisions: z.array(z.string()) })),
  options: z.array(shippingOption),
  freeShippingThreshold: z.string().nullable(),
  revision: z.string(),
  createdDate: isoDate,
  updatedDate: isoDate,
});
export type WireShippingRegion = z.infer<typeof shippingRegion>;

export const createShippingRegionRequest = z.strictObject({ shippingRegion: shippingRegionInput });
export const updateShippingRegionRequest = z.strictObject({ shippingRegion: shippingRegionPatch });
export const shippingRegionResponse = z.object({ shippingRegion });
export const queryShippingRegionsRequest = z.strictObject({ query: cursorQuery.optional() });
export const queryShippingRegionsResponse = z.object({
  shippingRegions: z.array(shippingRegion),
  pagingMetadata: cursorPagingMetadata,
});

export const pickupAddress = z.strictObject({
  country: countryCode,
  subdivision: subdivisionCode.optional(),
  city: z.string().trim().min(1).max(100).optional(),
  addressLine: z.string().trim().min(1).max(200).optional(),
  postalCode: z.string().trim().min(1).max(20).optional(),
});
const pickupFields = {
  name: z.string().trim().min(1).max(100),
  pickupMethod: z.enum(['STORE_PICKUP', 'PICKUP_POINT']),
  address: pickupAddress,
  businessLocation: z.string().trim().min(1).max(100).nullish(),
  cost: money.optional(),
  instructions: z.string().trim().min(1).max(1000).nullish(),
  /** Only active locations are offered at checkout. */
  active: z.boolean().optional(),
};
export const pickupLocationInput = z.strictObject({ ...pickupFields, id: z.string().optional() });
export const pickupLocationPatch = z.strictObject({
  ...z.object(pickupFields).partial().shape,
  id: z.string().optional(),
  revision: int64,
});
export type PickupLocationInput = z.infer<typeof pickupLocationInput>;
export type PickupLocationPatch = z.infer<typeof pickupLocationPatch>;

export const pickupLocation = z.object({
  /** Also the code checkouts select it by. */
  id,
  name: z.string(),
  pickupMethod: z.enum(['STORE_PICKUP', 'PICKUP_POINT']),
  address: pickupAddress,
  businessLocation: z.string().nullable(),
  cost: z.string(),
  instructions: z.string().nullable(),
  active: z.boolean(),
  revision: z.string(),
  createdDate: isoDate,
  updatedDate: isoDate,
});
export type WirePickupLocation = z.infer<typeof pickupLocation>;

export const createPickupLocationRequest = z.strictObject({ pickupLocation: pickupLocationInput });
export const updatePickupLocationRequest = z.strictObject({ pickupLocation: pickupLocationPatch });
export const pickupLocationResponse = z.object({ pickupLocation });
export const queryPickupLocationsRequest = z.strictObject({ query: cursorQuery.optional() });
export const queryPickupLocationsResponse = z.object({
  pickupLocations: z.array(pickupLocation),
  pagingMetadata: cursorPagingMetadata,
});

/**
 * `GET /ecom/v1/shipping-destinations` (anyone; Vitrine's own, for storefront country lists): the
 * countries the store ships to, each whole (`subdivisions` empty) or only some of its subdivisions
 * (ISO 3166-2), sorted by country code; `freeShippingFrom`, the goods total (physical items after
 * discounts) from which delivery there costs nothing, when every region covering the country has
 * the same; and whether any pickup location is offered.
 */
export const shippingDestinationsResponse = z.object({
  destinations: z.array(
    z.object({ country: z.string(), subdivisions: z.array(z.string()), freeShippingFrom: price.optional() }),
  ),
  pickupAvailable: z.boolean(),
});
export type ShippingDestinations = z.infer<typeof shippingDestinationsResponse>;
