import { randomBytes } from 'node:crypto';
import type { Member, MemberContact, MemberProfile } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { emitEvent } from '../../platform/events.ts';
import { findMember, insertMemberIfSlugFree, slugsLike, updateMember, type MemberRow, type MemberRowStatus } from './store.ts';

export const MEMBER_FQDN = 'wix.members.v1.member';

/** The member in REST form (contract/members.md §2). Without a contacts service, `contactId` is the member id. */
export function toMemberEntity(r: MemberRow): Member {
  return {
    id: r.id,
    loginEmail: r.login_email,
    loginEmailVerified: r.login_email_verified,
    status: r.status,
    contactId: r.id,
    contact: r.contact,
    profile: { ...r.profile, slug: r.slug },
    privacyStatus: r.privacy_status,
    activityStatus: r.activity_status,
    createdDate: r.created_at.toISOString(),
    updatedDate: r.updated_at.toISOString(),
    ...(r.last_login_at ? { lastLoginDate: r.last_login_at.toISOString() } : {}),
  };
}

/** A URL-safe slug base: lower-case ASCII letters, digits and single dashes, at most 40 characters. */
export function slugBase(...candidates: (string | undefined)[]): string {
  for (const c of candidates) {
    const s = (c ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
      .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
    if (s) return s;
  }
  return 'member';
}

export interface NewMember {
  identityId: string;
  loginEmail: string;
  loginEmailVerified: boolean;
  status: MemberRowStatus;
  privacyStatus?: 'PUBLIC' | 'PRIVATE';
  contact?: MemberContact;
  profile?: Omit<MemberProfile, 'slug'>;
}

/**
 * Creates the member record of a new identity (same id) with a unique slug taken from the
 * nickname, the name or the e-mail's local part; emits `wix.members.v1.member_created`.
 */
export async function createMemberForIdentity(ctx: Ctx, m: NewMember): Promise<Member> {
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const contact: MemberContact = { ...m.contact, emails: m.contact?.emails?.length ? m.contact.emails : [m.loginEmail] };
    const base = slugBase(m.profile?.nickname, [contact.firstName, contact.lastName].filter(Boolean).join(' '), m.loginEmail.split('@')[0]);
    const taken = await slugsLike(tx.db, base);
    const row = {
      id: m.identityId, login_email: m.loginEmail, login_email_verified: m.loginEmailVerified, status: m.status,
      activity_status: 'ACTIVE' as const, privacy_status: m.privacyStatus ?? 'PRIVATE', contact, profile: m.profile ?? {},
      created_at: now, updated_at: now, last_login_at: null,
    };
    let saved: MemberRow | undefined;
    // The first free `base`, `base-2`, …; a concurrent sign-up taking the same slug makes us try the next one.
    for (let n = 1; !saved; n++) {
      const slug = n === 1 ? base : n <= 1000 ? `${base}-${n}` : `${base}-${randomBytes(4).toString('hex')}`;
      if (taken.has(slug)) continue;
      saved = await insertMemberIfSlugFree(tx.db, { ...row, slug });
    }
    const entity = toMemberEntity(saved);
    await emitEvent(tx, { entityFqdn: MEMBER_FQDN, slug: 'created', entityId: entity.id, createdEvent: { entity } });
    return entity;
  });
}

export async function getMember(ctx: Ctx, id: string): Promise<Member | null> {
  const row = await findMember(ctx.db, id);
  return row ? toMemberEntity(row) : null;
}

/**
 * Changes what sign-in changes on the member (status, e-mail verification); emits
 * `member_updated` with the previous values when anything changed.
 */
export async function syncMemberFromIdentity(ctx: Ctx, id: string, set: { status?: MemberRowStatus; loginEmailVerified?: boolean }): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await findMember(tx.db, id);
    if (!before) return;
    const modifiedFields: Record<string, unknown> = {};
    if (set.status !== undefined && set.status !== before.status) modifiedFields.status = before.status;
    if (set.loginEmailVerified !== undefined && set.loginEmailVerified !== before.login_email_verified) modifiedFields.loginEmailVerified = before.login_email_verified;
    if (Object.keys(modifiedFields).length === 0) return;
    const after = await updateMember(tx.db, id, {
      ...(set.status !== undefined ? { status: set.status } : {}),
      ...(set.loginEmailVerified !== undefined ? { login_email_verified: set.loginEmailVerified } : {}),
      updated_at: tx.clock.now(),
    });
    if (after) await emitEvent(tx, { entityFqdn: MEMBER_FQDN, slug: 'updated', entityId: id, updatedEvent: { currentEntity: toMemberEntity(after), modifiedFields } });
  });
}

/** Records a finished sign-in (`lastLoginDate`). Not an entity change worth an event. */
export async function recordMemberLogin(ctx: Ctx, id: string): Promise<void> {
  await updateMember(ctx.db, id, { last_login_at: ctx.clock.now() });
}
