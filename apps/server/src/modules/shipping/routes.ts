import {
  createPickupLocationRequest,
  createShippingRegionRequest,
  emptyResponse,
  id,
  pickupLocationResponse,
  queryPickupLocationsRequest,
  queryPickupLocationsResponse,
  queryShippingRegionsRequest,
  queryShippingRegionsResponse,
  shippingDestinationsResponse,
  shippingRegionResponse,
  updatePickupLocationRequest,
  updateShippingRegionRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import {
  createPickupLocation,
  deletePickupLocation,
  getPickupLocation,
  queryPickupLocations,
  updatePickupLocation,
} from './pickups.ts';
import {
  createShippingRegion,
  deleteShippingRegion,
  getShippingRegion,
  queryShippingRegions,
  updateShippingRegion,
} from './regions.ts';
import { shippingDestinations } from './service.ts';

const REGIONS = '/ecom/v1/shipping-regions';
const PICKUPS = '/ecom/v1/pickup-locations';
const admin = ['admin'] as const;
const tags = ['shipping'] as const;
const byRegion = z.object({ shippingRegionId: id });
const byPickup = z.object({ pickupLocationId: id });

export function shippingRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: '/ecom/v1/shipping-destinations',
    roles: 'any',
    tags,
    summary:
      'The countries (and subdivisions) the store ships to, from what goods total each ships free, and whether pickup is offered (Vitrine; for country lists and the cart)',
    response: shippingDestinationsResponse,
    async handler(ctx) {
      return shippingDestinations(ctx);
    },
  });
  r.route({
    method: 'POST',
    url: REGIONS,
    roles: admin,
    owner: true,
    summary: 'Create a shipping region with its delivery options',
    tags,
    body: createShippingRegionRequest,
    response: shippingRegionResponse,
    async handler(ctx, { body }) {
      return { shippingRegion: await createShippingRegion(ctx, body.shippingRegion) };
    },
  });
  r.route({
    method: 'POST',
    url: `${REGIONS}/query`,
    roles: admin,
    summary: 'Query shipping regions (cursor paging)',
    tags,
    body: queryShippingRegionsRequest,
    response: queryShippingRegionsResponse,
    async handler(ctx, { body }) {
      return queryShippingRegions(ctx, body.query);
    },
  });
  r.route({
    method: 'GET',
    url: `${REGIONS}/:shippingRegionId`,
    roles: admin,
    summary: 'A shipping region',
    tags,
    params: byRegion,
    response: shippingRegionResponse,
    async handler(ctx, { params }) {
      return { shippingRegion: await getShippingRegion(ctx, params.shippingRegionId) };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${REGIONS}/:shippingRegionId`,
    roles: admin,
    owner: true,
    summary: 'Update a shipping region (fields given replace; revision must match)',
    tags,
    params: byRegion,
    body: updateShippingRegionRequest,
    response: shippingRegionResponse,
    async handler(ctx, { params, body }) {
      return {
        shippingRegion: await updateShippingRegion(ctx, params.shippingRegionId, body.shippingRegion),
      };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${REGIONS}/:shippingRegionId`,
    roles: admin,
    owner: true,
    summary: 'Delete a shipping region',
    tags,
    params: byRegion,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteShippingRegion(ctx, params.shippingRegionId);
      return {};
    },
  });

  r.route({
    method: 'POST',
    url: PICKUPS,
    roles: admin,
    owner: true,
    summary: 'Create a pickup location',
    tags,
    body: createPickupLocationRequest,
    response: pickupLocationResponse,
    async handler(ctx, { body }) {
      return { pickupLocation: await createPickupLocation(ctx, body.pickupLocation) };
    },
  });
  r.route({
    method: 'POST',
    url: `${PICKUPS}/query`,
    roles: admin,
    summary: 'Query pickup locations (cursor paging)',
    tags,
    body: queryPickupLocationsRequest,
    response: queryPickupLocationsResponse,
    async handler(ctx, { body }) {
      return queryPickupLocations(ctx, body.query);
    },
  });
  r.route({
    method: 'GET',
    url: `${PICKUPS}/:pickupLocationId`,
    roles: admin,
    summary: 'A pickup location',
    tags,
    params: byPickup,
    response: pickupLocationResponse,
    async handler(ctx, { params }) {
      return { pickupLocation: await getPickupLocation(ctx, params.pickupLocationId) };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${PICKUPS}/:pickupLocationId`,
    roles: admin,
    owner: true,
    summary: 'Update a pickup location (revision must match)',
    tags,
    params: byPickup,
    body: updatePickupLocationRequest,
    response: pickupLocationResponse,
    async handler(ctx, { params, body }) {
      return {
        pickupLocation: await updatePickupLocation(ctx, params.pickupLocationId, body.pickupLocation),
      };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${PICKUPS}/:pickupLocationId`,
    roles: admin,
    owner: true,
    summary: 'Delete a pickup location',
    tags,
    params: byPickup,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deletePickupLocation(ctx, params.pickupLocationId);
      return {};
    },
  });
}
