/** Pickup locations admin API (/ecom/v1/pickup-locations); each active one is a pickup option at checkout, its id the option code. */
import { ENTITY_FQDN } from '@vitrine/contract';
import type {
  CursorQuery,
  FieldViolation,
  PickupLocationInput,
  PickupLocationPatch,
  WirePickupLocation,
} from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { notFound, violation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import { createEntity, deleteEntity, updateEntity, type AdminEntity } from '../../platform/admin-entity.ts';
import type { Address } from '../pricing/index.ts';
import { getSettings } from '../settings/index.ts';
import {
  deletePickup,
  findPickup,
  insertPickup,
  pickupsBase,
  pickupSpec,
  updatePickup,
  type PickupRow,
} from './store.ts';
import { fullSubdivision, minorOf, throwIfAny, toWirePickup } from './wire.ts';

export const PICKUP_FQDN = ENTITY_FQDN.pickupLocation;

function build(input: Partial<PickupLocationInput>, currency: string): Partial<PickupRow> {
  const out: FieldViolation[] = [];
  let address: Address | undefined;
  if (input.address) {
    const { subdivision, ...rest } = input.address;
    address = {
      ...rest,
      ...(subdivision
        ? {
            subdivision: fullSubdivision(
              out,
              'pickupLocation.address.subdivision',
              rest.country,
              subdivision,
            ),
          }
        : {}),
    };
  }
  const built: Partial<PickupRow> = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.pickupMethod !== undefined ? { pickup_method: input.pickupMethod } : {}),
    ...(address ? { address } : {}),
    ...(input.businessLocation !== undefined ? { business_location: input.businessLocation ?? null } : {}),
    ...(input.cost !== undefined ? { cost: minorOf(out, 'pickupLocation.cost', input.cost, currency) } : {}),
    ...(input.instructions !== undefined ? { instructions: input.instructions ?? null } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  throwIfAny(out);
  return built;
}

const missing = (id: string) =>
  notFound('Pickup location', { pickupLocationId: id }, 'PICKUP_LOCATION_NOT_FOUND');

const pickups = (currency: string): AdminEntity<PickupRow, WirePickupLocation> => ({
  fqdn: PICKUP_FQDN,
  label: 'pickup location',
  configuration: true,
  missing,
  wire: (_tx, row) => toWirePickup(row, currency),
});

export async function createPickupLocation(
  ctx: Ctx,
  input: PickupLocationInput,
): Promise<WirePickupLocation> {
  const { currency } = await getSettings(ctx);
  const b = build(input, currency);
  const { entity } = await createEntity(ctx, pickups(currency), (tx) => {
    const now = tx.clock.now();
    return insertPickup(tx.db, {
      id: newId(),
      name: input.name,
      pickup_method: input.pickupMethod,
      address: b.address!,
      business_location: b.business_location ?? null,
      cost: b.cost ?? 0,
      instructions: b.instructions ?? null,
      active: b.active ?? true,
      revision: 1,
      created_at: now,
      updated_at: now,
    });
  });
  return entity;
}

export async function getPickupLocation(ctx: Ctx, id: string): Promise<WirePickupLocation> {
  const row = await findPickup(ctx.db, id);
  if (!row) throw missing(id);
  return toWirePickup(row, (await getSettings(ctx)).currency);
}

export async function updatePickupLocation(
  ctx: Ctx,
  id: string,
  patch: PickupLocationPatch,
): Promise<WirePickupLocation> {
  if (patch.id !== undefined && patch.id !== id) throw violation('pickupLocation.id', 'must match the path');
  const { currency } = await getSettings(ctx);
  const b = build(patch, currency);
  return updateEntity(ctx, pickups(currency), {
    id,
    revision: patch.revision,
    lock: (tx) => findPickup(tx.db, id, true),
    write: (tx, current) =>
      updatePickup(tx.db, { ...current, ...b, revision: current.revision + 1, updated_at: tx.clock.now() }),
  });
}

export async function deletePickupLocation(ctx: Ctx, id: string): Promise<void> {
  const { currency } = await getSettings(ctx);
  await deleteEntity(ctx, pickups(currency), id, { remove: (tx) => deletePickup(tx.db, id) });
}

export async function queryPickupLocations(ctx: Ctx, query: CursorQuery | undefined) {
  const { currency } = await getSettings(ctx);
  const page = await cursorPage(pickupsBase(ctx.db), pickupSpec, query);
  return {
    pickupLocations: page.items.map((p) => toWirePickup(p, currency)),
    pagingMetadata: metadata.cursor(page),
  };
}
