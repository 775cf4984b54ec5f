import { ENTITY_FQDN } from '@vitrine/contract';
/** Pickup locations admin API (/ecom/v1/pickup-locations); each active one is a pickup option at checkout, its id the option code. */
import type {
  CursorQuery,
  FieldViolation,
  PickupLocationInput,
  PickupLocationPatch,
  WirePickupLocation,
} from '@vitrine/contract';
import { bumpConfigRevision } from '../../platform/config-cache.ts';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { conflict, notFound, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
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
import { fullSubdivision, minorOf, modifiedFields, throwIfAny, toWirePickup } from './wire.ts';

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

export async function createPickupLocation(
  ctx: Ctx,
  input: PickupLocationInput,
): Promise<WirePickupLocation> {
  const { currency } = await getSettings(ctx);
  const b = build(input, currency);
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const row = await insertPickup(tx.db, {
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
    await bumpConfigRevision(tx.db);
    const pickup = toWirePickup(row, currency);
    await emitEvent(tx, {
      entityFqdn: PICKUP_FQDN,
      slug: 'created',
      entityId: row.id,
      createdEvent: { entity: pickup },
    });
    return pickup;
  });
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
  return inTransaction(ctx, async (tx) => {
    const current = await findPickup(tx.db, id, true);
    if (!current) throw missing(id);
    if (BigInt(patch.revision) !== BigInt(current.revision)) {
      throw conflict(
        'REVISION_MISMATCH',
        'The pickup location was changed by someone else; reload and try again',
        { expected: patch.revision, actual: String(current.revision) },
      );
    }
    const saved = await updatePickup(tx.db, {
      ...current,
      ...b,
      revision: current.revision + 1,
      updated_at: tx.clock.now(),
    });
    await bumpConfigRevision(tx.db);
    const pickup = toWirePickup(saved, currency);
    await emitEvent(tx, {
      entityFqdn: PICKUP_FQDN,
      slug: 'updated',
      entityId: id,
      updatedEvent: {
        currentEntity: pickup,
        modifiedFields: modifiedFields(toWirePickup(current, currency), pickup),
      },
    });
    return pickup;
  });
}

export async function deletePickupLocation(ctx: Ctx, id: string): Promise<void> {
  const { currency } = await getSettings(ctx);
  await inTransaction(ctx, async (tx) => {
    const row = await deletePickup(tx.db, id);
    if (!row) throw missing(id);
    await bumpConfigRevision(tx.db);
    await emitEvent(tx, {
      entityFqdn: PICKUP_FQDN,
      slug: 'deleted',
      entityId: id,
      deletedEvent: { deletedEntity: toWirePickup(row, currency) },
    });
  });
}

export async function queryPickupLocations(ctx: Ctx, query: CursorQuery | undefined) {
  const { currency } = await getSettings(ctx);
  const page = await cursorPage(pickupsBase(ctx.db), pickupSpec, query);
  return {
    pickupLocations: page.items.map((p) => toWirePickup(p, currency)),
    pagingMetadata: metadata.cursor(page),
  };
}
