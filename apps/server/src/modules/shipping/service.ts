/** What other modules call: the calculator's shipping configuration. The admin APIs live in regions.ts and pickups.ts. */
import type { ShippingDestinations } from '@vitrine/contract';
import { configCache } from '../../platform/config-cache.ts';
import type { Ctx } from '../../platform/context.ts';
import { price } from '../../platform/money.ts';
import type { Executor } from '../../platform/db/tx.ts';
import type { PickupOptionDef, ShippingRegion } from '../pricing/index.ts';
import { getSettings } from '../settings/index.ts';
import { activePickups, allRegions, type PickupRow, type RegionRow } from './store.ts';

export function regionForPricing(r: RegionRow): ShippingRegion {
  return {
    id: r.id,
    name: r.name,
    countries: r.destinations.map((d) => ({
      country: d.country,
      ...(d.subdivisions.length ? { subdivisions: d.subdivisions } : {}),
    })),
    options: r.options,
    ...(r.free_shipping_threshold !== null
      ? { freeShippingThresholdMinor: Number(r.free_shipping_threshold) }
      : {}),
  };
}

/** A pickup location as a shipping option: its code is the location id. */
export function pickupForPricing(p: PickupRow): PickupOptionDef {
  return {
    code: p.id,
    title: p.name,
    costMinor: Number(p.cost),
    pickupMethod: p.pickup_method,
    address: p.address,
    ...(p.business_location !== null ? { businessLocation: p.business_location } : {}),
    ...(p.instructions !== null ? { instructions: p.instructions } : {}),
  };
}

/** Every region (oldest first) and every active pickup location. */
export async function loadShippingConfig(
  db: Executor,
): Promise<{ regions: ShippingRegion[]; pickupOptions: PickupOptionDef[] }> {
  const [regions, pickups] = await Promise.all([allRegions(db), activePickups(db)]);
  return { regions: regions.map(regionForPricing), pickupOptions: pickups.map(pickupForPricing) };
}

/**
 * The countries the store ships to (a country is whole when any region covers all of it, else the
 * union of its regions' subdivisions), each with the goods total from which its delivery is free
 * when every region covering it frees it from the same amount; and whether pickup is offered.
 * Amounts in the store currency, whose settings the caller passes.
 */
export async function shippingDestinations(ctx: Ctx): Promise<ShippingDestinations> {
  const [{ destinations, pickupAvailable }, { currency, locale }] = await Promise.all([
    destinationsCache.current(ctx.db),
    getSettings(ctx),
  ]);
  return {
    destinations: destinations.map(({ freeFromMinor, ...d }) =>
      freeFromMinor === undefined ? d : { ...d, freeShippingFrom: price(freeFromMinor, currency, locale) },
    ),
    pickupAvailable,
  };
}

interface Destination {
  country: string;
  subdivisions: string[];
  freeFromMinor?: number;
}

/** Cached per configuration revision. */
const destinationsCache = configCache(
  async (db): Promise<{ destinations: Destination[]; pickupAvailable: boolean }> => {
    const { regions, pickupOptions } = await loadShippingConfig(db);
    const byCountry = new Map<string, Set<string> | 'whole'>();
    /** Each country's regions' thresholds (null: a region without one). */
    const thresholds = new Map<string, Set<number | null>>();
    for (const r of regions) {
      for (const c of r.countries) {
        const seen = thresholds.get(c.country) ?? new Set();
        thresholds.set(c.country, seen.add(r.freeShippingThresholdMinor ?? null));
        const known = byCountry.get(c.country);
        if (known === 'whole') continue;
        if (!c.subdivisions?.length) byCountry.set(c.country, 'whole');
        else byCountry.set(c.country, new Set([...(known ?? []), ...c.subdivisions]));
      }
    }
    const destinations = [...byCountry]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([country, subs]): Destination => {
        const [only, ...more] = thresholds.get(country) ?? [];
        return {
          country,
          subdivisions: subs === 'whole' ? [] : [...subs].sort(),
          ...(typeof only === 'number' && more.length === 0 ? { freeFromMinor: only } : {}),
        };
      });
    return { destinations, pickupAvailable: pickupOptions.length > 0 };
  },
);
