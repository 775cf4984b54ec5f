import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../test/database.ts';
import type { Db } from './connect.ts';
import {
  afterCommit,
  deferAdvisoryLock,
  deferInsert,
  inTransaction,
  sendAhead,
  writeUnanswered,
  type Executor,
} from './tx.ts';

type Ctx = { db: Executor };

/**
 * The deferred rows of a transaction are written by a statement sent without waiting for its
 * answer, with COMMIT right behind it (on PostgreSQL, in the same round trip). These tests make
 * that statement fail and check that nothing of the transaction is kept and the caller is told.
 */
let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await freshDatabase();
  db = t.handle.db;
});
afterAll(async () => {
  await t.handle.close();
  await t.drop();
});

const mail = (subject: string) => ({
  id: randomUUID(),
  to_address: 'shopper@example.test',
  from_address: 'store@example.test',
  subject,
  text_body: 'Hello',
  html_body: null,
  status: 'STORED' as const,
  created_at: new Date(),
});

const event = (entityId: string, eventType: string | null) => ({
  id: randomUUID(),
  event_type: eventType,
  entity_fqdn: 'vitrine.test.v1.thing',
  slug: 'updated',
  entity_id: entityId,
  entity_event_sequence: 1,
  body: { updatedEvent: { currentEntity: { id: entityId } } },
  identity: { identityType: 'UNKNOWN' },
  originated_from: null,
  created_at: new Date().toISOString(),
});

const subjects = async (subject: string) =>
  (await db.selectFrom('mail_message').select('id').where('subject', '=', subject).execute()).length;
const eventsOf = async (entityId: string) =>
  (await db.selectFrom('event').select('id').where('entity_id', '=', entityId).execute()).length;

describe('a transaction and its deferred rows', () => {
  it('commits the rows it wrote and the deferred ones together', async () => {
    const entity = randomUUID();
    const subject = `kept ${entity}`;
    let committed = false;
    await inTransaction({ db }, async (tx) => {
      await tx.db.insertInto('mail_message').values(mail(subject)).execute();
      expect(deferInsert(tx.db, 'event', event(entity, 'vitrine.test.v1.thing_updated'))).toBe(true);
      deferAdvisoryLock(tx.db, `thing/${entity}`);
      afterCommit(tx.db, () => (committed = true));
    });
    expect(committed).toBe(true);
    expect(await subjects(subject)).toBe(1);
    expect(await eventsOf(entity)).toBe(1);
  });

  it('rolls everything back and rejects with the error when the deferred rows cannot be written', async () => {
    const entity = randomUUID();
    const subject = `lost ${entity}`;
    let committed = false;
    const failed = inTransaction({ db }, async (tx) => {
      await tx.db.insertInto('mail_message').values(mail(subject)).execute();
      deferInsert(tx.db, 'event', event(entity, null)); // event_type is NOT NULL
      deferAdvisoryLock(tx.db, `thing/${entity}`);
      afterCommit(tx.db, () => (committed = true));
      return 'done';
    });
    await expect(failed).rejects.toMatchObject({ code: '23502', column: 'event_type' });
    expect(committed).toBe(false);
    expect(await subjects(subject)).toBe(0);
    expect(await eventsOf(entity)).toBe(0);
  });

  it('leaves every connection usable after such a failure', async () => {
    // More failures than the pool has connections, each followed by a transaction that commits:
    // a connection left in an aborted transaction, or with an answer still owed, would fail one.
    for (let i = 0; i < 12; i++) {
      const entity = randomUUID();
      await Promise.all([
        expect(
          inTransaction({ db }, async (tx) => {
            deferInsert(tx.db, 'event', event(entity, null));
          }),
        ).rejects.toMatchObject({ code: '23502' }),
        inTransaction({ db }, async (tx) => {
          await tx.db
            .insertInto('mail_message')
            .values(mail(`after ${entity}`))
            .execute();
          deferInsert(tx.db, 'event', event(entity, 'vitrine.test.v1.thing_updated'));
        }),
      ]);
      expect(await subjects(`after ${entity}`)).toBe(1);
      expect(await eventsOf(entity)).toBe(1);
    }
  });

  it('rolls back when the body fails before any statement (nothing is left owed on the connection)', async () => {
    for (let i = 0; i < 12; i++) {
      await expect(
        inTransaction({ db }, async () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
    }
    const subject = `clean ${randomUUID()}`;
    await inTransaction({ db }, async (tx) => {
      await tx.db.insertInto('mail_message').values(mail(subject)).execute();
    });
    expect(await subjects(subject)).toBe(1);
  });
});

describe('a write sent without waiting for its answer', () => {
  const insertMail = (d: Executor, subject: string, status: unknown) =>
    writeUnanswered(d, d.insertInto('mail_message').values({ ...mail(subject), status } as never));

  it('is committed with its transaction', async () => {
    const subject = `unanswered ${randomUUID()}`;
    await inTransaction({ db }, async (tx) => {
      await insertMail(tx.db, subject, 'STORED');
      await tx.db
        .insertInto('mail_message')
        .values(mail(`${subject} after`))
        .execute();
    });
    expect([await subjects(subject), await subjects(`${subject} after`)]).toEqual([1, 1]);
  });

  it('fails its transaction when it fails, whatever runs after it, and leaves every connection usable', async () => {
    for (let i = 0; i < 12; i++) {
      const subject = `refused ${randomUUID()}`;
      // A statement after it answers for it; or COMMIT does; or the body throws and ROLLBACK runs.
      const then = [
        (tx: Ctx) =>
          tx.db
            .insertInto('mail_message')
            .values(mail(`${subject} after`))
            .execute(),
        async () => {},
        async () => {
          throw new Error('refused');
        },
      ][i % 3]!;
      await expect(
        inTransaction({ db }, async (tx) => {
          await tx.db
            .insertInto('mail_message')
            .values(mail(`${subject} before`))
            .execute();
          await insertMail(tx.db, subject, null); // status is NOT NULL
          await then(tx);
        }),
      ).rejects.toMatchObject(i % 3 === 2 ? { message: expect.any(String) } : { code: '23502' });
      expect(await subjects(`${subject} before`)).toBe(0);
      expect(await subjects(`${subject} after`)).toBe(0);
      const kept = `kept ${subject}`;
      await inTransaction({ db }, async (tx) => {
        await tx.db.insertInto('mail_message').values(mail(kept)).execute();
      });
      expect(await subjects(kept)).toBe(1);
    }
  });

  it('waits for its answer outside a transaction', async () => {
    await expect(insertMail(db, `alone ${randomUUID()}`, null)).rejects.toMatchObject({ code: '23502' });
    const subject = `alone ${randomUUID()}`;
    await insertMail(db, subject, 'STORED');
    expect(await subjects(subject)).toBe(1);
  });
});

describe('a read sent ahead', () => {
  const subjectOf = (d: Executor, id: string) =>
    d.selectFrom('mail_message').select(['subject', 'status']).where('id', '=', id);

  it('is run before the statement after it, and answers its own rows', async () => {
    const m = mail(`ahead ${randomUUID()}`);
    await db.insertInto('mail_message').values(m).execute();
    const [before, after] = await inTransaction({ db }, async (tx) => {
      const read = await sendAhead(tx.db, subjectOf(tx.db, m.id));
      const changed = await tx.db
        .updateTable('mail_message')
        .set({ status: 'SENT' })
        .where('id', '=', m.id)
        .returning('status')
        .executeTakeFirst();
      return [await read(), changed];
    });
    expect(before).toEqual([{ subject: m.subject, status: 'STORED' }]);
    expect(after).toEqual({ status: 'SENT' });
  });

  it('fails the statement after it when it fails, and its transaction; every connection stays usable', async () => {
    for (let i = 0; i < 12; i++) {
      const subject = `ahead refused ${randomUUID()}`;
      const outcome = inTransaction({ db }, async (tx) => {
        await tx.db.insertInto('mail_message').values(mail(subject)).execute();
        // A cast that fails when it runs: the read's answer is an error.
        const read = await sendAhead(tx.db, tx.db.selectNoFrom(sql<number>`'x'::int`.as('n')));
        if (i % 2) await tx.db.selectFrom('mail_message').select('id').limit(1).execute();
        await read();
      });
      await expect(outcome).rejects.toMatchObject({ code: '22P02' });
      expect(await subjects(subject)).toBe(0);
    }
    const kept = `ahead kept ${randomUUID()}`;
    await inTransaction({ db }, async (tx) => {
      await tx.db.insertInto('mail_message').values(mail(kept)).execute();
    });
    expect(await subjects(kept)).toBe(1);
  });

  it('is an ordinary read outside a transaction', async () => {
    const m = mail(`ahead alone ${randomUUID()}`);
    await db.insertInto('mail_message').values(m).execute();
    const read = await sendAhead(db, subjectOf(db, m.id));
    expect(await read()).toEqual([{ subject: m.subject, status: 'STORED' }]);
  });
});
