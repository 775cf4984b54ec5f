import { ENTITY_FQDN } from '@vitrine/contract';
import { randomBytes } from 'node:crypto';
import type { Member, MemberContact, MemberPatch, MemberProfile, Sorting } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { conflict, forbidden, notFound, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { metadata, offsetPage } from '../../platform/query/page.ts';
import { signOn } from '../identity/index.ts';
import { canSee, isSelf, viewFor, type Fieldset } from './fieldsets.ts';
import {
  findMember,
  findMemberByEmail,
  findMemberForUpdate,
  insertMemberIfSlugFree,
  MEMBER_QUERY,
  membersBase,
  PUBLIC_MEMBER_QUERY,
  SEARCH_SQL,
  slugOwner,
  slugsLike,
  updateMember,
  type MemberRow,
  type MemberRowStatus,
  type MemberScope,
} from './store.ts';

export const MEMBER_FQDN = ENTITY_FQDN.member;

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
    const s = (c ?? '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '');
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
    const contact: MemberContact = {
      ...m.contact,
      emails: m.contact?.emails?.length ? m.contact.emails : [m.loginEmail],
    };
    const base = slugBase(
      m.profile?.nickname,
      [contact.firstName, contact.lastName].filter(Boolean).join(' '),
      m.loginEmail.split('@')[0],
    );
    const taken = await slugsLike(tx.db, base);
    const row = {
      id: m.identityId,
      login_email: m.loginEmail,
      login_email_verified: m.loginEmailVerified,
      status: m.status,
      activity_status: 'ACTIVE' as const,
      privacy_status: m.privacyStatus ?? 'PRIVATE',
      contact,
      profile: m.profile ?? {},
      created_at: now,
      updated_at: now,
      last_login_at: null,
    };
    let saved: MemberRow | undefined;
    // The first free `base`, `base-2`, …; a concurrent sign-up taking the same slug makes us try the next one.
    for (let n = 1; !saved; n++) {
      const slug = n === 1 ? base : n <= 1000 ? `${base}-${n}` : `${base}-${randomBytes(4).toString('hex')}`;
      if (taken.has(slug)) continue;
      saved = await insertMemberIfSlugFree(tx.db, { ...row, slug });
    }
    const entity = toMemberEntity(saved);
    await emitEvent(tx, {
      entityFqdn: MEMBER_FQDN,
      slug: 'created',
      entityId: entity.id,
      createdEvent: { entity },
    });
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
export async function syncMemberFromIdentity(
  ctx: Ctx,
  id: string,
  set: { status?: MemberRowStatus; loginEmailVerified?: boolean },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const before = await findMember(tx.db, id);
    if (!before) return;
    const modifiedFields: Record<string, unknown> = {};
    if (set.status !== undefined && set.status !== before.status) modifiedFields.status = before.status;
    if (set.loginEmailVerified !== undefined && set.loginEmailVerified !== before.login_email_verified)
      modifiedFields.loginEmailVerified = before.login_email_verified;
    if (Object.keys(modifiedFields).length === 0) return;
    const after = await updateMember(tx.db, id, {
      ...(set.status !== undefined ? { status: set.status } : {}),
      ...(set.loginEmailVerified !== undefined ? { login_email_verified: set.loginEmailVerified } : {}),
      updated_at: tx.clock.now(),
    });
    if (after)
      await emitEvent(tx, {
        entityFqdn: MEMBER_FQDN,
        slug: 'updated',
        entityId: id,
        updatedEvent: { currentEntity: toMemberEntity(after), modifiedFields },
      });
  });
}

/** Records a finished sign-in (`lastLoginDate`). Not an entity change worth an event. */
export async function recordMemberLogin(ctx: Ctx, id: string): Promise<void> {
  await updateMember(ctx.db, id, { last_login_at: ctx.clock.now() });
}

// ---- reads, writes and queries behind the members REST API -------------------------------------

type Writable = Partial<Omit<MemberRow, 'id' | 'created_at' | 'updated_at'>>;
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The previous values of the leaf paths that differ (`contact.firstName`, `privacyStatus`…), arrays compared whole. */
export function changedFields(before: unknown, after: unknown, prefix = ''): Record<string, unknown> {
  if (isObj(before) && isObj(after)) {
    const out: Record<string, unknown> = {};
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!prefix && k === 'updatedDate') continue;
      Object.assign(out, changedFields(before[k], after[k], prefix ? `${prefix}.${k}` : k));
    }
    return out;
  }
  return JSON.stringify(before) === JSON.stringify(after) ? {} : { [prefix]: before ?? null };
}

/** `patch` merged into `base`: objects deeply, arrays and scalars replaced. */
export function deepMerge<T extends object>(base: T, patch: object): T {
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    out[k] = isObj(v) && isObj(out[k]) ? deepMerge(out[k], v) : v;
  }
  return out as T;
}

export async function loadMemberOr404(ctx: Ctx, id: string, forUpdate = false): Promise<MemberRow> {
  const row = await (forUpdate ? findMemberForUpdate(ctx.db, id) : findMember(ctx.db, id));
  if (!row) throw notFound('member', { id });
  return row;
}

/**
 * Changes the member's row under a row lock and, when anything changed, stamps `updatedDate` and
 * emits `member_updated` with the previous values of the changed fields. Returns the member.
 */
export async function updateMemberFields(
  ctx: Ctx,
  id: string,
  set: Writable | ((before: MemberRow) => Writable),
): Promise<Member> {
  return inTransaction(ctx, async (tx) => {
    const before = await loadMemberOr404(tx, id, true);
    const patch = typeof set === 'function' ? set(before) : set;
    const old = toMemberEntity(before);
    const modifiedFields = changedFields(old, toMemberEntity({ ...before, ...patch }));
    if (Object.keys(modifiedFields).length === 0) return old;
    if (patch.slug !== undefined && patch.slug !== before.slug) await assertSlugFree(tx, patch.slug, id);
    let after: MemberRow | undefined;
    try {
      after = await updateMember(tx.db, id, { ...patch, updated_at: tx.clock.now() });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw slugTaken(patch.slug ?? '');
      throw e;
    }
    const entity = toMemberEntity(after!);
    await emitEvent(tx, {
      entityFqdn: MEMBER_FQDN,
      slug: 'updated',
      entityId: id,
      updatedEvent: { currentEntity: entity, modifiedFields },
    });
    return entity;
  });
}

const slugTaken = (slug: string) =>
  conflict('SLUG_ALREADY_EXISTS', 'Another member already has this slug', { slug });
async function assertSlugFree(ctx: Ctx, slug: string, id: string) {
  const owner = await slugOwner(ctx.db, slug);
  if (owner && owner !== id) throw slugTaken(slug);
}

const mustBeSelfOrAdmin = (ctx: Ctx, id: string) => {
  if (ctx.caller.role !== 'admin' && !isSelf(ctx.caller, id))
    throw forbidden('Only the member themself or an admin may change this member');
};
export const myId = (ctx: Ctx): string => {
  if (ctx.caller.role !== 'member') throw forbidden('Only a signed-in member has a member record');
  return ctx.caller.memberId;
};

/** A member as the caller may see it; a member they may not see is not found. */
export async function getVisibleMember(ctx: Ctx, id: string, fieldsets?: readonly Fieldset[] | null) {
  const row = await findMember(ctx.db, id);
  const m = row && toMemberEntity(row);
  if (!m || !canSee(ctx.caller, m)) throw notFound('member', { id });
  return viewFor(ctx.caller, m, fieldsets);
}

export async function getMyMember(ctx: Ctx) {
  const row = await findMember(ctx.db, myId(ctx));
  if (!row) throw notFound('member', {}, 'NOT_FOUND');
  return toMemberEntity(row);
}

export interface MembersQuery {
  filter?: Record<string, unknown> | null;
  sort?: Sorting[] | null;
  paging?: { limit?: number; offset?: number } | null;
  fieldsets?: readonly Fieldset[] | null;
  search?: { expression?: string | null; fields?: string[] | null } | null;
}

/** Lists and queries: admins see every member, others only public profiles (and themself). */
export async function queryMembers(ctx: Ctx, q: MembersQuery, where = 'query') {
  const admin = ctx.caller.role === 'admin';
  const spec = admin ? MEMBER_QUERY : PUBLIC_MEMBER_QUERY;
  const allowedSearch = admin ? Object.keys(SEARCH_SQL) : ['profile.nickname', 'profile.slug'];
  const expression = q.search?.expression?.trim();
  const fields = q.search?.fields?.length ? q.search.fields : allowedSearch;
  for (const f of fields)
    if (!allowedSearch.includes(f))
      throw violation('search.fields', `${f} cannot be searched`, 'FIELD_NOT_ALLOWED', { field: f });
  const scope: MemberScope = {
    ...(admin
      ? {}
      : { publicOnly: { ...(ctx.caller.role === 'member' ? { self: ctx.caller.memberId } : {}) } }),
    ...(expression ? { search: { expression, fields } } : {}),
  };
  const page = await offsetPage(
    ctx.db,
    membersBase(ctx.db, scope),
    spec,
    { filter: q.filter ?? null, sort: q.sort ?? null, paging: q.paging ?? null },
    where,
  );
  return {
    members: page.items.map((r) => viewFor(ctx.caller, toMemberEntity(r), q.fieldsets)),
    metadata: metadata.offset(page),
  };
}

export async function setMemberSlug(ctx: Ctx, id: string, slug: string): Promise<Member> {
  mustBeSelfOrAdmin(ctx, id);
  return updateMemberFields(ctx, id, { slug });
}

export const setMyPrivacy = (ctx: Ctx, privacy: 'PUBLIC' | 'PRIVATE') =>
  updateMemberFields(ctx, myId(ctx), { privacy_status: privacy });

/** Merges `patch` into the member: objects deeply, arrays and scalars replaced; `profile.slug` follows the slug rules. */
export async function patchMember(ctx: Ctx, id: string, patch: MemberPatch): Promise<Member> {
  mustBeSelfOrAdmin(ctx, id);
  return updateMemberFields(ctx, id, (before) => {
    const { slug, ...profile } = deepMerge({ ...before.profile, slug: before.slug }, patch.profile ?? {});
    return {
      contact: deepMerge(before.contact, patch.contact ?? {}),
      profile,
      slug: slug ?? before.slug,
      privacy_status: patch.privacyStatus ?? before.privacy_status,
    };
  });
}

export async function clearContactField(
  ctx: Ctx,
  id: string,
  field: 'phones' | 'emails' | 'addresses',
): Promise<Member> {
  mustBeSelfOrAdmin(ctx, id);
  return updateMemberFields(ctx, id, (before) => {
    const { [field]: _cleared, ...contact } = before.contact;
    return { contact };
  });
}

/**
 * Creates a member for an e-mail address no one uses: an ACTIVE identity without a password (it
 * signs in by e-mail code or after a password reset), then its member record with the given data.
 */
export async function createMember(ctx: Ctx, m: MemberPatch & { loginEmail: string }): Promise<Member> {
  return inTransaction(ctx, async (tx) => {
    if (await findMemberByEmail(tx.db, m.loginEmail))
      throw conflict('EMAIL_ALREADY_EXISTS', 'A member with this e-mail address already exists', {
        loginEmail: m.loginEmail,
      });
    const c = m.contact ?? {};
    const { identity } = await signOn(tx, {
      loginId: { email: m.loginEmail },
      profile: {
        ...(c.firstName ? { firstName: c.firstName } : {}),
        ...(c.lastName ? { lastName: c.lastName } : {}),
        ...(m.profile?.nickname ? { nickname: m.profile.nickname } : {}),
        ...(m.privacyStatus ? { privacyStatus: m.privacyStatus } : {}),
      },
    });
    // Sign-on counts as a sign-in (lastLoginDate); the member created here has not signed in yet.
    await updateMember(tx.db, identity.id, { last_login_at: null });
    // What sign-on does not carry (phones, addresses, title, photo…) follows as a member_updated.
    return updateMemberFields(tx, identity.id, (created) => {
      const { slug, ...profile } = { ...created.profile, ...m.profile };
      return { contact: { ...created.contact, ...c }, profile, slug: slug ?? created.slug };
    });
  });
}
