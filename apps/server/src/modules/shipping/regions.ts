/** Shipping regions admin API (/ecom/v1/shipping-regions). */
import { ENTITY_FQDN } from '@vitrine/contract';
import type {
  CursorQuery,
  ShippingRegionInput,
  ShippingRegionPatch,
  WireShippingRegion,
} from '@vitrine/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { conflict, notFound, violation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import { createEntity, deleteEntity, updateEntity, type AdminEntity } from '../../platform/admin-entity.ts';
import { getSettings } from '../settings/index.ts';
import {
  allRegions,
  deleteRegion,
  findRegion,
  insertRegion,
  regionsBase,
  regionSpec,
  updateRegion,
  type RegionRow,
  type StoredDestination,
} from './store.ts';
import { minorOf, storedDestinations, storedOptions, throwIfAny, toWireRegion } from './wire.ts';

export const REGION_FQDN = ENTITY_FQDN.shippingRegion;
/** Serialises region writes, so two regions can never come to cover the same destination. */
const REGION_LOCK = 7_331_201;

const keys = (ds: StoredDestination[]) =>
  ds.flatMap((d) => (d.subdivisions.length ? d.subdivisions.map((s) => `${d.country}/${s}`) : [d.country]));

/** A destination (a whole country, or one subdivision) belongs to one region only. */
async function checkOverlap(ctx: Ctx, id: string, destinations: StoredDestination[]): Promise<void> {
  await sql`select pg_advisory_xact_lock(${REGION_LOCK})`.execute(ctx.db);
  const mine = new Set(keys(destinations));
  for (const other of await allRegions(ctx.db)) {
    if (other.id === id) continue;
    const clash = keys(other.destinations).find((k) => mine.has(k));
    if (clash)
      throw conflict(
        'DESTINATION_ALREADY_COVERED',
        `${clash.replace('/', ' ')} is already covered by the region ${other.name}`,
        { destination: clash, regionId: other.id },
      );
  }
}

function build(
  input: Partial<ShippingRegionInput>,
  currency: string,
): Partial<Pick<RegionRow, 'name' | 'destinations' | 'options' | 'free_shipping_threshold'>> {
  const out: Parameters<typeof throwIfAny>[0] = [];
  const built = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.destinations ? { destinations: storedDestinations(out, input.destinations) } : {}),
    ...(input.options ? { options: storedOptions(out, input.options, currency) } : {}),
    ...(input.freeShippingThreshold !== undefined
      ? {
          free_shipping_threshold:
            input.freeShippingThreshold === null
              ? null
              : minorOf(out, 'shippingRegion.freeShippingThreshold', input.freeShippingThreshold, currency),
        }
      : {}),
  };
  throwIfAny(out);
  return built;
}

const missing = (id: string) =>
  notFound('Shipping region', { shippingRegionId: id }, 'SHIPPING_REGION_NOT_FOUND');

const regions = (currency: string): AdminEntity<RegionRow, WireShippingRegion> => ({
  fqdn: REGION_FQDN,
  label: 'shipping region',
  configuration: true,
  missing,
  wire: (_tx, row) => toWireRegion(row, currency),
});

export async function createShippingRegion(
  ctx: Ctx,
  input: ShippingRegionInput,
): Promise<WireShippingRegion> {
  const { currency } = await getSettings(ctx);
  const built = build(input, currency);
  const { entity } = await createEntity(ctx, regions(currency), async (tx) => {
    const id = newId();
    const now = tx.clock.now();
    await checkOverlap(tx, id, built.destinations!);
    return insertRegion(tx.db, {
      id,
      name: input.name,
      destinations: built.destinations!,
      options: built.options!,
      free_shipping_threshold: built.free_shipping_threshold ?? null,
      revision: 1,
      created_at: now,
      updated_at: now,
    });
  });
  return entity;
}

export async function getShippingRegion(ctx: Ctx, id: string): Promise<WireShippingRegion> {
  const row = await findRegion(ctx.db, id);
  if (!row) throw missing(id);
  return toWireRegion(row, (await getSettings(ctx)).currency);
}

export async function updateShippingRegion(
  ctx: Ctx,
  id: string,
  patch: ShippingRegionPatch,
): Promise<WireShippingRegion> {
  if (patch.id !== undefined && patch.id !== id) throw violation('shippingRegion.id', 'must match the path');
  const { currency } = await getSettings(ctx);
  const built = build(patch, currency);
  return updateEntity(ctx, regions(currency), {
    id,
    revision: patch.revision,
    lock: (tx) => findRegion(tx.db, id, true),
    write: async (tx, current) => {
      if (built.destinations) await checkOverlap(tx, id, built.destinations);
      return updateRegion(tx.db, {
        ...current,
        ...built,
        revision: current.revision + 1,
        updated_at: tx.clock.now(),
      });
    },
  });
}

export async function deleteShippingRegion(ctx: Ctx, id: string): Promise<void> {
  const { currency } = await getSettings(ctx);
  await deleteEntity(ctx, regions(currency), id, { remove: (tx) => deleteRegion(tx.db, id) });
}

export async function queryShippingRegions(ctx: Ctx, query: CursorQuery | undefined) {
  const { currency } = await getSettings(ctx);
  const page = await cursorPage(regionsBase(ctx.db), regionSpec, query);
  return {
    shippingRegions: page.items.map((r) => toWireRegion(r, currency)),
    pagingMetadata: metadata.cursor(page),
  };
}
