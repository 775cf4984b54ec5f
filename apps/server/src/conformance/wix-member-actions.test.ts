/**
 * The official `@wix/members` package's moderation and deletion calls against Vitrine: mute,
 * unmute, approve, block, disconnect, slug by id, delete, delete my, bulk delete, and the
 * by-filter bulk jobs.
 */
import { members } from '@wix/members';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberTokens, shopClient } from '../test/oauth.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../test/server.ts';
import { redirectWixFetch } from '../test/wix.ts';

let s: TestServer;
let undo: () => void;
const clientWith = (authorization: string) =>
  createClient({
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: authorization } }) },
    modules: { members },
  });
let admin: ReturnType<typeof clientWith>;

beforeAll(async () => {
  s = await startTestServer();
  undo = redirectWixFetch(s.url);
  admin = clientWith(ADMIN_KEY);
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

const create = async (nickname: string) =>
  (
    await admin.members.createMember({
      member: { loginEmail: `${nickname}@example.test`, profile: { nickname }, privacyStatus: 'PUBLIC' },
    })
  )._id!;

/** Waits for a by-filter job (its id is the platform job's) to finish. */
const finished = (jobId: string) =>
  s.until(async () => {
    const r = await s.admin<{ job: { status: string } }>('GET', `/platform/v1/jobs/${jobId}`);
    return r.body.job.status === 'SUCCEEDED' ? r.body.job : undefined;
  });

describe('@wix/members moderation against Vitrine', () => {
  it('mutes, unmutes, blocks, approves, disconnects and renames a member', async () => {
    const id = await create('mallory');
    expect((await admin.members.muteMember(id)).member).toMatchObject({ _id: id, activityStatus: 'MUTED' });
    expect((await admin.members.unmuteMember(id)).member).toMatchObject({ activityStatus: 'ACTIVE' });
    expect((await admin.members.blockMember(id)).member).toMatchObject({ status: 'BLOCKED' });
    expect((await admin.members.approveMember(id)).member).toMatchObject({ status: 'APPROVED' });
    expect((await admin.members.disconnectMember(id)).member).toMatchObject({ _id: id, status: 'APPROVED' });
    expect((await admin.members.updateMemberSlug(id, 'mallory-2')).member).toMatchObject({
      profile: { slug: 'mallory-2' },
    });
  });

  it('deletes one member, several, and the current member', async () => {
    const one = await create('one');
    await admin.members.deleteMember(one);
    await expect(admin.members.getMember(one)).rejects.toMatchObject({
      details: { applicationError: { code: 'MEMBER_NOT_FOUND' } },
    });

    const [a, b] = [await create('bulk-a'), await create('bulk-b')];
    const bulk = await admin.members.bulkDeleteMembers([a, b, '01a1ff10-0000-7000-8000-00000000dead']);
    expect(bulk.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1, undetailedFailures: 0 });

    const m = await memberTokens(s, await shopClient(s));
    await clientWith(m.tokens.access_token).members.deleteMyMember();
    await expect(admin.members.getMember(m.memberId)).rejects.toMatchObject({
      details: { applicationError: { code: 'MEMBER_NOT_FOUND' } },
    });
  });

  it('runs block, approve and delete by filter as jobs', async () => {
    for (const n of ['f1', 'f2', 'f3']) await create(`filter-${n}`);
    const filter = { 'profile.nickname': { $startsWith: 'filter-' } };
    await finished((await admin.members.bulkBlockMembers(filter)).jobId!);
    const blocked = await admin.members
      .queryMembers()
      .eq('status', 'BLOCKED')
      .startsWith('profile.nickname', 'filter-')
      .find();
    expect(blocked.items).toHaveLength(3);
    await finished((await admin.members.bulkApproveMembers({ status: 'BLOCKED' })).jobId!);
    expect((await admin.members.queryMembers().eq('status', 'BLOCKED').find()).items).toHaveLength(0);
    await finished((await admin.members.bulkDeleteMembersByFilter(filter)).jobId!);
    expect(
      (await admin.members.queryMembers().startsWith('profile.nickname', 'filter-').find()).items,
    ).toHaveLength(0);
  });
});
