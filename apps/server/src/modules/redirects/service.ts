import {
  type CreateRedirectSessionRequest,
  ENTITY_FQDN,
  hostedRedirectKinds,
  id,
  type RedirectCallbacks,
  type RedirectSession,
  unsupportedRedirectKinds,
} from '@vitrine/contract';
import { shopperOf, type Ctx } from '../../platform/context.ts';
import { AppError, violation } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events.ts';
import { newId } from '../../platform/ids.ts';
import {
  checkAuthRequestTarget,
  clientExists,
  signVisitorLink,
  urlAllowedForClient,
  type OAuthRuntime,
} from '../oauth/index.ts';
import { load as loadCheckout } from '../checkout/index.ts';
import { checkoutLinkToken, linkOwner } from '../hosted-checkout/index.ts';

export const REDIRECT_SESSION_FQDN = ENTITY_FQDN.redirectSession;

/** Callback URLs the hosted pages receive as query parameters. */
const PASSED_CALLBACKS = ['postFlowUrl', 'thankYouPageUrl', 'cartPageUrl'] as const;

/** The one intent of a request; none, several, or one Vitrine hosts no page for → 400. */
function intentOf(req: CreateRedirectSessionRequest) {
  const unsupported = unsupportedRedirectKinds.find((k) => req[k] !== undefined);
  if (unsupported)
    throw new AppError(400, 'UNSUPPORTED_REDIRECT_KIND', `Vitrine has no hosted page for ${unsupported}`, {
      kind: unsupported,
    });
  const kinds = hostedRedirectKinds.filter((k) => req[k] !== undefined);
  if (kinds.length === 0)
    throw violation('', `one of ${hostedRedirectKinds.join(', ')} is required`, 'REQUIRED_ONE_OF_FIELD', {
      oneOf: hostedRedirectKinds,
    });
  if (kinds.length > 1)
    throw violation(kinds[1]!, `only one intent may be given (also got ${kinds[0]})`, 'ONE_OF_ALIGNMENT', {
      kinds,
    });
  return kinds[0]!;
}

/** Callback URLs must be on an origin the client allows (any client's when none is named), or the store's own. */
async function checkCallbacks(
  ctx: Ctx,
  callbacks: RedirectCallbacks | undefined,
  clientId: string | undefined,
) {
  for (const [k, url] of Object.entries(callbacks ?? {})) {
    if (url !== undefined && !(await urlAllowedForClient(ctx, url, clientId))) {
      throw violation(`callbacks.${k}`, 'is not on an origin the OAuth client allows', 'VALIDATION', { url });
    }
  }
}

/** Where the intent leads, with its own query parameters. */
async function destination(
  ctx: Ctx,
  rt: OAuthRuntime,
  req: CreateRedirectSessionRequest,
): Promise<{ endpoint: string; params: Record<string, string> }> {
  const base = ctx.config.PUBLIC_URL;
  switch (intentOf(req)) {
    case 'auth': {
      const {
        authRequest: { visitorLink: _given, ...authRequest },
        prompt,
      } = req.auth!;
      await checkAuthRequestTarget(ctx, authRequest);
      const params = Object.fromEntries(
        Object.entries(authRequest).filter(([, v]) => v !== undefined),
      ) as Record<string, string>;
      const p = prompt ?? authRequest.prompt;
      // The visitor asking (a shopper's token, or an app acting for one) rides along, signed, so the
      // member tokens the sign-in ends with carry it and the visitor's cart becomes the member's.
      const visitorId =
        shopperOf(ctx.caller)?.memberId === undefined ? shopperOf(ctx.caller)?.visitorId : undefined;
      const link = visitorId
        ? await signVisitorLink(
            rt,
            { visitorId, clientId: authRequest.clientId, codeChallenge: authRequest.codeChallenge },
            ctx.clock.now(),
          )
        : undefined;
      return {
        endpoint: `${base}/oauth2/authorize`,
        params: {
          ...params,
          ...(p !== undefined ? { prompt: p } : {}),
          ...(link ? { visitorLink: link } : {}),
        },
      };
    }
    case 'logout':
      if (!(await clientExists(ctx, req.logout!.clientId)))
        throw new AppError(400, 'invalid_client', 'Unknown client', { clientId: req.logout!.clientId });
      return { endpoint: `${base}/oauth2/logout`, params: { clientId: req.logout!.clientId } };
    case 'login':
      return { endpoint: `${base}/auth/login`, params: {} };
    case 'ecomCheckout':
      return { endpoint: `${base}/checkout`, params: { checkoutId: req.ecomCheckout!.checkoutId } };
    case 'storesProduct':
      return {
        endpoint: `${base}/products/${encodeURIComponent(req.storesProduct!.productSlug)}`,
        params: {},
      };
  }
}

/**
 * The hosted checkout page's single-use sign-in for the checkout's shopper, when the caller may see
 * the checkout (its shopper, or an app); none otherwise (the page then says the link is not valid).
 */
async function checkoutToken(
  ctx: Ctx,
  checkoutId: string,
  callbacks: RedirectCallbacks | undefined,
): Promise<string | undefined> {
  if (!id.safeParse(checkoutId).success) return undefined;
  let ownerKey: string | null;
  try {
    ownerKey = (await loadCheckout(ctx, { id: checkoutId })).row.owner_key;
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return undefined;
    throw e;
  }
  const owner = linkOwner(ctx.caller, ownerKey);
  if (!owner) return undefined;
  return checkoutLinkToken(ctx, checkoutId, owner, {
    thankYouPageUrl: callbacks?.thankYouPageUrl,
    postFlowUrl: callbacks?.postFlowUrl,
    cartPageUrl: callbacks?.cartPageUrl,
  });
}

/**
 * `createRedirectSession`: the URL of the hosted page for one intent, with the callbacks and extra
 * query parameters; emits `wix.headless.v1.redirect_session_created`.
 */
export async function createRedirectSession(
  ctx: Ctx,
  rt: OAuthRuntime,
  req: CreateRedirectSessionRequest,
): Promise<RedirectSession> {
  const { endpoint, params } = await destination(ctx, rt, req);
  await checkCallbacks(ctx, req.callbacks, req.auth?.authRequest.clientId ?? req.logout?.clientId);
  for (const k of PASSED_CALLBACKS) {
    const url = req.callbacks?.[k];
    if (url !== undefined) params[k] = url;
  }
  if (req.ecomCheckout) {
    const token = await checkoutToken(ctx, req.ecomCheckout.checkoutId, req.callbacks);
    if (token) params.checkoutToken = token;
  }
  // Extra parameters never override the intent's own.
  for (const [k, v] of Object.entries(req.preferences?.additionalQueryParameters ?? {}))
    if (!(k in params)) params[k] = v;
  const query = new URLSearchParams(params).toString();
  const fullUrl = query ? `${endpoint}?${query}` : endpoint;
  const session: RedirectSession = {
    id: newId(),
    fullUrl,
    urlDetails: { endpoint, searchParams: params },
    sessionToken: null,
    shortUrl: fullUrl,
  };
  await emitEvent(ctx, {
    entityFqdn: REDIRECT_SESSION_FQDN,
    slug: 'created',
    entityId: session.id,
    createdEvent: { entity: session },
  });
  return session;
}
