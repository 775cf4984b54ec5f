import type { Member } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { emitEvent } from '../../platform/events.ts';
import { notFound } from '../../platform/errors.ts';
import {
  approveIdentities,
  blockIdentities,
  markIdentityDeleted,
  memberSessionViews,
} from '../identity/index.ts';
import { deleteMemberRow, setMemberStatuses } from './actions-store.ts';
import { mailApproved } from './mails.ts';
import { MEMBER_FQDN, toMemberEntity } from './service.ts';
import { findMember, updateMember } from './store.ts';

/**
 * The owner's member actions (contract members.md §1): mute, approve, block, disconnect, delete.
 * Each runs in one transaction. Approve and block change identity and member together, for one
 * member or a bulk job's whole batch, with one `member_updated` (modifiedFields.status) per change.
 */

export const memberNotFound = (id: string) => notFound('Member', { id });

async function current(ctx: Ctx, id: string) {
  const row = await findMember(ctx.db, id);
  if (!row) throw memberNotFound(id);
  return row;
}

/** activityStatus MUTED (or ACTIVE again); `member_updated` with `modifiedFields.activityStatus` when it changed. */
export function setMemberMuted(ctx: Ctx, id: string, muted: boolean): Promise<Member> {
  return inTransaction(ctx, async (tx) => {
    const before = await current(tx, id);
    const activity = muted ? 'MUTED' : 'ACTIVE';
    if (before.activity_status === activity) return toMemberEntity(before);
    const after = await updateMember(tx.db, id, { activity_status: activity, updated_at: tx.clock.now() });
    if (!after) throw memberNotFound(id);
    const entity = toMemberEntity(after);
    await emitEvent(tx, {
      entityFqdn: MEMBER_FQDN,
      slug: 'updated',
      entityId: id,
      updatedEvent: { currentEntity: entity, modifiedFields: { activityStatus: before.activity_status } },
    });
    return entity;
  });
}

async function statusChanged(ctx: Ctx, rows: Awaited<ReturnType<typeof setMemberStatuses>>) {
  for (const { previous_status, ...row } of rows) {
    await emitEvent(ctx, {
      entityFqdn: MEMBER_FQDN,
      slug: 'updated',
      entityId: row.id,
      updatedEvent: { currentEntity: toMemberEntity(row), modifiedFields: { status: previous_status } },
    });
  }
}

/**
 * PENDING or BLOCKED → APPROVED (in the caller's transaction): the block is lifted and the
 * owner-approval reason dropped (an identity still awaiting e-mail verification stays PENDING
 * and asks for it at sign-in); lastLoginDate stays. A member who was PENDING is e-mailed that
 * they may sign in.
 */
export async function approveMembers(ctx: Ctx, ids: readonly string[]): Promise<void> {
  const now = ctx.clock.now();
  await approveIdentities(ctx, ids, now);
  const changed = await setMemberStatuses(ctx.db, ids, 'APPROVED', now);
  await statusChanged(ctx, changed);
  await mailApproved(
    ctx,
    changed.filter((r) => r.previous_status === 'PENDING' && r.login_email).map((r) => r.login_email),
  );
  await ctx.services.ports.tokens.allowAccess(ctx, ids);
}

/**
 * → BLOCKED (in the caller's transaction): no sign-in; every refresh token and browser session ends
 * at once, and access tokens are refused within seconds on every process (oauth `denyAccess`).
 */
export async function blockMembers(ctx: Ctx, ids: readonly string[]): Promise<void> {
  const now = ctx.clock.now();
  await blockIdentities(ctx, ids, now);
  await statusChanged(ctx, await setMemberStatuses(ctx.db, ids, 'BLOCKED', now));
  for (const id of ids) await ctx.services.ports.tokens.revokeTokensOf(ctx, id);
  await ctx.services.ports.tokens.denyAccess(ctx, ids);
}

export function approveMember(ctx: Ctx, id: string): Promise<Member> {
  return inTransaction(ctx, async (tx) => {
    await current(tx, id);
    await approveMembers(tx, [id]);
    return toMemberEntity(await current(tx, id));
  });
}

export function blockMember(ctx: Ctx, id: string): Promise<Member> {
  return inTransaction(ctx, async (tx) => {
    await current(tx, id);
    await blockMembers(tx, [id]);
    return toMemberEntity(await current(tx, id));
  });
}

/**
 * Ends the member's sessions (refresh tokens, browser sessions), their access tokens with them
 * (within seconds, on every process): the dashboard's "Sign out everywhere". The status stays as
 * it is (OFFLINE is not used: it would block sign-in); the member may sign in again.
 */
export async function disconnectMember(ctx: Ctx, id: string): Promise<Member> {
  return inTransaction(ctx, async (tx) => {
    const row = await current(tx, id);
    await tx.services.ports.tokens.revokeTokensOf(tx, id);
    return toMemberEntity(row);
  });
}

/** Where the member is signed in, for the merchant (none of the sessions is the caller's). */
export async function memberSessions(ctx: Ctx, id: string) {
  await current(ctx, id);
  return memberSessionViews(ctx, id, undefined);
}

/**
 * Deletes the member: tokens and sessions end (access tokens within seconds), the row goes, the identity becomes DELETED (its
 * e-mail may register again). `member_deleted` carries the deleted member and, for modules owning
 * the member's content (reviews…), `contentAssigneeId`: who takes it over.
 */
export async function deleteMember(
  ctx: Ctx,
  id: string,
  o: { contentAssigneeId?: string | undefined } = {},
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await current(tx, id);
    await tx.services.ports.tokens.revokeTokensOf(tx, id);
    await tx.services.ports.tokens.denyAccess(tx, [id]);
    if (!(await deleteMemberRow(tx.db, id))) throw memberNotFound(id);
    await markIdentityDeleted(tx, id);
    const deletedEvent = {
      deletedEntity: toMemberEntity(row),
      ...(o.contentAssigneeId ? { contentAssigneeId: o.contentAssigneeId } : {}),
    };
    await emitEvent(tx, { entityFqdn: MEMBER_FQDN, slug: 'deleted', entityId: id, deletedEvent });
  });
}
