import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../platform/db/connect.ts';
import { testEngine } from '../../test/database.ts';
import type { TestServer } from '../../test/server.ts';
import { invited, setUpOwner, StaffBrowser, staffServer } from '../../test/staff.ts';

/** Two server processes on one database only exist on PostgreSQL (PGlite is one session). */
const onPostgres = testEngine() === 'postgres';

let s: TestServer;
let other: TestServer;
let otherDb: DbHandle;
let owner: StaffBrowser;
beforeAll(async () => {
  if (!onPostgres) return;
  s = await staffServer();
  otherDb = s.db.another();
  // A second server process on the same database (its own pool), as behind a load balancer.
  other = await staffServer({ database: otherDb, clock: s.clock, env: { JOBS: 'false' } });
  owner = await setUpOwner(s);
});
afterAll(async () => {
  await other?.stop();
  await otherDb?.close();
  await s?.stop();
});

/** The same browser session, sent to the other process. */
function onOther(b: StaffBrowser): StaffBrowser {
  const there = new StaffBrowser(s, other);
  there.cookie = b.cookie;
  there.csrfToken = b.csrfToken;
  return there;
}

describe.skipIf(!onPostgres)('staff sessions on two processes (PostgreSQL)', () => {
  it('a session opened on one process works on the other, and ends on both at once when its member is removed', async () => {
    const onFirst = await invited(owner, 'casey@example.test', 'CONTRIBUTOR');
    const onSecond = onOther(onFirst);
    expect((await onSecond.request('GET', '/staff/v1/me')).status).toBe(200);
    const search = () => onSecond.request('POST', '/ecom/v1/orders/search', { body: { search: {} } });
    expect((await search()).status).toBe(200);

    const removed = await owner.request('DELETE', `/staff/v1/staff/${onFirst.staff!.id}`);
    expect(removed.status).toBe(200);
    // No waiting: each request reads the session from the database.
    expect((await onSecond.request('GET', '/staff/v1/me')).status).toBe(401);
    expect((await search()).status).toBe(401);
    expect((await onFirst.request('GET', '/staff/v1/me')).status).toBe(401);
  });

  it('sign-out everywhere on one process ends the sessions the other one serves', async () => {
    const c = await invited(owner, 'dana@example.test', 'CONTRIBUTOR');
    const elsewhere = onOther(c);
    expect((await elsewhere.request('GET', '/staff/v1/me')).status).toBe(200);
    expect((await c.request('POST', '/staff/v1/logout-all')).status).toBe(200);
    expect((await elsewhere.request('GET', '/staff/v1/me')).status).toBe(401);
  });

  it('a role change on one process holds on the other at once', async () => {
    const c = await invited(owner, 'erin@example.test', 'CONTRIBUTOR');
    const elsewhere = onOther(c);
    const before = await elsewhere.request('POST', '/staff/v1/staff/query', { body: {} });
    expect(before.status).toBe(403);
    // The role is read with the session: a demoted owner is a contributor on every process at once.
    const second = await invited(owner, 'fran@example.test', 'OWNER');
    const secondElsewhere = onOther(second);
    expect((await secondElsewhere.request('POST', '/staff/v1/staff/query', { body: {} })).status).toBe(200);
    const down = await owner.request('PATCH', `/staff/v1/staff/${second.staff!.id}`, {
      body: { role: 'CONTRIBUTOR' },
    });
    expect(down.status).toBe(200);
    expect((await secondElsewhere.request('POST', '/staff/v1/staff/query', { body: {} })).status).toBe(403);
  });
});
