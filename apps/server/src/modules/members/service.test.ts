import type { DomainEvent, Member } from '@vitrine/contract';
import { member as memberSchema } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { signOn } from '../identity/index.ts';
import { getMember, MEMBER_FQDN, slugBase, syncMemberFromIdentity } from './service.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const ctx = () => s.app.systemCtx();
async function eventsOf(id: string): Promise<DomainEvent[]> {
  const r = await s.admin<{ events: DomainEvent[] }>('POST', '/platform/v1/events/query', {
    query: { filter: { entityFqdn: MEMBER_FQDN, entityId: id } },
  });
  return r.body.events.sort((a, b) => Number(a.entityEventSequence) - Number(b.entityEventSequence));
}

describe('member records', () => {
  it('makes URL-safe slug bases from the first usable candidate', () => {
    expect(slugBase('  Zoë  Smith-Jones! ')).toBe('zoe-smith-jones');
    expect(slugBase('', '***', 'ada.lovelace')).toBe('ada-lovelace');
    expect(slugBase('界')).toBe('member');
    expect(slugBase('a'.repeat(39) + '-b-c')).toBe('a'.repeat(39));
  });

  it('creates the member of a new identity in REST form, with a member_created event', async () => {
    const { identity } = await signOn(ctx(), {
      loginId: { email: 'grace@example.test' },
      profile: { firstName: 'Grace', lastName: 'Hopper' },
    });
    const m = await getMember(ctx(), identity.id);
    expect(memberSchema.parse(m)).toEqual(m);
    expect(m).toEqual({
      id: identity.id,
      loginEmail: 'grace@example.test',
      loginEmailVerified: false,
      status: 'APPROVED',
      contactId: identity.id,
      contact: { firstName: 'Grace', lastName: 'Hopper', emails: ['grace@example.test'] },
      profile: { slug: 'grace-hopper' },
      privacyStatus: 'PRIVATE',
      activityStatus: 'ACTIVE',
      createdDate: s.clock.now().toISOString(),
      updatedDate: s.clock.now().toISOString(),
      // Signing on is signing in (through the site's own back end).
      lastLoginDate: s.clock.now().toISOString(),
    } satisfies Member);
    const [created] = await eventsOf(identity.id);
    const { lastLoginDate: _signedInAfter, ...atCreation } = m!;
    expect(created).toMatchObject({
      eventType: 'wix.members.v1.member_created',
      slug: 'created',
      createdEvent: { entity: atCreation },
    });
    expect(await getMember(ctx(), '01890000-0000-7000-8000-000000000000')).toBeNull();
  });

  it('syncs status and e-mail verification from the identity, emitting member_updated only on a change', async () => {
    const { identity } = await signOn(ctx(), { loginId: { email: 'linus@example.test' } });
    s.clock.advance(1000);
    await syncMemberFromIdentity(ctx(), identity.id, { status: 'BLOCKED', loginEmailVerified: true });
    await syncMemberFromIdentity(ctx(), identity.id, { status: 'BLOCKED' });
    const m = await getMember(ctx(), identity.id);
    expect(m).toMatchObject({
      status: 'BLOCKED',
      loginEmailVerified: true,
      updatedDate: s.clock.now().toISOString(),
    });
    const events = await eventsOf(identity.id);
    expect(events.map((e) => e.slug)).toEqual(['created', 'updated']);
    expect(events[1]!.updatedEvent).toEqual({
      currentEntity: m,
      modifiedFields: { status: 'APPROVED', loginEmailVerified: false },
    });
  });
});
