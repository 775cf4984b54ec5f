import type { Member } from '@vitrine/contract';
import type { Caller } from '../../platform/context.ts';

/** Who may see what of a member (the decision is written down in this module's README). */
export type Fieldset = 'PUBLIC' | 'EXTENDED' | 'FULL';
const RANK: Record<Fieldset, number> = { PUBLIC: 0, EXTENDED: 1, FULL: 2 };

/** The widest of the asked fieldsets; PUBLIC when none is asked. */
export function widest(asked: readonly Fieldset[] | null | undefined): Fieldset {
  return (asked ?? []).reduce<Fieldset>((w, f) => (RANK[f] > RANK[w] ? f : w), 'PUBLIC');
}

export const isSelf = (caller: Caller, id: string) => caller.role === 'member' && caller.memberId === id;

/** Whether the caller may see the member at all: admins and the member always; others only public profiles. */
export const canSee = (caller: Caller, m: Pick<Member, 'id' | 'privacyStatus'>) =>
  caller.role === 'admin' || isSelf(caller, m.id) || m.privacyStatus === 'PUBLIC';

/** The fieldset the caller gets: themself FULL, admins what they ask, everyone else PUBLIC. */
export function fieldsetFor(
  caller: Caller,
  id: string,
  asked: readonly Fieldset[] | null | undefined,
): Fieldset {
  if (isSelf(caller, id)) return 'FULL';
  if (caller.role === 'admin') return widest(asked);
  return 'PUBLIC';
}

/**
 * The member cut to a fieldset. PUBLIC: id, contactId, profile. EXTENDED: plus statuses and dates
 * (and the login e-mail, for the member themself or an admin). FULL: everything, contact included.
 */
export function project(
  m: Member,
  fieldset: Fieldset,
  withLoginEmail: boolean,
): Partial<Member> & { id: string } {
  if (fieldset === 'FULL') return m;
  const pub = { id: m.id, contactId: m.contactId, profile: m.profile };
  if (fieldset === 'PUBLIC') return pub;
  return {
    ...pub,
    ...(withLoginEmail ? { loginEmail: m.loginEmail, loginEmailVerified: m.loginEmailVerified } : {}),
    status: m.status,
    activityStatus: m.activityStatus,
    privacyStatus: m.privacyStatus,
    createdDate: m.createdDate,
    updatedDate: m.updatedDate,
    ...(m.lastLoginDate ? { lastLoginDate: m.lastLoginDate } : {}),
  };
}

/** The member as `caller` may see it, having asked for `asked`. */
export const viewFor = (caller: Caller, m: Member, asked?: readonly Fieldset[] | null) =>
  project(m, fieldsetFor(caller, m.id, asked), caller.role === 'admin' || isSelf(caller, m.id));
