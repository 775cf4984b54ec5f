/**
 * The recovery link of an abandoned checkout (its `checkoutUrl`): the platform's redirect-to-checkout
 * URL with a signed token (HS256, 30 days) naming the abandoned checkout. Opening it signs the
 * browser in to that checkout on the hosted checkout page, as the shopper who left it (README).
 */
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedLinks } from '../../platform/signed-links.ts';
import { linkSecret } from './store.ts';

/** How long a recovery link opens its checkout. */
export const RECOVERY_LINK_DAYS = 30;
const links = signedLinks({
  typ: 'vitrine-checkout-recovery+jwt',
  ttlSeconds: RECOVERY_LINK_DAYS * 86_400,
  secret: linkSecret,
});

export const recoveryPath = (id: string) => `/ecom/v1/abandoned-checkout/${id}/redirect-to-checkout`;

export async function recoveryUrl(ctx: Ctx, id: string): Promise<string> {
  const token = await links.sign(ctx, id);
  return `${ctx.config.PUBLIC_URL}${recoveryPath(id)}?token=${encodeURIComponent(token)}`;
}

/** Whether `token` is a live recovery link of abandoned checkout `id` (else 400 RECOVERY_LINK_INVALID). */
export async function checkRecoveryToken(ctx: Ctx, id: string, token: string | undefined): Promise<void> {
  const named = token ? await links.verify(ctx, token) : undefined;
  if (!named || !isUuid(named) || named !== id.toLowerCase())
    throw new AppError(
      400,
      'RECOVERY_LINK_INVALID',
      'This link to finish your purchase is not valid or has expired; start again from the shop.',
    );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What a person who opens a dead recovery link in a browser sees (expired, tampered, or its record
 * deleted): a page that says so and leads to the shop, not an error envelope.
 */
export function deadLinkPage(o: { status: number; storeName: string; shopUrl: string }) {
  const title = 'This link no longer opens a checkout';
  return {
    status: o.status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
    html:
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1><p>It may have expired after 30 days, or the checkout is gone. Your items may still be in your cart.</p>` +
      `<p><a href="${escapeHtml(o.shopUrl)}">Continue shopping at ${escapeHtml(o.storeName)}</a></p></main></body></html>`,
  };
}
