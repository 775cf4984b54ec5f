import { eventType } from '@vitrine/contract';
import type { DomainEvent, EventIdentity } from '@vitrine/contract';
import { sql } from 'kysely';
import { callerIdentity, type Ctx } from './context.ts';
import { daysBefore, hourlyPurge } from './db/purge.ts';
import { deferAdvisoryLock, deferInsert, deferredRows, insertRows, inTransaction } from './db/tx.ts';
import { newId } from './ids.ts';
import { DELIVER_JOB, enqueueJob, type JobHandler } from './jobs.ts';

export type EventBody =
  | { createdEvent: { entity: unknown } }
  | { updatedEvent: { currentEntity: unknown; modifiedFields: Record<string, unknown> } }
  | { deletedEvent: { deletedEntity?: unknown } }
  | { actionEvent: { body: unknown } };

export type EventInput = {
  entityFqdn: string;
  slug: string;
  entityId: string;
  originatedFrom?: string;
} & EventBody;

/** An in-process consumer of events, delivered at least once through the job runner. */
export interface Subscriber {
  name: string;
  /** Full event types (`wix.ecom.v1.cart_created`) or '*' for all. */
  eventTypes: readonly string[] | '*';
  /**
   * For a subscriber that acts on only some events of its types, judged on the event as emitted:
   * no delivery job is written for the others (a job per event costs a claim, a read, an update).
   */
  wants?(event: EventInput): boolean;
  handle(ctx: Ctx, event: DomainEvent): Promise<void>;
}

export const eventTypeOf = eventType;
export { DELIVER_JOB };

/**
 * Writes an event to the outbox in the caller's transaction (`ctx.db`), and one delivery job per
 * interested subscriber in the same transaction: if the change rolls back, so does the event.
 * Returns the event's id.
 */
export function emitEvent(ctx: Ctx, input: EventInput, o: { entityLocked?: boolean } = {}): Promise<string> {
  // A caller outside a transaction still gets the event and its delivery jobs atomically.
  return inTransaction(ctx, (tx) => writeEvent(tx, input, o.entityLocked ?? false));
}

/**
 * `entityLocked`: the caller's transaction already holds a row lock on the entity (it inserted,
 * updated or deleted its row first), which serialises its events as well as the advisory lock would.
 */
async function writeEvent(ctx: Ctx, input: EventInput, entityLocked: boolean): Promise<string> {
  const { entityFqdn, slug, entityId, originatedFrom, ...body } = input;
  const eventType = eventTypeOf(entityFqdn, slug);
  const identity = callerIdentity(ctx.caller);
  const now = ctx.clock.now();
  const id = newId();
  const lockKey = `${entityFqdn}/${entityId}`;
  // Inside a transaction the event and its delivery jobs are written with the other deferred rows
  // just before COMMIT (one statement); the sequence is then numbered after this entity's stored
  // ones, counting the transaction's earlier events of the entity.
  const rank = deferredRows(ctx.db, 'event').filter(
    (e) => e.entity_fqdn === entityFqdn && e.entity_id === entityId,
  ).length;
  const row = {
    id,
    event_type: eventType,
    entity_fqdn: entityFqdn,
    slug,
    entity_id: entityId,
    entity_event_sequence: rank + 1,
    body,
    identity,
    originated_from: originatedFrom ?? null,
    created_at: now,
  };
  if (deferInsert(ctx.db, 'event', row)) {
    // Serialises writers of one entity from the flush to COMMIT, so max(sequence) + 1 never hands
    // out a number twice (a row lock the caller holds on the entity does the same).
    if (!entityLocked) deferAdvisoryLock(ctx.db, lockKey);
  } else {
    if (!entityLocked)
      await sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`.execute(ctx.db);
    await insertRows(ctx.db, 'event', [row]);
  }
  await enqueueDeliveries(ctx, id, eventType, input);
  return id;
}

async function enqueueDeliveries(ctx: Ctx, eventId: string, eventType: string, input: EventInput) {
  for (const s of ctx.services.subscribers.values()) {
    if ((s.eventTypes === '*' || s.eventTypes.includes(eventType)) && (s.wants?.(input) ?? true)) {
      await enqueueJob(ctx, DELIVER_JOB, { eventId, subscriber: s.name });
    }
  }
}

type EventRow = {
  id: string;
  event_type: string;
  entity_fqdn: string;
  slug: string;
  entity_id: string;
  entity_event_sequence: number;
  body: unknown;
  identity: unknown;
  originated_from: string | null;
  created_at: Date;
};

export function toDomainEvent(r: EventRow): DomainEvent {
  return {
    id: r.id,
    eventType: r.event_type,
    entityFqdn: r.entity_fqdn,
    slug: r.slug,
    entityId: r.entity_id,
    eventTime: r.created_at.toISOString(),
    entityEventSequence: String(r.entity_event_sequence),
    triggeredByAnonymizeRequest: false,
    originatedFrom: r.originated_from,
    identity: r.identity as EventIdentity,
    ...(r.body as EventBody),
  };
}

/** The job that hands one event to one subscriber; a throwing subscriber is retried with backoff. */
export const deliverEventJob: JobHandler<{ eventId: string; subscriber: string }> = {
  name: DELIVER_JOB,
  maxAttempts: 10,
  async run(ctx, { eventId, subscriber }, { event }) {
    const s = ctx.services.subscribers.get(subscriber);
    if (!s) throw new Error(`no subscriber named ${subscriber} in this process`);
    // The runner read the event with its claim (as JSON); a run without it reads it here.
    const row = event
      ? { ...(event as EventRow), created_at: new Date(event.created_at as string) }
      : await ctx.db.selectFrom('event').selectAll().where('id', '=', eventId).executeTakeFirst();
    if (!row) return; // the event is gone (purged); nothing to deliver
    await s.handle(ctx, toDomainEvent(row));
  },
};

/**
 * Deletes the events older than EVENT_RETENTION_DAYS (config; they are an outbox and a recent log,
 * not an archive), hourly, in batches, along the primary key (ids are UUIDv7). In the same statement
 * it keeps each entity's highest deleted sequence number (event_sequence), so that entity's next
 * event goes on from there. A delivery job whose event is gone has nothing to deliver (deliverEventJob).
 */
export const purgeEvents = hourlyPurge('events.purge', (ctx, now) => {
  const before = daysBefore(now, ctx.config.EVENT_RETENTION_DAYS);
  return {
    table: 'event',
    before,
    which: sql<boolean>`created_at < ${before}`,
    walk: 'id',
    returning: sql`x.entity_fqdn, x.entity_id, x.entity_event_sequence`,
    also: sql`kept as (
      insert into event_sequence (entity_fqdn, entity_id, last)
      select entity_fqdn, entity_id, max(entity_event_sequence) from gone group by 1, 2
      on conflict (entity_fqdn, entity_id) do update set last = greatest(event_sequence.last, excluded.last))`,
  };
});
