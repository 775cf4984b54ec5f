import { bumpConfigRevision } from './config-cache.ts';
import type { Ctx } from './context.ts';
import { inTransaction } from './db/tx.ts';
import { conflict, type AppError } from './errors.ts';
import { emitEvent } from './events.ts';

/**
 * The lifecycle every merchant-managed entity shares (shipping regions, pickup locations, tax rates,
 * additional fees, gift cards, discount rules, coupons), written once: in one transaction, the
 * optimistic revision check of an update, the module's own write, the configuration revision bump
 * (for entities the pricing configuration is made of; carts and checkouts re-read it then), and the
 * created / updated / deleted event carrying the wire form.
 */
export interface AdminEntity<Row extends { id: string; revision: number }, Wire> {
  /** The events' entity FQDN (`ENTITY_FQDN` of the contract). */
  fqdn: string;
  /** Named in messages: "The tax rate was changed by someone else". */
  label: string;
  /** Writes change the pricing configuration (its revision is bumped). */
  configuration: boolean;
  missing(id: string): AppError;
  /** The wire form events carry (inside the transaction). */
  wire(tx: Ctx, row: Row): Wire | Promise<Wire>;
  /** An update event's `modifiedFields`; by default `modifiedFields(before, after)`. */
  modified?(before: Wire, after: Wire): Record<string, unknown>;
}

/** `409 REVISION_MISMATCH` when the revision the caller read is not the stored one (none given: no check). */
export function checkRevision(label: string, given: string | undefined, current: number): void {
  if (given !== undefined && BigInt(given) !== BigInt(current)) {
    throw conflict('REVISION_MISMATCH', `The ${label} was changed by someone else; reload and try again`, {
      expected: given,
      actual: String(current),
    });
  }
}

/** Top-level fields whose values differ, with their previous values (an update event's `modifiedFields`). */
export function modifiedFields(
  before: object,
  after: object,
  ignore: readonly string[] = ['revision', 'updatedDate'],
): Record<string, unknown> {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (ignore.includes(k)) continue;
    if (JSON.stringify(b[k]) !== JSON.stringify(a[k])) out[k] = b[k] ?? null;
  }
  return out;
}

/** Creates: `insert` writes the row (checks of its own included); returns the row and its wire form. */
export function createEntity<Row extends { id: string; revision: number }, Wire>(
  ctx: Ctx,
  e: AdminEntity<Row, Wire>,
  insert: (tx: Ctx) => Promise<Row>,
): Promise<{ row: Row; entity: Wire }> {
  return inTransaction(ctx, async (tx) => {
    const row = await insert(tx);
    if (e.configuration) await bumpConfigRevision(tx.db);
    const entity = await e.wire(tx, row);
    await emitEvent(tx, { entityFqdn: e.fqdn, slug: 'created', entityId: row.id, createdEvent: { entity } });
    return { row, entity };
  });
}

/**
 * Updates: `lock` reads the row FOR UPDATE, its revision must be `revision` (when given), `write`
 * stores the next row (checks of its own included); returns the updated wire form.
 */
export function updateEntity<Row extends { id: string; revision: number }, Wire>(
  ctx: Ctx,
  e: AdminEntity<Row, Wire>,
  o: {
    id: string;
    revision: string | undefined;
    lock(tx: Ctx): Promise<Row | undefined>;
    write(tx: Ctx, current: Row): Promise<Row>;
  },
): Promise<Wire> {
  return inTransaction(ctx, async (tx) => {
    const current = await o.lock(tx);
    if (!current) throw e.missing(o.id);
    checkRevision(e.label, o.revision, current.revision);
    const saved = await o.write(tx, current);
    if (e.configuration) await bumpConfigRevision(tx.db);
    const before = await e.wire(tx, current);
    const after = await e.wire(tx, saved);
    const modified = e.modified
      ? e.modified(before, after)
      : modifiedFields(before as object, after as object);
    await emitEvent(tx, {
      entityFqdn: e.fqdn,
      slug: 'updated',
      entityId: o.id,
      updatedEvent: { currentEntity: after, modifiedFields: modified },
    });
    return after;
  });
}

/**
 * Deletes: `remove` deletes the row and returns it (undefined: not found). With `lock`, the row is
 * read FOR UPDATE and shown before `remove` (for rows whose wire form reads rows the delete cascades to).
 */
export async function deleteEntity<Row extends { id: string; revision: number }, Wire>(
  ctx: Ctx,
  e: AdminEntity<Row, Wire>,
  id: string,
  o: { lock?(tx: Ctx): Promise<Row | undefined>; remove(tx: Ctx): Promise<Row | undefined | void> },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    let row: Row | undefined;
    let entity: Wire;
    if (o.lock) {
      row = await o.lock(tx);
      if (!row) throw e.missing(id);
      entity = await e.wire(tx, row);
      await o.remove(tx);
    } else {
      row = (await o.remove(tx)) ?? undefined;
      if (!row) throw e.missing(id);
      entity = await e.wire(tx, row);
    }
    if (e.configuration) await bumpConfigRevision(tx.db);
    await emitEvent(tx, {
      entityFqdn: e.fqdn,
      slug: 'deleted',
      entityId: id,
      deletedEvent: { deletedEntity: entity },
    });
  });
}

/** A `modified` that looks at these fields only (compared as JSON), with their previous values. */
export const fieldsModified =
  <Wire>(keys: readonly (keyof Wire & string)[]) =>
  (before: Wire, after: Wire): Record<string, unknown> =>
    Object.fromEntries(
      keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])).map((k) => [k, before[k]]),
    );
