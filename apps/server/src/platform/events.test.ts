import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DomainEvent, Job, StoreSettings } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_FQDN } from '../modules/settings/index.ts';
import { freshDatabase, testEngine } from '../test/database.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { openPglite, type Db } from './db/connect.ts';
import { inTransaction } from './db/tx.ts';
import { DELIVER_JOB, emitEvent, type Subscriber } from './events.ts';
import { newId } from './ids.ts';
import { backoffMs, enqueueJob } from './jobs.ts';

const UPDATED = `${SETTINGS_FQDN}_updated`;
const SETTINGS = '/platform/v1/store-settings';
type Settings = { settings: StoreSettings };
type Envelope = {
  details: {
    applicationError?: { code: string };
    validationError?: { fieldViolations: { field: string; violatedRule: string }[] };
  };
};

/** A subscriber that records what it receives, and throws while `failing` is set. */
function recorder(name: string, eventTypes: Subscriber['eventTypes'] = [UPDATED]) {
  const received: DomainEvent[] = [];
  const sub = {
    name,
    eventTypes,
    failing: false,
    calls: 0,
    received,
    async handle(_ctx: unknown, event: DomainEvent) {
      sub.calls++;
      if (sub.failing) throw new Error(`${name} is down`);
      received.push(event);
    },
  };
  return sub;
}

/** The settings events, oldest first, through the admin API. */
async function settingsEvents(s: TestServer): Promise<DomainEvent[]> {
  const r = await s.admin<{ events: DomainEvent[] }>('POST', '/platform/v1/events/query', {
    query: { filter: { entityFqdn: SETTINGS_FQDN }, cursorPaging: { limit: 100 } },
  });
  expect(r.status).toBe(200);
  return r.body.events.sort((a, b) => Number(a.entityEventSequence) - Number(b.entityEventSequence));
}

async function deliveryJobs(s: TestServer): Promise<Job[]> {
  const r = await s.admin<{ jobs: Job[] }>('POST', '/platform/v1/jobs/query', {
    query: { filter: { name: 'events.deliver' }, cursorPaging: { limit: 100 } },
  });
  expect(r.status).toBe(200);
  return r.body.jobs;
}

const getJob = async (s: TestServer, id: string) =>
  (await s.admin<{ job: Job }>('GET', `/platform/v1/jobs/${id}`)).body.job;

describe('events of a settings change', () => {
  const sub = recorder('recorder');
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ subscribers: [sub] });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('writes exactly one event per PATCH, in the §10 envelope, with a per-entity sequence', async () => {
    const before = (await s.admin<Settings>('GET', SETTINGS)).body.settings;
    const first = await s.admin<Settings>('PATCH', SETTINGS, { settings: { storeName: 'Corner Shop' } });
    expect(first.status).toBe(200);
    const events = await settingsEvents(s);
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      eventType: UPDATED,
      entityFqdn: SETTINGS_FQDN,
      slug: 'updated',
      entityId: 'store',
      eventTime: s.clock.now().toISOString(),
      entityEventSequence: '1',
      triggeredByAnonymizeRequest: false,
      originatedFrom: null,
      identity: { identityType: 'APP', appId: 'admin-api-key' },
      updatedEvent: { currentEntity: first.body.settings, modifiedFields: { storeName: before.storeName } },
    });

    s.clock.advance(1000);
    const second = await s.admin<Settings>('PATCH', SETTINGS, {
      settings: { currency: 'EUR', weightUnit: 'LB', storeName: 'Corner Shop' },
    });
    expect(second.status).toBe(200);
    const after = await settingsEvents(s);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({
      entityEventSequence: '2',
      eventTime: s.clock.now().toISOString(),
      updatedEvent: {
        currentEntity: second.body.settings,
        modifiedFields: { currency: before.currency, weightUnit: before.weightUnit },
      },
    });
    expect(Object.keys(after[1]!.updatedEvent!.modifiedFields).sort()).toEqual(['currency', 'weightUnit']);
  });

  it('hands the event to an in-process subscriber, as the outbox holds it', async () => {
    const [, latest] = await settingsEvents(s);
    const delivered = await s.until(async () => sub.received.find((e) => e.id === latest!.id));
    expect(delivered).toEqual(latest);
    const jobs = await s.until(async () => {
      const all = await deliveryJobs(s);
      return all.length === 2 && all.every((j) => j.status === 'SUCCEEDED') && all;
    });
    expect(jobs.map((j) => j.payload)).toEqual(
      expect.arrayContaining([{ eventId: latest!.id, subscriber: 'recorder' }]),
    );
  });

  it.skipIf(testEngine() !== 'postgres')(
    'numbers concurrent events of one entity 1..n, none twice (needs parallel connections; PGlite is one session)',
    async () => {
      const entity = { entityFqdn: 'vitrine.test.v1.thing', slug: 'pinged', entityId: 'thing-1' };
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          emitEvent(s.app.systemCtx(), { ...entity, actionEvent: { body: { i } } }),
        ),
      );
      const r = await s.admin<{ events: DomainEvent[] }>('POST', '/platform/v1/events/query', {
        query: { filter: { entityId: 'thing-1' }, cursorPaging: { limit: 100 } },
      });
      expect(r.body.events.map((e) => Number(e.entityEventSequence)).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 30 }, (_, i) => i + 1),
      );
    },
  );

  it('writes no event for a PATCH that changes nothing', async () => {
    const current = (await s.admin<Settings>('GET', SETTINGS)).body.settings;
    const same = await s.admin<Settings>('PATCH', SETTINGS, {
      settings: { storeName: current.storeName, currency: current.currency },
    });
    expect(same.status).toBe(200);
    expect(same.body.settings).toEqual(current);
    const empty = await s.admin<Settings>('PATCH', SETTINGS, { settings: {} });
    expect(empty.body.settings.revision).toBe(current.revision);
    expect(await settingsEvents(s)).toHaveLength(2);
  });

  it('writes no event for a PATCH that fails', async () => {
    const current = (await s.admin<Settings>('GET', SETTINGS)).body.settings;
    const stale = await s.admin<Envelope>('PATCH', SETTINGS, {
      settings: { storeName: 'Stale' },
      revision: String(Number(current.revision) - 1),
    });
    expect(stale.status).toBe(409);
    expect(stale.body.details.applicationError?.code).toBe('REVISION_MISMATCH');
    const invalid = await s.admin('PATCH', SETTINGS, {
      settings: { storeName: 'Invalid', currency: 'euro' },
    });
    expect(invalid.status).toBe(400);
    // Rejected inside the service, after the row lock: the transaction must roll back.
    const badMask = await s.admin<Envelope>('PATCH', SETTINGS, {
      settings: { storeName: 'Masked' },
      fieldMask: 'storeName,revision',
    });
    expect(badMask.status).toBe(400);
    expect(badMask.body.details.validationError?.fieldViolations).toEqual([
      expect.objectContaining({ field: 'fieldMask', violatedRule: 'FIELD_NOT_ALLOWED' }),
    ]);
    expect((await s.admin<Settings>('GET', SETTINGS)).body.settings).toEqual(current);
    expect(await settingsEvents(s)).toHaveLength(2);
    expect(await deliveryJobs(s)).toHaveLength(2);
  });
});

describe('delivery to a subscriber that throws', () => {
  const flaky = recorder('flaky');
  const healthy = recorder('healthy', '*');
  const other = recorder('other', ['vitrine.platform.v1.something_else_created']);
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ subscribers: [flaky, healthy, other], env: { JOBS: 'false' } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('retries with backoff on the clock, fails after maxAttempts, and runs again on retry', async () => {
    flaky.failing = true;
    expect((await s.admin('PATCH', SETTINGS, { settings: { storeName: 'Flaky' } })).status).toBe(200);
    const [event] = await settingsEvents(s);
    const jobs = await deliveryJobs(s);
    expect(jobs.map((j) => (j.payload as { subscriber: string }).subscriber).sort()).toEqual([
      'flaky',
      'healthy',
    ]);
    const job = jobs.find((j) => (j.payload as { subscriber: string }).subscriber === 'flaky')!;
    expect(job).toMatchObject({
      status: 'PENDING',
      attempts: 0,
      maxAttempts: 10,
      payload: { eventId: event!.id, subscriber: 'flaky' },
    });

    expect(await s.app.jobs.runDue()).toBe(2);
    expect(healthy.received.map((e) => e.id)).toEqual([event!.id]);
    expect(other.calls).toBe(0);

    for (let attempt = 1; attempt < 10; attempt++) {
      const j = await getJob(s, job.id);
      expect(j).toMatchObject({
        status: 'PENDING',
        attempts: attempt,
        lastError: 'flaky is down',
        finishedDate: null,
      });
      const wait = backoffMs(attempt);
      expect(j.runAt).toBe(new Date(s.clock.now().getTime() + wait).toISOString());
      s.clock.advance(wait - 1);
      expect(await s.app.jobs.runDue(), `attempt ${attempt + 1} ran before its backoff`).toBe(0);
      s.clock.advance(1);
      expect(await s.app.jobs.runDue()).toBe(1);
    }
    expect(flaky.calls).toBe(10);
    const failed = await getJob(s, job.id);
    expect(failed).toMatchObject({
      status: 'FAILED',
      attempts: 10,
      lastError: 'flaky is down',
      finishedDate: s.clock.now().toISOString(),
    });
    s.clock.advance(24 * 3_600_000);
    expect(await s.app.jobs.runDue()).toBe(0);
    expect(flaky.calls).toBe(10);

    flaky.failing = false;
    const retried = await s.admin<{ job: Job }>('POST', `/platform/v1/jobs/${job.id}/retry`, {});
    expect(retried.status).toBe(200);
    expect(retried.body.job).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(await s.app.jobs.runDue()).toBe(1);
    expect(await getJob(s, job.id)).toMatchObject({ status: 'SUCCEEDED', attempts: 1, lastError: null });
    expect(flaky.received).toEqual([event]);

    const again = await s.admin<Envelope>('POST', `/platform/v1/jobs/${job.id}/retry`, {});
    expect(again.status).toBe(409);
    expect(again.body.details.applicationError?.code).toBe('JOB_NOT_FAILED');
  });

  it('fails only the delivery whose event id is not an id; the deliveries claimed with it go on', async () => {
    const ctx = s.app.systemCtx();
    const bad = await enqueueJob(ctx, DELIVER_JOB, { eventId: 'not-an-id', subscriber: 'healthy' });
    const gone = await enqueueJob(ctx, DELIVER_JOB, { eventId: newId(), subscriber: 'healthy' });
    const before = healthy.received.length;
    expect((await s.admin('PATCH', SETTINGS, { settings: { storeName: 'Healthy' } })).status).toBe(200);
    const latest = (await settingsEvents(s)).at(-1)!;
    expect(await s.app.jobs.runDue()).toBe(4); // the two above, and the change's to healthy and flaky
    expect(healthy.received.slice(before)).toEqual([latest]);
    expect(flaky.received.at(-1)).toEqual(latest);
    expect(await getJob(s, bad)).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect((await getJob(s, bad)).lastError).toMatch(/uuid/i);
    // An event purged before its delivery: nothing to deliver, and the job is done.
    expect(await getJob(s, gone)).toMatchObject({ status: 'SUCCEEDED', attempts: 1, lastError: null });
  });
});

describe('a subscriber that wants only some events of its types', () => {
  // Wants only settings changes that touch the currency.
  const picky = {
    ...recorder('picky'),
    wants: (e: { updatedEvent?: { modifiedFields: object } }) =>
      'currency' in (e.updatedEvent?.modifiedFields ?? {}),
  };
  const all = recorder('all');
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ subscribers: [picky, all], env: { JOBS: 'false' } });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('gets a delivery job only for the events it wants; the others are still delivered to the rest', async () => {
    expect((await s.admin('PATCH', SETTINGS, { settings: { storeName: 'Picky' } })).status).toBe(200);
    expect((await s.admin('PATCH', SETTINGS, { settings: { currency: 'EUR' } })).status).toBe(200);
    const [named, priced] = await settingsEvents(s);
    const jobs = (await deliveryJobs(s)).map((j) => j.payload as { eventId: string; subscriber: string });
    expect(jobs).toHaveLength(3);
    expect(jobs).toEqual(
      expect.arrayContaining([
        { eventId: named!.id, subscriber: 'all' },
        { eventId: priced!.id, subscriber: 'all' },
        { eventId: priced!.id, subscriber: 'picky' },
      ]),
    );
    expect(await s.app.jobs.runDue()).toBe(3);
    expect(picky.received.map((e) => e.id)).toEqual([priced!.id]);
    expect(all.received.map((e) => e.id).sort()).toEqual([named!.id, priced!.id].sort());
  });
});

describe('events older than 30 days', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.stop();
  });

  const eventsOf = async (entityId: string) =>
    (
      await s.admin<{ events: DomainEvent[] }>('POST', '/platform/v1/events/query', {
        query: { filter: { entityId }, cursorPaging: { limit: 100 } },
      })
    ).body.events;

  const BULK = 'vitrine.test.v1.bulk';
  const bulkEvents = async () =>
    (
      await s.admin<{ events: DomainEvent[] }>('POST', '/platform/v1/events/query', {
        query: { filter: { entityFqdn: BULK }, cursorPaging: { limit: 100 } },
      })
    ).body.events;

  it("are purged by the hourly job; an entity's numbering goes on from its purged events", async () => {
    for (const storeName of ['Old name', 'Older name'])
      expect((await s.admin('PATCH', SETTINGS, { settings: { storeName } })).status).toBe(200);
    expect((await eventsOf('store')).map((e) => e.entityEventSequence).sort()).toEqual(['1', '2']);
    // More than one batch of the purge (1,000 rows).
    await inTransaction(s.app.systemCtx(), async (tx) => {
      for (let i = 0; i < 1200; i++)
        await emitEvent(tx, {
          entityFqdn: BULK,
          slug: 'pinged',
          entityId: `bulk-${i}`,
          actionEvent: { body: { i } },
        });
    });
    expect(await bulkEvents()).toHaveLength(100);
    s.clock.advance(20 * 86_400_000);
    const recent = { entityFqdn: 'vitrine.test.v1.thing', slug: 'pinged', entityId: 'recent-thing' };
    await emitEvent(s.app.systemCtx(), { ...recent, actionEvent: { body: {} } });

    s.clock.advance(11 * 86_400_000);
    // The purge runs beside the job passes, a batch of 1,000 at a time.
    await s.until(
      async () => (await eventsOf('store')).length === 0 && (await bulkEvents()).length === 0,
      10_000,
    );
    expect((await eventsOf('recent-thing')).map((e) => e.entityEventSequence)).toEqual(['1']);

    expect((await s.admin('PATCH', SETTINGS, { settings: { storeName: 'New name' } })).status).toBe(200);
    expect((await eventsOf('store')).map((e) => e.entityEventSequence)).toEqual(['3']);
    await emitEvent(s.app.systemCtx(), { ...recent, actionEvent: { body: {} } });
    expect((await eventsOf('recent-thing')).map((e) => e.entityEventSequence).sort()).toEqual(['1', '2']);
    // A transaction inTransaction did not open writes its event at once, numbered the same way.
    const ctx = s.app.systemCtx();
    await (ctx.db as Db).transaction().execute(async (trx) => {
      await emitEvent(
        { ...ctx, db: trx },
        { entityFqdn: BULK, slug: 'pinged', entityId: 'bulk-7', actionEvent: { body: { i: 'again' } } },
      );
      await emitEvent(
        { ...ctx, db: trx },
        { entityFqdn: BULK, slug: 'pinged', entityId: 'bulk-7', actionEvent: { body: { i: 'twice' } } },
      );
    });
    const again = (await eventsOf('bulk-7')).sort(
      (a, b) => Number(a.entityEventSequence) - Number(b.entityEventSequence),
    );
    expect(again.map((e) => [e.entityEventSequence, e.actionEvent?.body])).toEqual([
      ['2', { i: 'again' }],
      ['3', { i: 'twice' }],
    ]);
  });
});

describe.skipIf(testEngine() !== 'postgres')('purging on two processes at once (PostgreSQL)', () => {
  let s: TestServer;
  let other: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
    other = await startTestServer({ database: s.db.another(), clock: s.clock });
  });
  afterAll(async () => {
    await other?.stop();
    await s?.stop();
  });

  it('deletes every old event once while new ones are written, and each entity goes on numbering', async () => {
    const fqdn = 'vitrine.test.v1.raced';
    const ids = Array.from({ length: 250 }, (_, i) => `raced-${i}`);
    await inTransaction(s.app.systemCtx(), async (tx) => {
      for (const entityId of ids)
        for (let n = 0; n < 10; n++)
          await emitEvent(tx, { entityFqdn: fqdn, slug: 'pinged', entityId, actionEvent: { body: { n } } });
    });
    s.clock.advance(31 * 86_400_000);
    // Both runners purge now; meanwhile each entity gets a new event from either process, one after
    // the other, so some are written before their entity's purge, some during, most after it.
    for (const [i, entityId] of ids.entries())
      await emitEvent((i % 2 ? other : s).app.systemCtx(), {
        entityFqdn: fqdn,
        slug: 'pinged',
        entityId,
        actionEvent: { body: { n: 'new' } },
      });
    const all = async () => {
      const out: DomainEvent[] = [];
      let cursor: string | undefined;
      do {
        const r = await s.admin<{ events: DomainEvent[]; metadata: { cursors: { next: string | null } } }>(
          'POST',
          '/platform/v1/events/query',
          {
            query: cursor
              ? { cursorPaging: { limit: 100, cursor } }
              : { filter: { entityFqdn: fqdn }, cursorPaging: { limit: 100 } },
          },
        );
        out.push(...r.body.events);
        cursor = r.body.metadata.cursors.next ?? undefined;
      } while (cursor);
      return out;
    };
    const left = await s.until(async () => {
      const events = await all();
      return events.length === ids.length && events;
    }, 20_000);
    expect(left.map((e) => e.actionEvent?.body)).toEqual(ids.map(() => ({ n: 'new' })));
    expect(new Set(left.map((e) => e.entityId))).toEqual(new Set(ids));
    expect(new Set(left.map((e) => e.entityEventSequence))).toEqual(new Set(['11']));
  });
});

describe('delivery after a restart', () => {
  it('delivers an event committed by a process that stopped before delivering it', async () => {
    const sub = recorder('after-restart');
    const dir = testEngine() === 'pglite' ? mkdtempSync(join(tmpdir(), 'vitrine-events-')) : undefined;
    const pg = dir ? undefined : await freshDatabase();
    const open = () => (dir ? openPglite(dir) : pg!.another());
    try {
      const firstDb = open();
      const first = await startTestServer({ database: firstDb, subscribers: [sub], env: { JOBS: 'false' } });
      expect(
        (await first.admin('PATCH', SETTINGS, { settings: { storeName: 'Before restart' } })).status,
      ).toBe(200);
      const [event] = await settingsEvents(first);
      expect((await deliveryJobs(first)).map((j) => j.status)).toEqual(['PENDING']);
      await first.stop();
      await firstDb.close();
      expect(sub.calls).toBe(0);

      const secondDb = open();
      const second = await startTestServer({ database: secondDb, subscribers: [sub] });
      try {
        const delivered = await second.until(async () => sub.received.find((e) => e.id === event!.id));
        expect(delivered).toEqual(event);
        await second.until(async () => (await deliveryJobs(second))[0]?.status === 'SUCCEEDED');
      } finally {
        await second.stop();
        await secondDb.close();
      }
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
      if (pg) {
        await pg.handle.close();
        await pg.drop();
      }
    }
  });
});
