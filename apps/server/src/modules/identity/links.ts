import type { Ctx } from '../../platform/context.ts';

/**
 * Where links in e-mails and logout redirects may point. Links are built from PUBLIC_URL (never
 * from request headers); a caller-given URL is used only when it is on PUBLIC_URL's origin or on
 * an origin the OAuth client allows (any registered client's, when no client id is given).
 */
export async function allowedUrl(ctx: Ctx, url: string | undefined, clientId?: string): Promise<URL | null> {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password) return null;
  return (await ctx.services.ports.tokens.urlAllowedForClient(ctx, u.toString(), clientId)) ? u : null;
}

/**
 * The link of a recovery or activation mail: the caller's page when allowed (the storefront's own
 * reset page, which calls `recover` with the token), else the hosted page `/auth/reset`.
 */
export async function recoveryLink(
  ctx: Ctx,
  token: string,
  redirect: { url?: string; clientId?: string } | undefined,
): Promise<string> {
  const u =
    (await allowedUrl(ctx, redirect?.url, redirect?.clientId)) ??
    new URL(`${ctx.config.PUBLIC_URL}/auth/reset`);
  u.searchParams.set('recoveryToken', token);
  return u.toString();
}
