import {
  anonymousGrant,
  authorizationCodeGrant,
  authorizedClientGrant,
  refreshTokenGrant,
  type AuthorizedClientGrant,
  type TokenResponse,
} from '@vitrine/contract';
import type { z } from 'zod';
import { API_KEY_PREFIX } from '../../platform/auth.ts';
import type { Ctx } from '../../platform/context.ts';
import { zodToValidationError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { verifyAccessJwt } from './access-token.ts';
import { redeemCode } from './codes.ts';
import { memberMayHaveTokens, redeemSession } from './identity.ts';
import type { OAuthRuntime } from './runtime.ts';
import * as store from './store.ts';
import { issueTokens, oauthError, refreshAccess } from './tokens.ts';
import { noteNewVisitor } from './new-visitors.ts';

/** Parses one grant's body; shape problems are `invalid_request` with the field violations as data. */
function parseGrant<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const { fieldViolations } = zodToValidationError(r.error);
  const first = fieldViolations[0];
  throw oauthError(
    'invalid_request',
    first ? `${first.field}: ${first.description}` : 'Malformed token request',
    { fieldViolations },
  );
}

/** Clients known to exist, remembered briefly: a deleted client stops working within CLIENT_CACHE_MS. */
const CLIENT_CACHE_MS = 10_000;
const knownClients = new Map<string, number>();

/** This process deleted the client: stop accepting it at once. */
export const forgetClient = (clientId: string) => {
  knownClients.delete(clientId);
};

async function knownClient(ctx: Ctx, clientId: string) {
  const until = knownClients.get(clientId);
  if (until !== undefined && until > Date.now()) return;
  if (!(await store.getClient(ctx.db, clientId)))
    throw oauthError('invalid_client', 'Unknown client', { clientId });
  if (knownClients.size > 10_000) knownClients.clear();
  knownClients.set(clientId, Date.now() + CLIENT_CACHE_MS);
}

/**
 * `POST /oauth2/token`. `authorization` is the raw header: the `authorized_client` grant sends
 * `<visitor access token>,<API key>` (the caller resolver has already checked the key).
 */
export async function tokenGrant(
  ctx: Ctx,
  rt: OAuthRuntime,
  body: Record<string, unknown>,
  authorization: string | undefined,
  userAgent?: string,
): Promise<TokenResponse> {
  const grant = body.grantType ?? body.grant_type;
  if (typeof grant !== 'string' || grant === '') throw oauthError('invalid_request', 'grantType is required');
  switch (grant) {
    case 'anonymous': {
      const g = parseGrant(anonymousGrant, { ...body, grantType: grant });
      await knownClient(ctx, g.clientId);
      const visitorId = newId();
      const answer = await issueTokens(ctx, rt, {
        role: 'visitor',
        subjectId: visitorId,
        visitorId,
        clientId: g.clientId,
      });
      noteNewVisitor(visitorId);
      return answer;
    }
    case 'refresh_token': {
      const g = parseGrant(refreshTokenGrant, { ...body, grantType: grant });
      return refreshAccess(ctx, rt, g.refreshToken, g.clientId);
    }
    case 'authorization_code':
      return redeemCode(
        ctx,
        rt,
        parseGrant(authorizationCodeGrant, { ...body, grantType: grant }),
        userAgent,
      );
    case 'authorized_client':
      return authorizedClient(
        ctx,
        rt,
        parseGrant(authorizedClientGrant, { ...body, grant_type: grant }),
        authorization,
        userAgent,
      );
    default:
      throw oauthError('unsupported_grant_type', `The grant type ${grant} is not supported`, {
        grantType: grant,
      });
  }
}

/**
 * `authorized_client`: a back end holding an admin API key signs a member in (external login).
 * The visitor token beside the key names the client and the visitor the session started as.
 */
async function authorizedClient(
  ctx: Ctx,
  rt: OAuthRuntime,
  g: AuthorizedClientGrant,
  authorization: string | undefined,
  userAgent: string | undefined,
): Promise<TokenResponse> {
  if (ctx.caller.role !== 'admin')
    throw oauthError('unauthorized_client', 'This grant needs an admin API key in Authorization', {}, 401);
  const token = (authorization ?? '')
    .split(',')
    .map((p) => p.trim())
    .find((p) => p && !p.startsWith(API_KEY_PREFIX));
  const visitor = token
    ? await verifyAccessJwt(rt.keys, token, { now: ctx.clock.now(), issuer: rt.issuer })
    : null;
  const clientId = visitor?.clientId ?? rt.instance?.oauthClientId;
  if (!clientId)
    throw oauthError('invalid_client', 'No client: send a visitor access token with the API key');
  await knownClient(ctx, clientId);
  if (g.session_token !== undefined) {
    const session = await redeemSession(ctx, g.session_token);
    if (!session || session.memberId !== g.member_id)
      throw oauthError('invalid_grant', 'The session token is invalid or belongs to another member');
  }
  if (!(await memberMayHaveTokens(ctx, g.member_id)))
    throw oauthError('invalid_grant', 'Unknown or blocked member', { memberId: g.member_id });
  const visitorId = visitor?.role === 'visitor' ? visitor.subjectId : (visitor?.visitorId ?? null);
  return issueTokens(ctx, rt, { role: 'member', subjectId: g.member_id, visitorId, clientId }, { userAgent });
}
