import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../clock.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../test/server.ts';

/**
 * The query language of conventions §7 through the platform's own query endpoints (jobs, events,
 * mail outbox) and the GET jobs list: every operator, sorting, cursor paging, and every way a caller
 * can get it wrong (always a 400, never a 500).
 */
let s: TestServer;
const T0 = Date.parse('2030-01-01T00:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const t = (minutes: number) => at(minutes).toISOString();

interface Mail {
  id: string;
  to: string;
  createdDate: string;
}
interface Job {
  id: string;
  name: string;
  status: string;
  attempts: number;
  createdDate: string;
  lastError: string | null;
}
interface Meta {
  count: number;
  cursors: { next: string | null; prev: string | null };
  hasNext: boolean;
}
interface Violation {
  field: string;
  violatedRule: string;
  data: Record<string, unknown>;
}

const MAIL = '/platform/v1/mail/messages/query';
const JOBS = '/platform/v1/jobs/query';
const EVENTS = '/platform/v1/events/query';
const itemsKey = {
  [MAIL]: 'messages',
  [JOBS]: 'jobs',
  [EVENTS]: 'events',
  '/platform/v1/jobs': 'jobs',
} as Record<string, string>;

/** Recipient and the minute (after T0) the test message is queued at; equal minutes on purpose. */
const RECIPIENTS: [string, number][] = [
  ['amy@shop.test', 0],
  ['Bob@shop.test', 1],
  ['cara@example.test', 2],
  ['dan_lee@shop.test', 3],
  ['danxlee@shop.test', 3],
  ['eve@example.test', 4],
  ['fay@shop.test', 5],
  ['gus@shop.test', 5],
  ['hal@shop.test', 5],
  ['ida@example.test', 6],
  ['jo@shop.test', 7],
  ['kim@example.test', 8],
];
let mails: Mail[] = [];
let jobs: Job[] = [];

beforeAll(async () => {
  s = await startTestServer({ clock: testClock(at(0)) });
  for (const [to, minute] of RECIPIENTS) {
    s.clock.set(at(minute));
    const r = await s.admin('POST', '/platform/v1/mail/test', { to });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  // The outbox sends them in the background; wait until every job and message has settled.
  const db = s.db.handle.db;
  await s.until(
    async () =>
      (await db.selectFrom('job').select('id').where('status', '!=', 'SUCCEEDED').execute()).length === 0 &&
      (await db.selectFrom('mail_message').select('id').where('status', '!=', 'STORED').execute()).length ===
        0,
  );
  // Without SMTP the messages go straight to the outbox with no job: the finished sends a mail server
  // would leave are written directly, one per message, at its minute.
  await db
    .insertInto('job')
    .values(
      RECIPIENTS.map(([, minute], i) => ({
        id: `00000000-0000-7000-8000-1000000000${String(i).padStart(2, '0')}`,
        name: 'mail.send',
        payload: '{}',
        status: 'SUCCEEDED' as const,
        attempts: 1,
        max_attempts: 8,
        run_at: at(minute),
        locked_until: null,
        last_error: null,
        created_at: at(minute),
        updated_at: at(minute),
        finished_at: at(minute),
      })),
    )
    .execute();
  // Shapes HTTP cannot make (failed, running, waiting jobs; `%` and `_` in names), written directly.
  const future = new Date('2100-01-01T00:00:00.000Z');
  const row = (
    id: string,
    name: string,
    status: 'PENDING' | 'RUNNING' | 'FAILED',
    attempts: number,
    minute: number,
    lastError: string | null,
  ) => ({
    id,
    name,
    payload: '{}',
    status,
    attempts,
    max_attempts: 5,
    run_at: status === 'FAILED' ? at(minute) : future,
    locked_until: status === 'RUNNING' ? future : null,
    last_error: lastError,
    created_at: at(minute),
    updated_at: at(minute),
    finished_at: status === 'FAILED' ? at(minute) : null,
  });
  await db
    .insertInto('job')
    .values([
      row(
        '00000000-0000-7000-8000-000000000001',
        'Report_100%_Done',
        'FAILED',
        5,
        10,
        'gave up after 5 attempts',
      ),
      row('00000000-0000-7000-8000-000000000002', 'reportX1000Xdone', 'PENDING', 0, 11, null),
      row('00000000-0000-7000-8000-000000000003', 'export.orders', 'RUNNING', 1, 12, null),
      row(
        '00000000-0000-7000-8000-000000000004',
        'export.members',
        'PENDING',
        2,
        12,
        'timeout talking to SMTP',
      ),
    ])
    .execute();
  for (let i = 1; i <= 4; i++) {
    s.clock.set(at(20 + i));
    expect(
      (await s.admin('PATCH', '/platform/v1/store-settings', { settings: { storeName: `Shop ${i}` } }))
        .status,
    ).toBe(200);
  }
  mails = (await page<Mail>(MAIL, { cursorPaging: { limit: 100 } })).items;
  jobs = (await page<Job>(JOBS, { cursorPaging: { limit: 100 } })).items;
  expect(mails).toHaveLength(12);
  expect(jobs).toHaveLength(16);
});
afterAll(async () => {
  await s?.stop();
});

async function page<T>(path: string, query: unknown): Promise<{ items: T[]; metadata: Meta }> {
  const r = await s.admin<Record<string, unknown>>('POST', path, { query });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { items: r.body[itemsKey[path]!] as T[], metadata: r.body.metadata as Meta };
}
const sorted = (xs: string[]) => [...xs].sort();
const mailTo = async (filter: unknown) =>
  sorted((await page<Mail>(MAIL, { filter, cursorPaging: { limit: 100 } })).items.map((m) => m.to));
const jobNames = async (filter: unknown) =>
  sorted((await page<Job>(JOBS, { filter, cursorPaging: { limit: 100 } })).items.map((j) => j.name));
const mailsWhere = (p: (m: Mail) => boolean) => sorted(mails.filter(p).map((m) => m.to));
const jobsWhere = (p: (j: Job) => boolean) => sorted(jobs.filter(p).map((j) => j.name));
const minute = (m: Mail) => (Date.parse(m.createdDate) - T0) / 60_000;

async function rejected(path: string, query: unknown): Promise<Violation[]> {
  const r = await s.admin<{ details: { validationError?: { fieldViolations: Violation[] } } }>('POST', path, {
    query,
  });
  expect(r.status, `${JSON.stringify(query)} → ${JSON.stringify(r.body)}`).toBe(400);
  return r.body.details.validationError?.fieldViolations ?? [];
}
const rule = async (path: string, query: unknown) => (await rejected(path, query)).map((v) => v.violatedRule);

describe('filter operators', () => {
  it('$eq, implicit and explicit, and $ne', async () => {
    expect(await mailTo({ to: 'cara@example.test' })).toEqual(['cara@example.test']);
    expect(await mailTo({ to: { $eq: 'cara@example.test' } })).toEqual(['cara@example.test']);
    expect(await mailTo({ to: { $ne: 'cara@example.test' } })).toEqual(
      mailsWhere((m) => m.to !== 'cara@example.test'),
    );
    expect(await mailTo({ id: mails[3]!.id })).toEqual([mails[3]!.to]);
    expect(await jobNames({ status: 'FAILED' })).toEqual(['Report_100%_Done']);
    expect(await jobNames({ attempts: '2' })).toEqual(['export.members']);
  });

  it('$gt, $gte, $lt, $lte on dates and numbers, and between ($gte + $lt)', async () => {
    expect(await mailTo({ createdDate: { $gt: t(5) } })).toEqual(mailsWhere((m) => minute(m) > 5));
    expect(await mailTo({ createdDate: { $gte: t(5) } })).toEqual(mailsWhere((m) => minute(m) >= 5));
    expect(await mailTo({ createdDate: { $lt: t(1) } })).toEqual(['amy@shop.test']);
    expect(await mailTo({ createdDate: { $lte: t(1) } })).toEqual(['Bob@shop.test', 'amy@shop.test']);
    expect(await mailTo({ createdDate: { $gte: t(3), $lt: t(5) } })).toEqual([
      'dan_lee@shop.test',
      'danxlee@shop.test',
      'eve@example.test',
    ]);
    expect(await mailTo({ createdDate: { $gte: { $date: t(8) } } })).toEqual(['kim@example.test']);
    expect(await mailTo({ createdDate: { $lt: '2030-01-01T01:02:00+01:00' } })).toEqual([
      'Bob@shop.test',
      'amy@shop.test',
    ]);
    expect(await jobNames({ attempts: { $gt: 1 } })).toEqual(['Report_100%_Done', 'export.members']);
    expect(await jobNames({ attempts: { $gte: 1 } })).toEqual(jobsWhere((j) => j.attempts >= 1));
    expect(await jobNames({ attempts: { $lt: 1 } })).toEqual(['reportX1000Xdone']);
    expect(await jobNames({ attempts: { $lte: 1 } })).toEqual(jobsWhere((j) => j.attempts <= 1));
    expect(await jobNames({ attempts: { $gt: 1.5 } })).toEqual(['Report_100%_Done', 'export.members']);
    expect(await jobNames({ attempts: { $lt: 1e20 } })).toHaveLength(16);
  });

  it('$in, $hasSome and $hasAll', async () => {
    expect(await mailTo({ to: { $in: ['amy@shop.test', 'kim@example.test', 'nobody@x.test'] } })).toEqual([
      'amy@shop.test',
      'kim@example.test',
    ]);
    expect(await mailTo({ to: { $in: [] } })).toEqual([]);
    expect(await mailTo({ id: { $in: [mails[0]!.id, mails[1]!.id] } })).toEqual(
      sorted([mails[0]!.to, mails[1]!.to]),
    );
    expect(await jobNames({ status: { $in: ['RUNNING', 'PENDING'] } })).toEqual([
      'export.members',
      'export.orders',
      'reportX1000Xdone',
    ]);
    expect(await jobNames({ status: { $hasSome: ['FAILED', 'RUNNING'] } })).toEqual([
      'Report_100%_Done',
      'export.orders',
    ]);
    expect(await mailTo({ to: { $hasAll: ['amy@shop.test'] } })).toEqual(['amy@shop.test']);
    expect(await mailTo({ to: { $hasAll: ['amy@shop.test', 'amy@shop.test'] } })).toEqual(['amy@shop.test']);
    expect(await mailTo({ to: { $hasAll: ['amy@shop.test', 'kim@example.test'] } })).toEqual([]);
  });

  it('$startsWith, $endsWith, $contains: case-insensitive, with % _ and \\ matched literally', async () => {
    expect(await mailTo({ to: { $startsWith: 'BOB' } })).toEqual(['Bob@shop.test']);
    expect(await mailTo({ to: { $endsWith: '@EXAMPLE.test' } })).toEqual(
      mailsWhere((m) => m.to.endsWith('@example.test')),
    );
    expect(await mailTo({ to: { $contains: 'N_L' } })).toEqual(['dan_lee@shop.test']);
    expect(await mailTo({ to: { $contains: 'shop' } })).toEqual(mailsWhere((m) => m.to.includes('shop')));
    expect(await jobNames({ name: { $contains: '100%' } })).toEqual(['Report_100%_Done']);
    expect(await jobNames({ name: { $contains: '%' } })).toEqual(['Report_100%_Done']);
    expect(await jobNames({ name: { $startsWith: 'report_' } })).toEqual(['Report_100%_Done']);
    expect(await jobNames({ name: { $endsWith: '%_DONE' } })).toEqual(['Report_100%_Done']);
    expect(await jobNames({ name: { $endsWith: '\\' } })).toEqual([]);
    expect(await jobNames({ name: { $startsWith: 'report' } })).toEqual([
      'Report_100%_Done',
      'reportX1000Xdone',
    ]);
  });

  it('$exists, isEmpty ({f: null}) and isNotEmpty ({f: {$ne: null}})', async () => {
    expect(await jobNames({ lastError: { $exists: true } })).toEqual(['Report_100%_Done', 'export.members']);
    expect(await jobNames({ lastError: { $exists: false } })).toEqual(jobsWhere((j) => j.lastError === null));
    expect(await jobNames({ lastError: null })).toEqual(jobsWhere((j) => j.lastError === null));
    expect(await jobNames({ lastError: { $ne: null } })).toEqual(['Report_100%_Done', 'export.members']);
    expect(await jobNames({ finishedDate: { $exists: false } })).toEqual([
      'export.members',
      'export.orders',
      'reportX1000Xdone',
    ]);
    expect(await jobNames({ lastError: { $ne: 'timeout talking to SMTP' } })).toEqual(
      jobsWhere((j) => j.name !== 'export.members'),
    );
  });

  it('$and, $or, $not, several fields and several operators in one object', async () => {
    const shop = { to: { $endsWith: '@shop.test' } };
    expect(await mailTo({ $and: [shop, { createdDate: { $gte: t(5) } }] })).toEqual([
      'fay@shop.test',
      'gus@shop.test',
      'hal@shop.test',
      'jo@shop.test',
    ]);
    expect(
      await mailTo({ $or: [{ $and: [shop, { createdDate: { $gte: t(7) } }] }, { to: 'cara@example.test' }] }),
    ).toEqual(['cara@example.test', 'jo@shop.test']);
    expect(await mailTo({ $not: shop })).toEqual(mailsWhere((m) => m.to.endsWith('@example.test')));
    expect(
      await mailTo({ $not: { $or: [{ to: { $startsWith: 'a' } }, { to: { $startsWith: 'b' } }] } }),
    ).toHaveLength(10);
    expect(await mailTo({ to: { $endsWith: '@example.test' }, createdDate: { $lt: t(5) } })).toEqual([
      'cara@example.test',
      'eve@example.test',
    ]);
    expect(await mailTo({ createdDate: { $gt: t(1), $lte: t(3) } })).toEqual([
      'cara@example.test',
      'dan_lee@shop.test',
      'danxlee@shop.test',
    ]);
    // Like $ne, $not keeps rows where the field is empty.
    expect(await jobNames({ $not: { lastError: { $contains: 'timeout' } } })).toEqual(
      jobsWhere((j) => j.name !== 'export.members'),
    );
    expect(await jobNames({ $and: [] })).toHaveLength(16);
    expect(await jobNames({ $or: [] })).toEqual([]);
  });

  it('filters events by type, slug, entity and time', async () => {
    const events = (
      await page<{ eventType: string; eventTime: string }>(EVENTS, {
        filter: { eventType: 'vitrine.platform.v1.store_settings_updated', entityId: 'store' },
      })
    ).items;
    expect(events).toHaveLength(4);
    expect(
      (await page(EVENTS, { filter: { slug: { $startsWith: 'UPD' }, eventTime: { $gt: t(22) } } })).items,
    ).toHaveLength(2);
    expect((await page(EVENTS, { filter: { entityFqdn: { $contains: 'orders' } } })).items).toHaveLength(0);
  });

  it('treats SQL in values as data', async () => {
    expect(await mailTo({ to: "' or '1'='1" })).toEqual([]);
    expect(await mailTo({ to: { $contains: "'; drop table mail_message; --" } })).toEqual([]);
    expect(await mailTo({ to: { $in: ["x') or true --"] } })).toEqual([]);
    expect(await mailTo({ subject: { $startsWith: "Test message' or 1=1 --" } })).toEqual([]);
    expect(await mailTo({})).toHaveLength(12);
  });
});

describe('invalid queries are 400, never 500', () => {
  it('unknown fields, including SQL, column names and inherited property names', async () => {
    for (const field of [
      'nope',
      'to_address',
      'created_at',
      "to' or 1=1 --",
      'to; drop table job',
      'constructor',
      'toString',
      'hasOwnProperty',
      '$nor',
    ]) {
      const v = await rejected(MAIL, { filter: { [field]: 'x' } });
      expect(v[0]).toMatchObject({ field: 'query.filter', violatedRule: 'FIELD_NOT_ALLOWED' });
    }
    // `__proto__`: top-level, the body's schema drops it (no effect); nested, it reaches the compiler (400).
    const proto = (filter: string) =>
      s.request<{ messages?: unknown[] }>('POST', MAIL, {
        auth: ADMIN_KEY,
        body: `{"query":{"filter":${filter}}}`,
      });
    const top = await proto('{"__proto__":{"sql":"true","type":"string"},"to":"amy@shop.test"}');
    expect(top.status).toBe(200);
    expect(top.body.messages).toHaveLength(1);
    expect((await proto('{"$and":[{"__proto__":{"sql":"true","type":"string"}}]}')).status).toBe(400);
    expect((await proto('{"$or":[{"constructor":{"$eq":"x"}}]}')).status).toBe(400);
    expect(await rule(MAIL, { filter: { $or: [{ to: 'a@b.test' }, { bad: 1 }] } })).toEqual([
      'FIELD_NOT_ALLOWED',
    ]);
  });

  it('unknown operators and operators that do not fit the field', async () => {
    for (const f of [
      { to: { $regex: '.*' } },
      { to: { $eq: 'x', $like: '%' } },
      { to: { $in: ['a'], nope: 1 } },
      { createdDate: { $startsWith: '2030' } },
      { to: { $exists: 'yes' } },
      { to: { $in: 'amy' } },
    ]) {
      await rejected(MAIL, { filter: f });
    }
  });

  it('values of the wrong type: strings for numbers, bad dates, numbers for ids, NUL characters', async () => {
    const bad = [
      { attempts: 'two' },
      { attempts: true },
      { attempts: { $gt: '1e400' } },
      { attempts: { $in: [1, 'x'] } },
      { createdDate: 'yesterday' },
      { createdDate: '2030-02-30T00:00:00Z' },
      { createdDate: '-100000-01-01T00:00:00Z' },
      { createdDate: '+200000-01-01T00:00:00Z' },
      { createdDate: '0000-01-01T00:00:00Z' },
      { createdDate: { $gt: 12345 } },
      { createdDate: { $lt: { $date: 'soon' } } },
      { id: 5 },
      { id: { $in: [7] } },
      { name: 5 },
      { name: { $startsWith: 5 } },
      { $and: {} },
      { $or: [1] },
      { $not: [] },
      { name: {} },
    ];
    for (const f of bad) expect(await rule(JOBS, { filter: f })).toEqual(['VALIDATION']);
    // Text PostgreSQL cannot store is refused before the query is compiled (platform/http/unsafe-text.ts).
    for (const f of [{ name: 'a\u0000b' }, { name: { $contains: '\u0000' } }, { name: 'a\ud800' }])
      expect(await rule(JOBS, { filter: f })).toEqual(['FORMAT']);
  });

  it('a value no row can hold is not refused: an unknown enum value or an id that is not a UUID matches nothing, $ne with it everything', async () => {
    expect(await mailTo({ status: 'BOGUS' })).toEqual([]);
    expect(await jobNames({ status: { $in: ['FAILED', 'DONE'] } })).toEqual(['Report_100%_Done']);
    expect(await jobNames({ status: { $ne: 'DONE' } })).toHaveLength(16);
    const all = mailsWhere(() => true);
    expect(await mailTo({ id: 'not-a-guid' })).toEqual([]);
    expect(await mailTo({ id: "1' or '1'='1" })).toEqual([]);
    expect(await mailTo({ id: '00000000-000000-000000-000000000001' })).toEqual([]);
    expect(await mailTo({ id: { $ne: '00000000-000000-000000-000000000001' } })).toEqual(all);
    expect(await mailTo({ id: { $in: ['x', mails[2]!.id.toUpperCase()] } })).toEqual([mails[2]!.to]);
    expect(await mailTo({ id: { $in: ['x'] } })).toEqual([]);
    expect(await mailTo({ id: { $hasAll: ['x'] } })).toEqual([]);
    expect(await mailTo({ $not: { id: 'x' } })).toEqual(all);
    expect(await mailTo({ id: { $startsWith: mails[4]!.id.slice(0, 30) } })).toEqual([mails[4]!.to]);
    expect(await mailTo({ id: { $gte: 'zzz' } })).toEqual([]);
    expect(await mailTo({ id: { $lt: 'zzz' } })).toEqual(all);
  });

  it('limits: page size above 100 is MAX, too many values or conditions are MAX_SIZE, too deep is rejected', async () => {
    expect((await rejected(JOBS, { cursorPaging: { limit: 101 } }))[0]).toMatchObject({
      field: 'query.cursorPaging.limit',
      violatedRule: 'MAX',
      data: { threshold: 100 },
    });
    expect(await rule(JOBS, { cursorPaging: { limit: -1 } })).toEqual(['MIN']);
    expect((await page(JOBS, { cursorPaging: { limit: 100 } })).items).toHaveLength(16);
    expect(
      await rule(JOBS, { filter: { name: { $in: Array.from({ length: 1001 }, (_, i) => `n${i}`) } } }),
    ).toEqual(['MAX_SIZE']);
    expect(
      await rule(JOBS, { filter: { $or: Array.from({ length: 101 }, (_, i) => ({ name: `n${i}` })) } }),
    ).toEqual(['MAX_SIZE']);
    let deep: unknown = { name: 'x' };
    for (let i = 0; i < 10; i++) deep = { $not: deep };
    await rejected(JOBS, { filter: deep });
  });

  it('sorting on an unknown or unsortable field, or in an unknown order', async () => {
    for (const fieldName of [
      'nope',
      'status',
      'payload',
      'created_at',
      'createdDate; drop table job --',
      'constructor',
    ]) {
      const v = await rejected(JOBS, { sort: [{ fieldName, order: 'ASC' }] });
      expect(v[0]).toMatchObject({ field: 'query.sort', violatedRule: 'FIELD_NOT_ALLOWED' });
    }
    expect(await rule(JOBS, { sort: [{ fieldName: 'createdDate', order: 'ASC; drop table job' }] })).toEqual([
      'INVALID_ENUM_VALUE',
    ]);
    expect((await page(JOBS, {})).items).toHaveLength(16);
  });
});

type Keyed = Record<string, unknown> & { id: string };
/** Sorts in JS by keys (ISO dates and lowercase GUIDs compare as strings), then chunks into pages. */
function ordered<T extends Keyed>(items: T[], ...keys: [keyof T & string, 'ASC' | 'DESC'][]): string[] {
  return [...items]
    .sort((a, b) => {
      for (const [k, o] of keys) {
        const [x, y] = [a[k] as string | number, b[k] as string | number];
        if (x !== y) return (x < y ? -1 : 1) * (o === 'ASC' ? 1 : -1);
      }
      return 0;
    })
    .map((x) => x.id);
}
const chunk = (ids: string[], n: number) =>
  Array.from({ length: Math.ceil(ids.length / n) }, (_, i) => ids.slice(i * n, i * n + n));
const ids = async (path: string, query: unknown) =>
  (await page<Keyed>(path, { ...(query as object), cursorPaging: { limit: 100 } })).items.map((x) => x.id);
const mailsK = () => mails as unknown as (Mail & Keyed)[];
const jobsK = () => jobs as unknown as (Job & Keyed)[];

describe('sorting', () => {
  it('sorts ASC and DESC, on one field or several, with the id as the tie-breaker', async () => {
    expect(await ids(MAIL, {})).toEqual(ordered(mailsK(), ['createdDate', 'DESC'], ['id', 'DESC']));
    expect(await ids(MAIL, { sort: [{ fieldName: 'createdDate', order: 'ASC' }] })).toEqual(
      ordered(mailsK(), ['createdDate', 'ASC'], ['id', 'ASC']),
    );
    expect(await ids(MAIL, { sort: [{ fieldName: 'createdDate' }] })).toEqual(
      ordered(mailsK(), ['createdDate', 'ASC'], ['id', 'ASC']),
    );
    expect(
      await ids(JOBS, {
        sort: [
          { fieldName: 'attempts', order: 'DESC' },
          { fieldName: 'createdDate', order: 'ASC' },
        ],
      }),
    ).toEqual(ordered(jobsK(), ['attempts', 'DESC'], ['createdDate', 'ASC'], ['id', 'ASC']));
    expect(
      await ids(JOBS, {
        sort: [
          { fieldName: 'attempts', order: 'ASC' },
          { fieldName: 'createdDate', order: 'DESC' },
        ],
      }),
    ).toEqual(ordered(jobsK(), ['attempts', 'ASC'], ['createdDate', 'DESC'], ['id', 'DESC']));
    const example = { filter: { to: { $endsWith: '@example.test' } } };
    const to = async (order: string) =>
      (await page<Mail>(MAIL, { ...example, sort: [{ fieldName: 'to', order }] })).items.map((m) => m.to);
    expect(await to('DESC')).toEqual([
      'kim@example.test',
      'ida@example.test',
      'eve@example.test',
      'cara@example.test',
    ]);
    expect(await to('ASC')).toEqual([
      'cara@example.test',
      'eve@example.test',
      'ida@example.test',
      'kim@example.test',
    ]);
    const times = async (order: string) =>
      (await page<{ eventTime: string }>(EVENTS, { sort: [{ fieldName: 'eventTime', order }] })).items.map(
        (e) => e.eventTime,
      );
    expect(await times('ASC')).toEqual([t(21), t(22), t(23), t(24)]);
    expect(await times('DESC')).toEqual([t(24), t(23), t(22), t(21)]);
  });
});

/** Follows `next` sending only the cursor, then `prev` back from the last page; returns the pages' ids. */
async function walk(path: string, query: Record<string, unknown>): Promise<string[][]> {
  const forward: { ids: string[]; metadata: Meta }[] = [];
  let p = await page<Keyed>(path, query);
  for (;;) {
    forward.push({ ids: p.items.map((x) => x.id), metadata: p.metadata });
    expect(p.metadata.count).toBe(p.items.length);
    const next = p.metadata.cursors.next;
    expect(p.metadata.hasNext).toBe(Boolean(next));
    if (!next || forward.length > 20) break;
    p = await page<Keyed>(path, { cursorPaging: { cursor: next } });
  }
  expect(forward[0]!.metadata.cursors.prev).toBeNull();
  const back = [forward[forward.length - 1]!.ids];
  for (let prev = forward[forward.length - 1]!.metadata.cursors.prev; prev && back.length <= 20;) {
    const b = await page<Keyed>(path, { cursorPaging: { cursor: prev } });
    expect(b.metadata.hasNext).toBe(true);
    back.unshift(b.items.map((x) => x.id));
    prev = b.metadata.cursors.prev;
  }
  expect(back).toEqual(forward.map((f) => f.ids));
  return back;
}

describe('cursor paging', () => {
  it('pages forward and back with filter and sort carried by the cursor: no gaps, no duplicates, order kept', async () => {
    const shop = mailsK().filter((m) => m.to.endsWith('@shop.test'));
    expect(
      await walk(MAIL, {
        filter: { to: { $endsWith: '@shop.test' } },
        sort: [{ fieldName: 'createdDate', order: 'ASC' }],
        cursorPaging: { limit: 3 },
      }),
    ).toEqual(chunk(ordered(shop, ['createdDate', 'ASC'], ['id', 'ASC']), 3));
    expect(await walk(MAIL, { cursorPaging: { limit: 5 } })).toEqual(
      chunk(ordered(mailsK(), ['createdDate', 'DESC'], ['id', 'DESC']), 5),
    );
    const example = mailsK().filter((m) => m.to.endsWith('@example.test'));
    expect(
      await walk(MAIL, {
        filter: { to: { $endsWith: '@example.test' } },
        sort: [{ fieldName: 'to', order: 'DESC' }],
        cursorPaging: { limit: 2 },
      }),
    ).toEqual(chunk(ordered(example, ['to', 'DESC']), 2));
    const sort = [
      { fieldName: 'attempts', order: 'DESC' },
      { fieldName: 'createdDate', order: 'ASC' },
    ];
    expect(
      await walk(JOBS, { filter: { name: { $ne: 'export.orders' } }, sort, cursorPaging: { limit: 4 } }),
    ).toEqual(
      chunk(
        ordered(
          jobsK().filter((j) => j.name !== 'export.orders'),
          ['attempts', 'DESC'],
          ['createdDate', 'ASC'],
          ['id', 'ASC'],
        ),
        4,
      ),
    );
    expect(
      (
        await walk(EVENTS, { sort: [{ fieldName: 'eventTime', order: 'ASC' }], cursorPaging: { limit: 1 } })
      ).flat(),
    ).toHaveLength(4);
  });

  it("keeps the cursor's query when the next request changes only the limit", async () => {
    const first = await page<Mail>(MAIL, {
      filter: { to: { $endsWith: '@shop.test' } },
      sort: [{ fieldName: 'createdDate', order: 'ASC' }],
      cursorPaging: { limit: 3 },
    });
    const next = await page<Mail>(MAIL, { cursorPaging: { cursor: first.metadata.cursors.next, limit: 1 } });
    expect(next.items.map((m) => m.to)).toEqual(['danxlee@shop.test']);
    // The cursor carries the last limit asked for.
    const one = await page<Mail>(MAIL, { cursorPaging: { cursor: next.metadata.cursors.next } });
    expect(one.items.map((m) => m.to)).toEqual(['fay@shop.test']);
    const rest = await page<Mail>(MAIL, { cursorPaging: { cursor: one.metadata.cursors.next, limit: 10 } });
    expect(rest.items.map((m) => m.to)).toEqual(['gus@shop.test', 'hal@shop.test', 'jo@shop.test']);
    expect(rest.metadata).toMatchObject({ count: 3, hasNext: false, cursors: { next: null } });
  });

  it('rejects garbage, foreign and tampered cursors with a 400 on the cursor', async () => {
    const enc = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');
    const cursorOf = async (path: string, query: object = {}) =>
      (await page(path, { ...query, cursorPaging: { limit: 1 } })).metadata.cursors.next!;
    const jobCursor = await cursorOf(JOBS);
    const real = JSON.parse(Buffer.from(jobCursor, 'base64url').toString()) as Record<string, unknown>;
    const tampered = [
      { k: ['x', 'y'] },
      { k: [] },
      { k: [real.k] },
      { k: ['not a date', (real.k as string[])[1]] },
      { k: [(real.k as string[])[0], "x' or 1=1"] },
      { k: [{ a: 1 }, (real.k as string[])[1]] },
      { s: 'x' },
      { s: [null] },
      { s: [{ fieldName: 'constructor', order: 'ASC' }] },
      { s: [{ fieldName: 'status', order: 'ASC' }] },
      { l: -1 },
      { l: 1.5 },
      { l: 1000 },
      { d: 'x' },
      { f: { nope: 1 } },
      { f: { createdDate: 'soon' } },
      { e: 'mail' },
    ].map((change) => enc({ ...real, ...change }));
    const cursors = [
      'garbage',
      '!!!',
      enc({ e: 'job' }),
      enc([]),
      enc(null),
      await cursorOf(EVENTS),
      await cursorOf(MAIL),
      ...tampered,
    ];
    for (const cursor of cursors) {
      const v = await rejected(JOBS, { cursorPaging: { cursor } });
      expect(v, cursor).toEqual([
        expect.objectContaining({ field: 'query.cursorPaging.cursor', violatedRule: 'FORMAT' }),
      ]);
    }
    await rejected(EVENTS, { cursorPaging: { cursor: jobCursor } });
    await rejected(MAIL, { cursorPaging: { cursor: jobCursor } });
    expect(await rule(JOBS, { cursorPaging: { cursor: 'x'.repeat(5000) } })).toEqual(['MAX_LENGTH']);
    expect((await page(JOBS, { cursorPaging: { cursor: jobCursor } })).items).toHaveLength(1);
  });
});

describe('GET /platform/v1/jobs', () => {
  type ListAnswer = {
    jobs: Job[];
    metadata: Meta;
    details?: { validationError?: { fieldViolations: Violation[] } };
  };
  const list = (query = '') => s.admin<ListAnswer>('GET', `/platform/v1/jobs${query}`);
  const dotR = (payload: unknown) => `?.r=${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  const names = async (query: string) => {
    const r = await list(query);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.jobs.map((j) => j.name);
  };
  const violation = async (query: string) => {
    const r = await list(query);
    expect(r.status, query).toBe(400);
    return r.body.details?.validationError?.fieldViolations[0];
  };

  it('filters by status (repeated key) and name, sorts by one sort object, in plain and .r forms alike', async () => {
    const plain = await list('?status=FAILED&status=PENDING&sort.fieldName=createdDate&sort.order=ASC');
    expect(plain.body.jobs.map((j) => j.name)).toEqual([
      'Report_100%_Done',
      'reportX1000Xdone',
      'export.members',
    ]);
    const r = await list(
      dotR({ status: ['FAILED', 'PENDING'], sort: { fieldName: 'createdDate', order: 'ASC' } }),
    );
    expect(r.body).toEqual(plain.body);
    expect(await names('?status=RUNNING')).toEqual(['export.orders']);
    expect(await names('?name=Report_100%25_Done')).toEqual(['Report_100%_Done']);
    expect(await names(dotR({ name: 'Report_100%_Done' }))).toEqual(['Report_100%_Done']);
    expect(await names('?name=export.orders&status=PENDING')).toEqual([]);
    expect(await names('?status=PENDING&sort.fieldName=attempts&sort.order=DESC')).toEqual([
      'export.members',
      'reportX1000Xdone',
    ]);
    expect((await list()).body.jobs.map((j) => j.id)).toEqual(
      ordered(jobsK(), ['createdDate', 'DESC'], ['id', 'DESC']),
    );
  });

  it('pages with paging.limit / paging.cursor, the cursor alone carrying the query, forward and back', async () => {
    const expected = chunk(
      ordered(
        jobsK().filter((j) => j.name === 'mail.send'),
        ['createdDate', 'ASC'],
        ['id', 'ASC'],
      ),
      5,
    );
    const pages: ListAnswer[] = [
      (await list('?name=mail.send&sort.fieldName=createdDate&sort.order=ASC&paging.limit=5')).body,
    ];
    while (pages[pages.length - 1]!.metadata.cursors.next && pages.length < 10) {
      pages.push((await list(`?paging.cursor=${pages[pages.length - 1]!.metadata.cursors.next}`)).body);
    }
    expect(pages.map((p) => p.jobs.map((j) => j.id))).toEqual(expected);
    expect(pages.map((p) => [p.metadata.count, p.metadata.hasNext])).toEqual([
      [5, true],
      [5, true],
      [2, false],
    ]);
    const back = await list(dotR({ paging: { cursor: pages[2]!.metadata.cursors.prev } }));
    expect(back.body.jobs.map((j) => j.id)).toEqual(expected[1]);
    const two = await list(dotR({ paging: { cursor: pages[0]!.metadata.cursors.next, limit: 2 } }));
    expect(two.body.jobs.map((j) => j.id)).toEqual(expected[1]!.slice(0, 2));
  });

  it('answers 400 for bad parameters and cursors, 401 without credentials', async () => {
    expect(await violation('?paging.limit=101')).toMatchObject({
      field: 'paging.limit',
      violatedRule: 'MAX',
    });
    expect(await violation(dotR({ paging: { limit: 101 } }))).toMatchObject({
      field: 'paging.limit',
      violatedRule: 'MAX',
    });
    expect(await violation('?paging.limit=ten')).toMatchObject({ field: 'paging.limit' });
    expect(await violation('?status=DONE')).toMatchObject({ violatedRule: 'INVALID_ENUM_VALUE' });
    expect(await violation('?sort.fieldName=payload')).toMatchObject({
      field: 'sort',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    expect(await violation('?sort.fieldName=createdDate%3B+drop+table+job')).toMatchObject({
      field: 'sort',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    expect(await violation('?sort.fieldName=createdDate&sort.order=SIDEWAYS')).toMatchObject({
      field: 'sort.order',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
    expect(await violation('?paging.cursor=garbage')).toMatchObject({
      field: 'paging.cursor',
      violatedRule: 'FORMAT',
    });
    const eventCursor = (await page(EVENTS, { cursorPaging: { limit: 1 } })).metadata.cursors.next!;
    expect(await violation(`?paging.cursor=${eventCursor}`)).toMatchObject({
      field: 'paging.cursor',
      violatedRule: 'FORMAT',
    });
    expect(await violation('?other=1')).toMatchObject({ field: 'other', violatedRule: 'FIELD_NOT_ALLOWED' });
    expect(await violation('?.r=!!!')).toMatchObject({ field: '.r', violatedRule: 'FORMAT' });
    expect(await violation('?name=a%00b')).toBeDefined();
    expect((await s.request('GET', '/platform/v1/jobs')).status).toBe(401);
  });
});
