import type { DomainEvent, Member } from '@vitrine/contract';
import { member as memberSchema } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeR } from '../../platform/http/querystring.ts';
import { anonymousTokens, memberTokens, shopClient } from '../../test/oauth.ts';
import { appError, startTestServer, violations, type Answer, type TestServer } from '../../test/server.ts';
import { MEMBER_FQDN } from './service.ts';

const BASE = '/members/v1/members';
type Page = {
  members: Partial<Member>[];
  metadata: { count: number; offset: number; total: number; tooManyToCount: boolean };
};
type One = { member: Partial<Member> };

let s: TestServer;
let visitor: string;
let self: { id: string; token: string };
let other: { id: string; token: string };
const ids: Record<string, string> = {};

async function create(
  nickname: string,
  privacyStatus: 'PUBLIC' | 'PRIVATE',
  extra: Record<string, unknown> = {},
) {
  s.clock.advance(1000);
  const r = await s.admin<One>('POST', BASE, {
    member: { loginEmail: `${nickname}@example.test`, profile: { nickname }, privacyStatus, ...extra },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  ids[nickname] = r.body.member.id!;
  return r.body.member;
}
const as = <T = One>(auth: string | null, method: string, path: string, body?: unknown) =>
  s.request<T>(method, path, { auth, ...(body !== undefined ? { body } : {}) });
const nicknames = (r: Answer<Page>) => r.body.members.map((m) => m.profile?.nickname);
async function eventsOf(id: string): Promise<DomainEvent[]> {
  const r = await s.admin<{ events: DomainEvent[] }>('POST', '/platform/v1/events/query', {
    query: { filter: { entityFqdn: MEMBER_FQDN, entityId: id } },
  });
  return r.body.events.sort((a, b) => Number(a.entityEventSequence) - Number(b.entityEventSequence));
}

beforeAll(async () => {
  s = await startTestServer();
  const clientId = await shopClient(s);
  visitor = (await anonymousTokens(s, clientId)).access_token;
  const a = await memberTokens(s, clientId);
  const b = await memberTokens(s, clientId);
  self = { id: a.memberId, token: a.tokens.access_token };
  other = { id: b.memberId, token: b.tokens.access_token };
  await create('alice', 'PUBLIC', {
    contact: { firstName: 'Alice', lastName: 'Liddell', phones: ['+15550100'] },
  });
  await create('anna', 'PUBLIC');
  await create('bob', 'PUBLIC', { contact: { firstName: 'Robert', lastName: 'Paulson' } });
  await create('carol', 'PRIVATE');
  await create('dave', 'PUBLIC');
});
afterAll(async () => {
  await s?.stop();
});

describe('creating members (admin)', () => {
  it('creates the identity and the member with the given contact, profile and privacy', async () => {
    const r = await s.admin<One>('GET', `${BASE}/${ids.alice}?fieldsets=FULL`);
    expect(memberSchema.parse(r.body.member)).toEqual(r.body.member);
    expect(r.body.member).toMatchObject({
      loginEmail: 'alice@example.test',
      status: 'APPROVED',
      privacyStatus: 'PUBLIC',
      contact: {
        firstName: 'Alice',
        lastName: 'Liddell',
        phones: ['+15550100'],
        emails: ['alice@example.test'],
      },
      profile: { nickname: 'alice', slug: 'alice' },
    });
    // Created by the owner, never signed in (the dashboard says "Never").
    expect(r.body.member.lastLoginDate).toBeUndefined();
    const events = await eventsOf(ids.alice!);
    expect(events.map((e) => e.slug)).toEqual(['created', 'updated']);
    expect(events[1]!.updatedEvent).toEqual({
      currentEntity: r.body.member,
      modifiedFields: { 'contact.phones': null },
    });
    expect((await eventsOf(ids.anna!)).map((e) => e.slug)).toEqual(['created']);
  });

  it('refuses a used e-mail (409), a bad e-mail (400) and non-admin callers (403/401)', async () => {
    const dup = await s.admin('POST', BASE, { member: { loginEmail: 'ALICE@example.test' } });
    expect(dup.status).toBe(409);
    expect(appError(dup.body).code).toBe('EMAIL_ALREADY_EXISTS');
    const bad = await s.admin('POST', BASE, { member: { loginEmail: 'nope' } });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)[0]!.field).toBe('member.loginEmail');
    expect((await as(self.token, 'POST', BASE, { member: { loginEmail: 'x@example.test' } })).status).toBe(
      403,
    );
    expect((await as(null, 'POST', BASE, { member: { loginEmail: 'x@example.test' } })).status).toBe(401);
  });
});

describe('listing and querying', () => {
  it('lists with offset paging and sorting in the .r form, with the total', async () => {
    const r = await s.admin<Page>(
      'GET',
      `${BASE}?${encodeR({ paging: { limit: 2, offset: 1 }, sorting: [{ fieldName: 'profile.nickname', order: 'ASC' }], fieldsets: ['FULL'] })}`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(nicknames(r)).toEqual(['anna', 'bob']);
    expect(r.body.metadata).toEqual({ count: 2, offset: 1, total: 7, tooManyToCount: false });
    expect(r.body.members[0]!.contact).toBeDefined();
  });

  it('lists in the plain form (repeated fieldsets, dotted paging); default fieldset PUBLIC', async () => {
    const r = await s.admin<Page>(
      'GET',
      `${BASE}?fieldsets=PUBLIC&fieldsets=EXTENDED&paging.limit=3&paging.offset=5`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.metadata).toEqual({ count: 2, offset: 5, total: 7, tooManyToCount: false });
    expect(r.body.members[0]).toHaveProperty('status');
    expect(r.body.members[0]).not.toHaveProperty('contact');
    const plain = await s.request<Page>('GET', `/_api${BASE}`, { auth: null });
    expect(plain.body.members.every((m) => Object.keys(m).sort().join() === 'contactId,id,profile')).toBe(
      true,
    );
    expect((await s.admin('GET', `${BASE}?fieldsets=ALL`)).status).toBe(400);
  });

  it('queries with filter and sort (sort or sorting), search and paging', async () => {
    const r = await s.admin<Page>('POST', `${BASE}/query`, {
      fieldsets: ['FULL'],
      query: {
        filter: { $and: [{ status: 'APPROVED' }, { 'profile.nickname': { $startsWith: 'a' } }] },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        paging: { limit: 5, offset: 0 },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(nicknames(r)).toEqual(['anna', 'alice']);
    expect(r.body.metadata.total).toBe(2);
    const sorting = await s.admin<Page>('POST', `${BASE}/query`, {
      query: {
        filter: { privacyStatus: 'PUBLIC', loginEmail: { $endsWith: '@example.test' } },
        sorting: [{ fieldName: 'profile.slug', order: 'DESC' }],
        paging: { limit: 2 },
      },
    });
    expect(nicknames(sorting)).toEqual(['dave', 'bob']);
    expect(sorting.body.metadata).toMatchObject({ count: 2, total: 4 });
    const search = await s.admin<Page>('POST', `${BASE}/query`, { search: { expression: 'PAULS' } });
    expect(nicknames(search)).toEqual(['bob']);
    const byEmail = await s.admin<Page>('POST', `${BASE}/query`, {
      search: { expression: 'CAROL@', fields: ['loginEmail'] },
    });
    expect(nicknames(byEmail)).toEqual(['carol']);
    // Every word must start a field; a fragment from the middle of a word finds nothing.
    expect(
      nicknames(
        await s.admin<Page>('POST', `${BASE}/query`, {
          search: { expression: 'AROL@', fields: ['loginEmail'] },
        }),
      ),
    ).toEqual([]);
    expect(
      nicknames(
        await s.admin<Page>('POST', `${BASE}/query`, {
          search: { expression: 'carol exam', fields: ['loginEmail'] },
        }),
      ),
    ).toEqual([]);
    const bad = await s.admin('POST', `${BASE}/query`, { query: { filter: { password: 'x' } } });
    expect(bad.status).toBe(400);
  });

  it('shows visitors and other members only public profiles, and a member themself in full', async () => {
    for (const auth of [null, visitor]) {
      const r = await as<Page>(auth, 'POST', `${BASE}/query`, {
        fieldsets: ['FULL'],
        query: { sort: [{ fieldName: 'profile.nickname', order: 'ASC' }] },
      });
      expect(r.status).toBe(200);
      expect(nicknames(r)).toEqual(['alice', 'anna', 'bob', 'dave']);
      expect(r.body.members.every((m) => Object.keys(m).sort().join() === 'contactId,id,profile')).toBe(true);
    }
    const mine = await as<Page>(self.token, 'GET', `${BASE}?fieldsets=FULL`);
    expect(mine.body.metadata.total).toBe(5);
    expect(mine.body.members.find((m) => m.id === self.id)).toHaveProperty('contact');
    expect(
      mine.body.members
        .filter((m) => m.id !== self.id)
        .every((m) => Object.keys(m).sort().join() === 'contactId,id,profile'),
    ).toBe(true);
    expect(mine.body.members.map((m) => m.id)).not.toContain(other.id);
    const leak = await as(visitor, 'POST', `${BASE}/query`, {
      query: { filter: { loginEmail: 'carol@example.test' } },
    });
    expect(leak.status).toBe(400);
    expect(
      (await as(visitor, 'POST', `${BASE}/query`, { search: { expression: 'x', fields: ['loginEmail'] } }))
        .status,
    ).toBe(400);
  });
});

describe('getting one member', () => {
  it('gives admins the fieldset they ask for (PUBLIC by default), with the id repeated in the query', async () => {
    const pub = await s.admin<One>('GET', `${BASE}/${ids.carol}`);
    expect(Object.keys(pub.body.member).sort()).toEqual(['contactId', 'id', 'profile']);
    const ext = await s.admin<One>(
      'GET',
      `${BASE}/${ids.carol}?id=${ids.carol}&fieldsets=PUBLIC&fieldsets=EXTENDED`,
    );
    expect(ext.body.member).toMatchObject({
      loginEmail: 'carol@example.test',
      status: 'APPROVED',
      privacyStatus: 'PRIVATE',
      activityStatus: 'ACTIVE',
    });
    expect(ext.body.member).not.toHaveProperty('contact');
    expect((await s.admin('GET', `${BASE}/01890000-0000-7000-8000-000000000000`)).status).toBe(404);
  });

  it('hides private members from others (404) and shows public ones in PUBLIC only', async () => {
    for (const auth of [null, visitor, other.token]) {
      const hidden = await as(auth, 'GET', `${BASE}/${ids.carol}`);
      expect(hidden.status).toBe(404);
      expect(appError(hidden.body).code).toBe('MEMBER_NOT_FOUND');
      const shown = await as(auth, 'GET', `/_api${BASE}/${ids.alice}?fieldsets=FULL`);
      expect(Object.keys(shown.body.member).sort()).toEqual(['contactId', 'id', 'profile']);
    }
  });

  it('gives a member themself in FULL, by id and at /my (fieldSet or fieldsets)', async () => {
    const byId = await as(self.token, 'GET', `${BASE}/${self.id}?fieldsets=PUBLIC`);
    expect(byId.body.member).toHaveProperty('contact');
    for (const q of ['', '?fieldSet=PUBLIC', '?fieldsets=EXTENDED']) {
      const my = await as(self.token, 'GET', `${BASE}/my${q}`);
      expect(my.status).toBe(200);
      expect(my.body.member).toMatchObject({
        id: self.id,
        privacyStatus: 'PRIVATE',
        contact: { firstName: 'Ada' },
      });
    }
    expect((await as(visitor, 'GET', `${BASE}/my`)).status).toBe(403);
    expect((await as(null, 'GET', `${BASE}/my`)).status).toBe(401);
  });
});

describe('changing members', () => {
  it('changes slugs: format rules, uniqueness (409) and who may', async () => {
    const r = await as(self.token, 'POST', `${BASE}/my/slug`, { slug: 'ada-99' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.member.profile?.slug).toBe('ada-99');
    for (const slug of ['Ada', 'a b', '', 'x'.repeat(101), 'é']) {
      const bad = await as(self.token, 'POST', `${BASE}/my/slug`, { slug });
      expect(bad.status).toBe(400);
      expect(violations(bad.body)[0]!.field).toBe('slug');
    }
    const taken = await as(self.token, 'POST', `${BASE}/my/slug`, { slug: 'alice' });
    expect(taken.status).toBe(409);
    expect(appError(taken.body).code).toBe('SLUG_ALREADY_EXISTS');
    const admin = await s.admin<One>('POST', `${BASE}/${ids.bob}/slug`, { id: ids.bob, slug: 'bobby' });
    expect(admin.body.member.profile?.slug).toBe('bobby');
    expect((await as(other.token, 'POST', `${BASE}/${ids.bob}/slug`, { slug: 'mine' })).status).toBe(403);
    expect((await s.admin('POST', `${BASE}/${ids.bob}/slug`, { id: ids.alice, slug: 'x' })).status).toBe(400);
    const [, updated] = await eventsOf(ids.bob!);
    expect(updated).toMatchObject({
      eventType: 'wix.members.v1.member_updated',
      updatedEvent: { modifiedFields: { 'profile.slug': 'bob' } },
    });
  });

  it('joins and leaves the community, with member_updated events', async () => {
    const join = await as(other.token, 'POST', `${BASE}/join-community`, {});
    expect(join.body.member.privacyStatus).toBe('PUBLIC');
    expect((await as(visitor, 'GET', `${BASE}/${other.id}`)).status).toBe(200);
    const leave = await as(other.token, 'POST', `${BASE}/leave-community`);
    expect(leave.body.member.privacyStatus).toBe('PRIVATE');
    expect((await as(visitor, 'GET', `${BASE}/${other.id}`)).status).toBe(404);
    const events = (await eventsOf(other.id)).filter((e) => e.slug === 'updated');
    expect(events.map((e) => e.updatedEvent?.modifiedFields)).toEqual([
      { privacyStatus: 'PRIVATE' },
      { privacyStatus: 'PUBLIC' },
    ]);
    expect((await as(visitor, 'POST', `${BASE}/join-community`)).status).toBe(403);
  });

  it('updates only the given fields: objects merged, arrays replaced', async () => {
    s.clock.advance(5000);
    const r = await s.admin<One>('PATCH', `${BASE}/${ids.alice}`, {
      member: {
        id: ids.alice,
        contact: {
          firstName: 'Alicia',
          addresses: [{ addressLine: '1 Main St', city: 'New York', country: 'US' }],
          phones: ['+15550199'],
        },
        profile: { title: 'Explorer' },
        status: 'BLOCKED',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.member).toMatchObject({
      status: 'APPROVED',
      updatedDate: s.clock.now().toISOString(),
      contact: {
        firstName: 'Alicia',
        lastName: 'Liddell',
        phones: ['+15550199'],
        emails: ['alice@example.test'],
        addresses: [{ addressLine: '1 Main St', city: 'New York', country: 'US' }],
      },
      profile: { nickname: 'alice', slug: 'alice', title: 'Explorer' },
    });
    const updated = (await eventsOf(ids.alice!)).at(-1);
    expect(updated!.updatedEvent!.modifiedFields).toEqual({
      'contact.firstName': 'Alice',
      'contact.phones': ['+15550100'],
      'contact.addresses': null,
      'profile.title': null,
    });
    expect((await s.admin('PATCH', `${BASE}/${ids.alice}`, { member: { id: ids.bob } })).status).toBe(400);
    expect(
      (await s.admin('PATCH', `${BASE}/${ids.alice}`, { member: { profile: { slug: 'dave' } } })).status,
    ).toBe(409);
    expect(
      (await as(other.token, 'PATCH', `${BASE}/${ids.alice}`, { member: { profile: { title: 'x' } } }))
        .status,
    ).toBe(403);
    const mine = await as(self.token, 'PATCH', `${BASE}/${self.id}`, {
      member: { id: self.id, profile: { nickname: 'Countess' } },
    });
    expect(mine.body.member.profile).toMatchObject({ nickname: 'Countess', slug: 'ada-99' });
  });

  it('keeps streetAddress {number, name} beside addressLine, filling the line from the street when only that is given', async () => {
    const r = await s.admin<One>('PATCH', `${BASE}/${ids.bob}`, {
      member: {
        contact: {
          addresses: [
            {
              streetAddress: { number: '5', name: 'Hauptstraße' },
              city: 'Berlin',
              postalCode: '10115',
              country: 'DE',
            },
            { streetAddress: { number: '10', name: 'Downing St' }, city: 'London', country: 'GB' },
            {
              addressLine: 'Flat 2, 10 Downing St',
              streetAddress: { number: '10', name: 'Downing St' },
              country: 'GB',
            },
          ],
        },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.member.contact?.addresses).toEqual([
      {
        addressLine: 'Hauptstraße 5',
        streetAddress: { number: '5', name: 'Hauptstraße' },
        city: 'Berlin',
        postalCode: '10115',
        country: 'DE',
      },
      {
        addressLine: '10 Downing St',
        streetAddress: { number: '10', name: 'Downing St' },
        city: 'London',
        country: 'GB',
      },
      {
        addressLine: 'Flat 2, 10 Downing St',
        streetAddress: { number: '10', name: 'Downing St' },
        country: 'GB',
      },
    ]);
  });

  it('clears contact phones, e-mails and addresses', async () => {
    for (const field of ['phones', 'emails', 'addresses'] as const) {
      const r = await s.admin<One>('DELETE', `${BASE}/${ids.alice}/${field}?id=${ids.alice}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.member.contact).not.toHaveProperty(field);
    }
    const m = await s.admin<One>('GET', `${BASE}/${ids.alice}?fieldsets=FULL`);
    expect(m.body.member.contact).toEqual({ firstName: 'Alicia', lastName: 'Liddell' });
    expect((await as(other.token, 'DELETE', `${BASE}/${ids.alice}/phones`)).status).toBe(403);
    expect((await as(self.token, 'DELETE', `${BASE}/${self.id}/phones`)).status).toBe(200);
  });
});
