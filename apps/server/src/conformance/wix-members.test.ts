/**
 * The official `@wix/members` package, unchanged, against a Vitrine test server: an admin client
 * (API key) and a member client (access token), both through a custom auth strategy.
 */
import { members } from '@wix/members';
import { createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberTokens, shopClient } from '../test/oauth.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../test/server.ts';
import { redirectWixFetch, type Recorded } from '../test/wix.ts';

let s: TestServer;
let undo: () => void;
const log: Recorded[] = [];
let me: { memberId: string; token: string };

const clientWith = (authorization: string) =>
  createClient({
    auth: { getAuthHeaders: async () => ({ headers: { Authorization: authorization } }) },
    modules: { members },
  });
let admin: ReturnType<typeof clientWith>;
let mine: ReturnType<typeof clientWith>;

beforeAll(async () => {
  s = await startTestServer();
  undo = redirectWixFetch(s.url, log);
  const m = await memberTokens(s, await shopClient(s));
  me = { memberId: m.memberId, token: m.tokens.access_token };
  admin = clientWith(ADMIN_KEY);
  mine = clientWith(me.token);
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

describe('@wix/members against Vitrine', () => {
  it('creates members, lists them with paging and sorting (.r) and queries with the builder', async () => {
    const created = [];
    for (const nickname of ['ada', 'alan', 'grace']) {
      s.clock.advance(1000);
      created.push(
        await admin.members.createMember({
          member: {
            loginEmail: `${nickname}@example.test`,
            contact: { firstName: nickname.toUpperCase() },
            profile: { nickname },
            privacyStatus: 'PUBLIC',
          },
        }),
      );
    }
    expect(created[0]).toMatchObject({
      _id: expect.any(String),
      loginEmail: 'ada@example.test',
      profile: { nickname: 'ada', slug: 'ada' },
      privacyStatus: 'PUBLIC',
    });
    expect(created[0]!._createdDate).toBeInstanceOf(Date);

    log.length = 0;
    const list = await admin.members.listMembers({
      paging: { limit: 2, offset: 1 },
      sorting: [{ fieldName: 'profile.nickname', order: 'ASC' }],
      fieldsets: ['FULL'],
    });
    expect(log[0]!.url).toContain('?.r=');
    expect(list.members!.map((m) => m.profile?.nickname)).toEqual(['alan', 'grace']);
    expect(list.metadata).toEqual({ count: 2, offset: 1, total: 4, tooManyToCount: false });

    const page = await admin.members
      .queryMembers({ fieldsets: ['FULL'] })
      .eq('status', 'APPROVED')
      .startsWith('profile.nickname', 'a')
      .limit(5)
      .skip(0)
      .find();
    expect(page.items.map((m) => m.profile?.nickname).sort()).toEqual(['ada', 'alan']);
    expect(page.totalCount).toBe(2);
    expect(page.hasNext()).toBe(false);
  });

  it('gets a member and the current member', async () => {
    const [ada] = (await admin.members.queryMembers().eq('loginEmail', 'ada@example.test').find()).items;
    const got = await admin.members.getMember(ada!._id!, { fieldsets: ['FULL'] });
    expect(got).toMatchObject({
      _id: ada!._id,
      loginEmail: 'ada@example.test',
      contact: { firstName: 'ADA' },
    });
    const publicView = await mine.members.getMember(ada!._id!);
    expect(publicView.contact).toBeUndefined();
    const current = await mine.members.getCurrentMember({ fieldsets: ['FULL'] });
    expect(current.member).toMatchObject({ _id: me.memberId, privacyStatus: 'PRIVATE' });
  });

  it('changes the current member: slug, join and leave the community', async () => {
    const slug = await mine.members.updateCurrentMemberSlug('lady-ada');
    expect(slug.member?.profile?.slug).toBe('lady-ada');
    await expect(mine.members.updateCurrentMemberSlug('ada')).rejects.toMatchObject({
      details: { applicationError: { code: 'SLUG_ALREADY_EXISTS' } },
    });
    expect((await mine.members.joinCommunity()).member?.privacyStatus).toBe('PUBLIC');
    expect((await mine.members.leaveCommunity()).member?.privacyStatus).toBe('PRIVATE');
  });

  it('updates a member and clears phones, e-mails and addresses', async () => {
    const [alan] = (await admin.members.queryMembers().eq('profile.nickname', 'alan').find()).items;
    const id = alan!._id!;
    const updated = await admin.members.updateMember(id, {
      contact: {
        lastName: 'Turing',
        phones: ['+15550100'],
        addresses: [{ addressLine: '1 Main St', city: 'London', country: 'GB' }],
      },
      profile: { title: 'Mathematician' },
    });
    expect(updated).toMatchObject({
      contact: {
        firstName: 'ALAN',
        lastName: 'Turing',
        phones: ['+15550100'],
        addresses: [{ addressLine: '1 Main St', city: 'London' }],
      },
      profile: { nickname: 'alan', title: 'Mathematician' },
    });
    expect((await admin.members.deleteMemberPhones(id)).member?.contact?.phones ?? []).toEqual([]);
    expect((await admin.members.deleteMemberEmails(id)).member?.contact?.emails ?? []).toEqual([]);
    const last = await admin.members.deleteMemberAddresses(id);
    expect(last.member?.contact).toEqual({ firstName: 'ALAN', lastName: 'Turing' });
  });
});
