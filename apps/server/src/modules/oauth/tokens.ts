import type { TokenInfo, TokenResponse } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, newId } from '../../platform/ids.ts';
import type { MemberSession } from '../../platform/ports.ts';
import { verifyAccessJwt, type Subject } from './access-token.ts';
import { BROWSER_SESSION_TTL_MS } from './browser-sessions.ts';
import { endSessions } from './denials.ts';
import { memberBlocked, memberMayHaveTokens } from './identity.ts';
import type { OAuthRuntime } from './runtime.ts';
import { hashSecret, randomSecret } from './secrets.ts';
import * as store from './store.ts';

const DAY = 86_400_000;
/** Refresh-token lifetimes; a refresh token stays valid until it expires or is revoked (the SDK keeps its first one). */
export const REFRESH_TTL_MS = { visitor: 30 * DAY, member: 90 * DAY } as const;
export const SCOPE = 'offline_access';
/**
 * The longest a visitor id is still presented after its anonymous grant: its own refresh token
 * (30 days), a hosted sign-in made in that time (its browser session, 30 days, hands the visitor id
 * to every code it issues), and the member tokens of the last such code (90 days), which carry it so
 * the visitor's cart merges into the member's (150 days). Past it, the shopper has no way back to
 * what the visitor left. (An app granting member tokens with `authorized_client` passes on the visitor
 * id of the token it presents, so a chain of such grants could carry one longer; what that visitor
 * left is then gone, as after any store's cart expiry.)
 */
export const VISITOR_REACH_MS = REFRESH_TTL_MS.visitor + BROWSER_SESSION_TTL_MS + REFRESH_TTL_MS.member;

/** OAuth errors leave in the platform envelope, the RFC 6749 §5.2 code as the application error code. */
export const oauthError = (
  code: string,
  description: string,
  data: Record<string, unknown> = {},
  status = 400,
) => new AppError(status, code, description, data);

/** Where a refresh token came from, so it can be revoked with its origin (a replayed code, a logout). */
export interface Provenance {
  codeId?: string;
  browserSessionId?: string;
  /** The token request's User-Agent header (kept for a member's list of sessions). */
  userAgent?: string | undefined;
}

/** What is kept of a User-Agent header. */
export const userAgentOf = (header: unknown): string | undefined =>
  typeof header === 'string' && header !== '' ? header.slice(0, 300) : undefined;

/** Signs an access token for the subject and stores a new refresh token (in `ctx`'s transaction, if any). */
export async function issueTokens(
  ctx: Ctx,
  rt: OAuthRuntime,
  s: Subject,
  from: Provenance = {},
): Promise<TokenResponse> {
  const refreshToken = randomSecret();
  const now = ctx.clock.now();
  const id = newId();
  await store.insertRefreshToken(ctx.db, {
    id,
    token_hash: hashSecret(refreshToken),
    client_id: s.clientId,
    role: s.role,
    subject_id: s.subjectId,
    visitor_id: s.visitorId,
    code_id: from.codeId ?? null,
    browser_session_id: from.browserSessionId ?? null,
    created_at: now,
    expires_at: new Date(now.getTime() + REFRESH_TTL_MS[s.role]),
    revoked_at: null,
    // A visitor's token keeps no device: it is no one's list of sessions.
    ...(s.role === 'member' && from.userAgent ? { user_agent: from.userAgent } : {}),
  });
  return accessAnswer(ctx, rt, { ...s, sessionId: id }, refreshToken);
}

async function accessAnswer(
  ctx: Ctx,
  rt: OAuthRuntime,
  s: Subject,
  refreshToken: string,
): Promise<TokenResponse> {
  const ttl = ctx.config.ACCESS_TOKEN_TTL;
  const token = await rt.issueAccessToken(s, ctx.clock.now(), ttl);
  return {
    access_token: token,
    expires_in: ttl,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    scope: SCOPE,
  };
}

/** A live refresh token's row, or null (unknown, revoked or expired). */
async function liveRefreshToken(ctx: Ctx, token: string) {
  const row = await store.refreshTokenByHash(ctx.db, hashSecret(token));
  return row && !row.revoked_at && row.expires_at > ctx.clock.now() ? row : null;
}

/**
 * A refused refresh token's answer: `invalid_grant`, with `data.reason` MEMBER_BLOCKED when it is a
 * member's whom the store blocked (the block revoked it), so their front end can say why they were
 * signed out. Only the token's holder learns it, of the account the token stood for.
 */
async function refusal(ctx: Ctx, token: string, description: string) {
  const row = await store.refreshTokenByHash(ctx.db, hashSecret(token));
  if (row?.role === 'member' && (await memberBlocked(ctx, row.subject_id)))
    return oauthError('invalid_grant', 'The store blocked this member', { reason: 'MEMBER_BLOCKED' });
  return oauthError('invalid_grant', description);
}

/** The `refresh_token` grant: a new access token for the token's subject; the same refresh token is returned. */
export async function refreshAccess(
  ctx: Ctx,
  rt: OAuthRuntime,
  refreshToken: string,
  clientId: string | undefined,
): Promise<TokenResponse> {
  const row = await liveRefreshToken(ctx, refreshToken);
  if (!row) throw await refusal(ctx, refreshToken, 'The refresh token is invalid, expired or revoked');
  if (clientId !== undefined && clientId !== row.client_id)
    throw oauthError('invalid_grant', 'The refresh token was issued to another client');
  if (!(await store.getClient(ctx.db, row.client_id)))
    throw oauthError('invalid_client', 'The client no longer exists', { clientId: row.client_id });
  if (row.role === 'member') {
    if (!(await memberMayHaveTokens(ctx, row.subject_id)))
      throw await refusal(ctx, refreshToken, 'The member can no longer sign in');
    await store.touchRefreshToken(ctx.db, row.id, ctx.clock.now());
  }
  return accessAnswer(
    ctx,
    rt,
    {
      role: row.role,
      subjectId: row.subject_id,
      visitorId: row.visitor_id,
      clientId: row.client_id,
      sessionId: row.id,
    },
    refreshToken,
  );
}

/** Revokes one refresh token (logout), its access tokens with it; true when it was live. */
export async function revokeRefreshToken(ctx: Ctx, token: string): Promise<boolean> {
  return (await endSessions(ctx, { tokenHash: hashSecret(token) })) > 0;
}

/**
 * Revokes every refresh token and browser session of a member (blocking, deletion, a password reset,
 * "sign out of other devices"), in one transaction (its own when `ctx` has none), their access tokens
 * with them; `o.except`: the refresh token (an access token's `sid`) of the session that stays.
 */
export async function revokeTokensOf(
  ctx: Ctx,
  memberId: string,
  o: { except?: string } = {},
): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    await store.revokeBrowserSessionsOf(tx.db, memberId, tx.clock.now());
    return endSessions(tx, { subjectId: memberId, except: o.except });
  });
}

/** The most sessions a member's list shows (the most recently used). */
export const MEMBER_SESSIONS_SHOWN = 50;

/** The member's live sessions, the most recently used first (identity's list of where they are signed in). */
export async function memberSessions(ctx: Ctx, memberId: string): Promise<MemberSession[]> {
  const rows = await store.liveMemberSessions(ctx.db, memberId, ctx.clock.now(), MEMBER_SESSIONS_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    appName: r.client_name ?? '',
    userAgent: r.user_agent,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at ?? r.created_at,
  }));
}

/**
 * Signs the member out of one session: its refresh token, and the hosted sign-in session it came
 * from with every other token issued through it (that browser would otherwise sign in again without
 * a password), but `o.except` (the caller's own session). False when it is not a live session of theirs.
 */
export async function endMemberSession(
  ctx: Ctx,
  memberId: string,
  sessionId: string,
  o: { except?: string } = {},
): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const row = await store.liveMemberSession(tx.db, memberId, sessionId, now);
    if (!row) return false;
    await endSessions(tx, { id: row.id });
    if (row.browser_session_id && (await store.revokeBrowserSessionById(tx.db, row.browser_session_id, now)))
      await endSessions(tx, { browserSessionId: row.browser_session_id, except: o.except });
    return true;
  });
}

/** `POST /oauth2/token-info`: an access token (JWT) or a refresh token; anything else is inactive. */
export async function tokenInfo(ctx: Ctx, rt: OAuthRuntime, token: string): Promise<TokenInfo> {
  const instanceId = rt.instance?.instanceId ?? '';
  const seconds = (d: Date) => String(Math.floor(d.getTime() / 1000));
  const claims = token.includes('.')
    ? await verifyAccessJwt(rt.keys, token, { now: ctx.clock.now(), issuer: rt.issuer })
    : null;
  if (claims?.role === 'member' && (await rt.denials.check(claims.subjectId, claims.sessionId)))
    return { active: false };
  if (claims) {
    return {
      active: true,
      subjectType: claims.role === 'member' ? 'MEMBER' : 'VISITOR',
      subjectId: claims.subjectId,
      exp: String(claims.exp),
      iat: String(claims.iat),
      clientId: claims.clientId,
      instanceId,
    };
  }
  const row = token.includes('.') ? null : await liveRefreshToken(ctx, token);
  if (!row) return { active: false };
  return {
    active: true,
    subjectType: row.role === 'member' ? 'MEMBER' : 'VISITOR',
    subjectId: row.subject_id,
    exp: seconds(row.expires_at),
    iat: seconds(row.created_at),
    clientId: row.client_id,
    instanceId,
  };
}
