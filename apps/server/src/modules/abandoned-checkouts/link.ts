/**
 * The recovery link of an abandoned checkout (its `checkoutUrl`): the platform's redirect-to-checkout
 * URL with a signed token (HS256, 30 days) naming the abandoned checkout. Opening it signs the
 * browser in to that checkout on the hosted checkout page, as the shopper who left it (README).
 */
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { linkPage } from '../../platform/http/link-page.ts';
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

/** What a person who opens a dead recovery link in a browser sees (platform/http/link-page.ts). */
export const deadLinkPage = (o: { status: number; storeName: string; shopUrl: string }) =>
  linkPage({
    ...o,
    title: 'This link no longer opens a checkout',
    text: 'It may have expired after 30 days, or the checkout is gone. Your items may still be in your cart.',
  });
