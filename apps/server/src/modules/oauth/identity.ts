import type { UserInfo } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { getIdentity, redeemSessionToken } from '../identity/index.ts';
import { getMember } from '../members/index.ts';

/** The one place the OAuth server reaches the identity and members modules (through their service.ts). */

/**
 * A session token (proof of a finished sign-in) exchanged, once, for the member it signed in
 * (identity id == member id). `visitorId` is passed on when the identity module records one.
 */
export async function redeemSession(
  ctx: Ctx,
  token: string,
): Promise<{ memberId: string; visitorId: string | null } | null> {
  const r: { identityId: string; visitorId?: string } | null = await redeemSessionToken(ctx, token);
  return r ? { memberId: r.identityId, visitorId: r.visitorId ?? null } : null;
}

/** Whether tokens may be issued for this member: it exists and is not blocked. */
export async function memberMayHaveTokens(ctx: Ctx, memberId: string): Promise<boolean> {
  const m = await getMember(ctx, memberId);
  return m !== null && m.status !== 'BLOCKED';
}

/** Whether the store blocked this member (a refused renewal of their tokens says so). */
export async function memberBlocked(ctx: Ctx, memberId: string): Promise<boolean> {
  return (await getMember(ctx, memberId))?.status === 'BLOCKED';
}

/** OpenID-style claims of a member, for `GET /oauth2/user-info`. */
export async function userInfoOf(ctx: Ctx, memberId: string): Promise<UserInfo> {
  const identity = await getIdentity(ctx, memberId);
  if (!identity) return { sub: memberId };
  const {
    firstName: givenName,
    lastName: familyName,
    nickname,
    picture,
    language,
  } = identity.identityProfile;
  const name = [givenName, familyName].filter(Boolean).join(' ') || nickname;
  return {
    sub: memberId,
    email: identity.email.address,
    emailVerified: identity.email.isVerified,
    ...(givenName ? { givenName } : {}),
    ...(familyName ? { familyName } : {}),
    ...(name ? { name } : {}),
    ...(picture ? { picture } : {}),
    ...(language ? { language } : {}),
  };
}
