import type { DomainEvent, Member, TokenResponse } from '@vitrine/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, appError, type TestServer } from '../../test/server.ts';
import { freshEmail, GOOD_PASSWORD, login, mailsTo, register, registered } from '../../test/identity.ts';
import {
  authorizeCode,
  CALLBACK,
  memberTokens,
  pkce,
  sessionTokenFor,
  shopClient,
  token,
} from '../../test/oauth.ts';

const BASE = '/members/v1/members';
const ALIAS = '/_api/members/v1/members';
type Job = { id: string; status: string; processed: number; succeeded: number; failed: number };

let s: TestServer;
let clientId: string;
beforeAll(async () => {
  s = await startTestServer({ env: { PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' } });
  clientId = await shopClient(s);
});
afterAll(async () => {
  await s?.stop();
});

/** Member tokens for an existing member (signed on again, then the authorize + code exchange). */
async function tokensOf(email: string): Promise<TokenResponse> {
  const { verifier, challenge } = pkce();
  const { code } = await authorizeCode(s, {
    clientId,
    sessionToken: await sessionTokenFor(s, email),
    challenge,
  });
  const r = await token(s, {
    clientId,
    grantType: 'authorization_code',
    redirectUri: CALLBACK,
    code,
    codeVerifier: verifier,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
const refresh = (t: TokenResponse) =>
  token(s, { clientId, grantType: 'refresh_token', refreshToken: t.refresh_token });
async function expectDead(t: TokenResponse) {
  const r = await refresh(t);
  expect(r.status).toBe(400);
  expect(appError(r.body).code).toBe('invalid_grant');
}
const act = (id: string, action: string, base = BASE) =>
  s.admin<{ member: Member }>('POST', `${base}/${id}/${action}`, { id });
async function events(id: string): Promise<DomainEvent[]> {
  const r = await s.admin<{ events: DomainEvent[] }>('POST', '/platform/v1/events/query', {
    query: { filter: { entityId: id }, cursorPaging: { limit: 100 } },
  });
  expect(r.status).toBe(200);
  return r.body.events.sort((a, b) => Number(a.entityEventSequence) - Number(b.entityEventSequence));
}
const memberStatus = async (id: string) =>
  await s.app
    .systemCtx()
    .db.selectFrom('member')
    .select(['status', 'activity_status'])
    .where('id', '=', id)
    .executeTakeFirst();

async function withApproval<T>(fn: () => Promise<T>): Promise<T> {
  expect(
    (await s.admin('PATCH', '/platform/v1/store-settings', { settings: { memberApprovalRequired: true } }))
      .status,
  ).toBe(200);
  try {
    return await fn();
  } finally {
    await s.admin('PATCH', '/platform/v1/store-settings', { settings: { memberApprovalRequired: false } });
  }
}

async function finishedJob(jobId: string): Promise<Job> {
  await s.app.jobs.runDue();
  return s.until(async () => {
    const r = await s.admin<{ job: Job }>('GET', `${BASE}/bulk/jobs/${jobId}`);
    expect(r.status).toBe(200);
    return r.body.job.status === 'SUCCEEDED' || r.body.job.status === 'FAILED' ? r.body.job : undefined;
  }, 120_000);
}

describe('single member actions', () => {
  it('mute and unmute set activityStatus, with member_updated events naming the previous value', async () => {
    const id = await registered(s, freshEmail('mute'));
    const muted = await act(id, 'mute');
    expect(muted.status).toBe(200);
    expect(muted.body.member).toMatchObject({ id, activityStatus: 'MUTED', status: 'APPROVED' });
    expect((await act(id, 'unmute', ALIAS)).body.member.activityStatus).toBe('ACTIVE');
    const updated = (await events(id)).filter((e) => e.eventType === 'wix.members.v1.member_updated');
    expect(
      updated.map((e) => (e as { updatedEvent: { modifiedFields: unknown } }).updatedEvent.modifiedFields),
    ).toEqual([{ activityStatus: 'ACTIVE' }, { activityStatus: 'MUTED' }]);
  });

  it('block ends refresh tokens at once and refuses sign-in; approve lets the member sign in again', async () => {
    const email = freshEmail('block');
    const id = await registered(s, email);
    const tokens = await tokensOf(email);
    expect((await refresh(tokens)).status).toBe(200);

    const blocked = await act(id, 'block');
    expect(blocked.status).toBe(200);
    expect(blocked.body.member.status).toBe('BLOCKED');
    await expectDead(tokens);
    const refused = await login(s, email, GOOD_PASSWORD);
    expect(refused.status).toBe(403);
    expect(appError(refused.body).code).toBe('IDENTITY_BLOCKED');
    const last = (await events(id)).at(-1) as DomainEvent & { updatedEvent: { modifiedFields: unknown } };
    expect(last.updatedEvent.modifiedFields).toEqual({ status: 'APPROVED' });

    const approved = await act(id, 'approve');
    expect(approved.body.member).toMatchObject({ status: 'APPROVED', lastLoginDate: expect.any(String) });
    expect((await login(s, email, GOOD_PASSWORD)).body.state).toBe('SUCCESS');
  });

  it('approve turns a PENDING member APPROVED and its sign-in then succeeds', async () => {
    const email = freshEmail('pending');
    const inbox = await s.admin('PATCH', '/platform/v1/store-settings', {
      settings: { contactEmail: 'shop-inbox@example.test' },
    });
    expect(inbox.status, JSON.stringify(inbox.body)).toBe(200);
    const id = await withApproval(async () => {
      const r = await register(s, email);
      expect(r.body.state).toBe('REQUIRE_OWNER_APPROVAL');
      expect((await login(s, email, GOOD_PASSWORD)).body.state).toBe('REQUIRE_OWNER_APPROVAL');
      return r.body.identity!.id;
    });
    expect((await memberStatus(id))?.status).toBe('PENDING');
    // The store is told someone waits (at its contact address), with the way to the member in the dashboard.
    const notice = (await mailsTo(s, 'shop-inbox@example.test')).find((m) => m.subject.includes(email));
    expect(notice?.subject).toMatch(/waits for your approval$/);
    expect(notice?.text).toContain(`${s.url}/dashboard/customers/${id}`);
    expect((await act(id, 'approve')).body.member.status).toBe('APPROVED');
    expect((await login(s, email, GOOD_PASSWORD)).body.state).toBe('SUCCESS');
    // Told so by e-mail, once (approving again, or a block and unblock, sends nothing more).
    const [told, ...more] = await s.until(async () => {
      const m = await mailsTo(s, email);
      return m.length ? m : undefined;
    });
    expect(told).toMatchObject({ subject: expect.stringMatching(/^Your .+ account is approved$/) });
    expect(told!.text).toContain(`${s.url}/login`);
    await act(id, 'approve');
    await act(id, 'block');
    await act(id, 'approve');
    expect(more).toEqual([]);
    expect(await mailsTo(s, email)).toHaveLength(1);
  });

  it('disconnect ends the refresh tokens and keeps the status', async () => {
    const m = await memberTokens(s, clientId);
    const r = await act(m.memberId, 'disconnect');
    expect(r.status).toBe(200);
    expect(r.body.member.status).toBe('APPROVED');
    await expectDead(m.tokens);
  });

  it('answers 404 for an unknown member and 400 for a body id that differs from the path', async () => {
    const unknown = await act('0190c0de-0000-7000-8000-000000000000', 'mute');
    expect(unknown.status).toBe(404);
    expect(appError(unknown.body).code).toBe('MEMBER_NOT_FOUND');
    const id = await registered(s, freshEmail('mismatch'));
    expect(
      (await s.admin('POST', `${BASE}/${id}/block`, { id: '0190c0de-0000-7000-8000-000000000000' })).status,
    ).toBe(400);
    expect((await memberStatus(id))?.status).toBe('APPROVED');
  });
});

describe('deletion', () => {
  it('DELETE /:id: tokens die, the member is gone, the e-mail registers again', async () => {
    const email = freshEmail('delete');
    const id = await registered(s, email);
    const tokens = await tokensOf(email);
    const r = await s.admin('DELETE', `${BASE}/${id}?id=${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({});
    expect((await s.admin('DELETE', `${BASE}/${id}`)).status).toBe(404);
    expect((await act(id, 'mute')).status).toBe(404);
    expect(await memberStatus(id)).toBeUndefined();
    await expectDead(tokens);
    expect((await login(s, email, GOOD_PASSWORD)).status).toBe(400);
    const again = await register(s, email);
    expect(again.body.state).toBe('SUCCESS');
    expect(again.body.identity!.id).not.toBe(id);
    expect((await events(id)).at(-1)).toMatchObject({
      eventType: 'wix.members.v1.member_deleted',
      deletedEvent: { deletedEntity: { id, loginEmail: email } },
    });
  });

  it('DELETE /my deletes the calling member and records contentAssigneeId in member_deleted', async () => {
    const m = await memberTokens(s, clientId);
    const assignee = '0190c0de-0000-7000-8000-0000000000aa';
    const r = await s.request('DELETE', `${ALIAS}/my?contentAssigneeId=${assignee}`, {
      auth: m.tokens.access_token,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({});
    expect(await memberStatus(m.memberId)).toBeUndefined();
    expect((await events(m.memberId)).at(-1)).toMatchObject({
      deletedEvent: { deletedEntity: { id: m.memberId }, contentAssigneeId: assignee },
    });
    await expectDead(m.tokens);
  });

  it('bulk/delete answers per item, with a failure for a missing id', async () => {
    const a = await registered(s, freshEmail('bulk-a'));
    const b = await registered(s, freshEmail('bulk-b'));
    const missing = '0190c0de-0000-7000-8000-0000000000bb';
    const r = await s.admin('POST', `${BASE}/bulk/delete`, { memberIds: [a, missing, b] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      results: [
        { itemMetadata: { id: a, originalIndex: 0, success: true } },
        {
          itemMetadata: {
            id: missing,
            originalIndex: 1,
            success: false,
            error: { code: 'MEMBER_NOT_FOUND', description: 'Member not found', data: { id: missing } },
          },
        },
        { itemMetadata: { id: b, originalIndex: 2, success: true } },
      ],
      bulkActionMetadata: { totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 },
    });
    expect(await memberStatus(a)).toBeUndefined();
    expect((await s.admin('POST', `${BASE}/bulk/delete`, { memberIds: Array(101).fill(a) })).status).toBe(
      400,
    );
    expect((await s.admin('POST', `${BASE}/bulk/delete`, { memberIds: [] })).status).toBe(400);
  });
});

describe('*-by-filter jobs', () => {
  it('rejects a filter on an unknown field before queueing anything', async () => {
    const r = await s.admin('POST', `${BASE}/bulk/approve-by-filter`, { filter: { password: 'x' } });
    expect(r.status).toBe(400);
  });

  it('approve-by-filter approves the matching PENDING members and reports counts', async () => {
    const emails = [freshEmail('fa'), freshEmail('fa'), freshEmail('fa')];
    const ids = await withApproval(() =>
      Promise.all(emails.map(async (e) => (await register(s, e)).body.identity!.id)),
    );
    const r = await s.admin<{ jobId: string }>('POST', `${ALIAS}/bulk/approve-by-filter`, {
      filter: { status: 'PENDING', loginEmail: { $in: emails.slice(0, 2) } },
    });
    expect(r.status).toBe(200);
    expect(await finishedJob(r.body.jobId)).toEqual({
      id: r.body.jobId,
      status: 'SUCCEEDED',
      processed: 2,
      succeeded: 2,
      failed: 0,
    });
    expect(
      (await s.admin<{ job: { status: string } }>('GET', `/platform/v1/jobs/${r.body.jobId}`)).body.job
        .status,
    ).toBe('SUCCEEDED');
    expect((await Promise.all(ids.map(memberStatus))).map((m) => m?.status)).toEqual([
      'APPROVED',
      'APPROVED',
      'PENDING',
    ]);
    expect((await login(s, emails[0]!, GOOD_PASSWORD)).body.state).toBe('SUCCESS');
  });

  it('block-by-filter blocks the matching members and ends their tokens', async () => {
    const emails = [freshEmail('fb'), freshEmail('fb')];
    const ids = await Promise.all(emails.map((e) => registered(s, e)));
    const tokens = await tokensOf(emails[0]!);
    const r = await s.admin<{ jobId: string }>('POST', `${BASE}/bulk/block-by-filter`, {
      filter: { id: { $in: ids } },
    });
    expect(await finishedJob(r.body.jobId)).toMatchObject({ processed: 2, succeeded: 2, failed: 0 });
    expect((await Promise.all(ids.map(memberStatus))).map((m) => m?.status)).toEqual(['BLOCKED', 'BLOCKED']);
    await expectDead(tokens);
  });

  it('delete-by-filter deletes the matching members with contentAssigneeId in their events', async () => {
    const emails = [freshEmail('fd'), freshEmail('fd')];
    const ids = await Promise.all(emails.map((e) => registered(s, e)));
    const assignee = '0190c0de-0000-7000-8000-0000000000cc';
    const r = await s.admin<{ jobId: string }>('POST', `${BASE}/bulk/delete-by-filter`, {
      filter: { loginEmail: { $in: emails } },
      contentAssigneeId: assignee,
    });
    expect(await finishedJob(r.body.jobId)).toMatchObject({ processed: 2, succeeded: 2 });
    for (const id of ids) {
      expect(await memberStatus(id)).toBeUndefined();
      expect((await events(id)).at(-1)).toMatchObject({
        eventType: 'wix.members.v1.member_deleted',
        deletedEvent: { contentAssigneeId: assignee },
      });
    }
  });
});

describe('bulk.test: approve-by-filter over 10,000 members', () => {
  it('approves them all in batches, with correct counts', { timeout: 240_000 }, async () => {
    const db = s.app.systemCtx().db;
    const now = new Date();
    await sql`
      with ids as (select gen_random_uuid() as id, g from generate_series(1, 10000) g),
      i as (
        insert into identity (id, email, email_verified, password_hash, password_reset_required, status, reasons, profile, revision, created_at, updated_at)
        select id, 'mass-' || g || '@example.test', true, null, false, 'PENDING', '["PENDING_ADMIN_APPROVAL_REQUIRED"]', '{}', 1, ${now}, ${now} from ids
        returning id, email)
      insert into member (id, login_email, login_email_verified, status, activity_status, privacy_status, contact, profile, slug, created_at, updated_at)
      select id, email, true, 'PENDING', 'ACTIVE', 'PRIVATE', '{}', '{}', 'mass-' || id, ${now}, ${now} from i`.execute(
      db,
    );
    const r = await s.admin<{ jobId: string }>('POST', `${BASE}/bulk/approve-by-filter`, {
      filter: { status: 'PENDING', loginEmail: { $startsWith: 'mass-' } },
    });
    expect(r.status).toBe(200);
    expect(await finishedJob(r.body.jobId)).toEqual({
      id: r.body.jobId,
      status: 'SUCCEEDED',
      processed: 10_000,
      succeeded: 10_000,
      failed: 0,
    });
    const left = await db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('login_email', 'like', 'mass-%')
      .where('status', '<>', 'APPROVED')
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    const active = await db
      .selectFrom('identity')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', 'like', 'mass-%')
      .where('status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow();
    expect(Number(active.n)).toBe(10_000);
  });
});
