import type { AuthorizationCodeGrant, TokenResponse } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { newId } from '../../platform/ids.ts';
import type { OAuthRuntime } from './runtime.ts';
import { hashSecret, randomSecret, s256, safeEqual } from './secrets.ts';
import { endSessions } from './denials.ts';
import * as store from './store.ts';
import { issueTokens, oauthError } from './tokens.ts';

export const CODE_TTL_MS = 10 * 60_000;

export interface CodeGrant {
  clientId: string;
  /** null when the request had none (web_message direct login): the exchange must then send none either. */
  redirectUri: string | null;
  codeChallenge: string;
  memberId: string;
  visitorId: string | null;
  browserSessionId: string | null;
}

/** Mints a single-use authorization code (only its hash is stored). */
export async function mintCode(ctx: Ctx, g: CodeGrant): Promise<string> {
  const code = randomSecret();
  const now = ctx.clock.now();
  await store.insertCode(ctx.db, {
    id: newId(),
    code_hash: hashSecret(code),
    client_id: g.clientId,
    redirect_uri: g.redirectUri,
    code_challenge: g.codeChallenge,
    member_id: g.memberId,
    visitor_id: g.visitorId,
    browser_session_id: g.browserSessionId,
    created_at: now,
    expires_at: new Date(now.getTime() + CODE_TTL_MS),
    used_at: null,
  });
  return code;
}

const failures = {
  unknown: 'The authorization code is invalid',
  reused: 'The authorization code was already used; the tokens issued from it are revoked',
  expired: 'The authorization code has expired',
  client: 'The authorization code was issued to another client',
  redirect: 'The redirect URI does not match the one of the authorization request',
  pkce: 'The code verifier does not match the code challenge',
} as const;

/**
 * The `authorization_code` grant: PKCE S256, single use, 10 minutes, same client and redirect URI.
 * A code presented again revokes the refresh tokens issued from it (RFC 6749 §4.1.2); that
 * revocation commits even though the request fails.
 */
export async function redeemCode(
  ctx: Ctx,
  rt: OAuthRuntime,
  g: AuthorizationCodeGrant,
  userAgent?: string,
): Promise<TokenResponse> {
  if (!(await store.getClient(ctx.db, g.clientId)))
    throw oauthError('invalid_client', 'Unknown client', { clientId: g.clientId });
  const outcome = await inTransaction(
    ctx,
    async (tx): Promise<{ fail: keyof typeof failures } | { tokens: TokenResponse }> => {
      const now = tx.clock.now();
      const row = await store.codeByHash(tx.db, hashSecret(g.code));
      if (!row) return { fail: 'unknown' };
      if (row.used_at) {
        await endSessions(tx, { codeId: row.id });
        return { fail: 'reused' };
      }
      if (row.expires_at <= now) return { fail: 'expired' };
      if (row.client_id !== g.clientId) return { fail: 'client' };
      if (row.redirect_uri !== (g.redirectUri ?? null)) return { fail: 'redirect' };
      if (!safeEqual(s256(g.codeVerifier), row.code_challenge)) return { fail: 'pkce' };
      if (!(await store.markCodeUsed(tx.db, row.id, now))) return { fail: 'reused' };
      const tokens = await issueTokens(
        tx,
        rt,
        { role: 'member', subjectId: row.member_id, visitorId: row.visitor_id, clientId: row.client_id },
        {
          codeId: row.id,
          userAgent,
          ...(row.browser_session_id ? { browserSessionId: row.browser_session_id } : {}),
        },
      );
      return { tokens };
    },
  );
  if ('fail' in outcome) throw oauthError('invalid_grant', failures[outcome.fail]);
  return outcome.tokens;
}
