/**
 * Payment links (Vitrine's own, README): a signed link (HS256, 30 days) naming a checkout, which the
 * merchant sends to its buyer (an order taken by phone, an invoice). Opening it leads to the hosted
 * checkout page for the checkout's shopper (`checkoutPageFor`); the buyer gives their address, picks
 * the delivery and pays, and the order is placed as from any checkout.
 */
import type { PaymentLink, PaymentLinkRequest } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { signedLinks } from '../../platform/signed-links.ts';
import { getCheckoutAndOwner, load } from '../checkout/index.ts';
import { getSettings } from '../settings/index.ts';
import { checkoutPageFor } from './page-for.ts';
import { paymentLinkMail } from './payment-link-mail.ts';
import { linkOwner } from './service.ts';
import { linkSecret } from './store.ts';

/** How long a payment link opens its checkout. */
export const PAYMENT_LINK_DAYS = 30;
const links = signedLinks({
  typ: 'vitrine-payment-link+jwt',
  ttlSeconds: PAYMENT_LINK_DAYS * 86_400,
  // The hosted checkout's own key; the `typ` keeps a payment link from being anything else.
  secret: (db, fresh) => linkSecret(db, fresh, new Date()),
});

const dayOf = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A payment link for checkout `id`, e-mailed to its buyer with `sendEmail`. */
export async function makePaymentLink(ctx: Ctx, id: string, body: PaymentLinkRequest): Promise<PaymentLink> {
  const { checkout, ownerKey } = await getCheckoutAndOwner(ctx, id);
  if (checkout.completed)
    throw new AppError(409, 'CHECKOUT_COMPLETED', 'The order of this checkout has been placed already.');
  if (!linkOwner({ role: 'anonymous' }, ownerKey))
    throw new AppError(
      409,
      'CHECKOUT_HAS_NO_SHOPPER',
      'This checkout belongs to no shopper (it was made from a cart by an app): create a new checkout for the buyer.',
    );
  if (checkout.lineItems.length === 0)
    throw new AppError(409, 'CHECKOUT_EMPTY', 'Add an item to the checkout before making its payment link.');
  const email = checkout.buyerInfo.email;
  if (body.sendEmail && !email)
    throw new AppError(
      409,
      'BUYER_EMAIL_MISSING',
      "The checkout has no buyer e-mail to send the link to: set the checkout's buyerInfo.email first.",
    );
  const expires = new Date(ctx.clock.now().getTime() + PAYMENT_LINK_DAYS * 86_400_000);
  const url = `${ctx.config.PUBLIC_URL}/ecom/v1/checkouts/${checkout.id}/pay?token=${await links.sign(ctx, checkout.id)}`;
  if (body.sendEmail && email) {
    const { storeName } = await getSettings(ctx);
    await queueMail(
      ctx,
      paymentLinkMail({
        to: email,
        storeName,
        checkout,
        link: url,
        until: dayOf(expires),
        message: body.message,
      }),
    );
  }
  return {
    url,
    expiresDate: expires.toISOString(),
    ...(body.sendEmail && email ? { emailedTo: email } : {}),
  };
}

/**
 * Where payment link `token` for checkout `id` leads now: the hosted checkout page (or the member's
 * sign-in). 400 `PAYMENT_LINK_INVALID` for a tampered, expired or foreign link, or a checkout gone;
 * 409 `CHECKOUT_COMPLETED` once its order is placed.
 */
export async function paymentLinkTarget(ctx: Ctx, id: string, token: string | undefined): Promise<string> {
  const invalid = () =>
    new AppError(
      400,
      'PAYMENT_LINK_INVALID',
      'This payment link is not valid or has expired; ask the store for a new one.',
    );
  const named = token ? await links.verify(ctx, token) : undefined;
  if (!named || named !== id.toLowerCase()) throw invalid();
  const admin: Ctx = { ...ctx, caller: { role: 'admin' } };
  const found = await load(admin, { id: named }).catch((e: unknown) => {
    if (e instanceof AppError && e.status === 404) return undefined;
    throw e;
  });
  if (!found) throw invalid();
  if (found.row.completed)
    throw new AppError(
      409,
      'CHECKOUT_COMPLETED',
      'This order has been placed; its confirmation was e-mailed.',
    );
  const page = await checkoutPageFor(ctx, found.row.id, found.row.owner_key);
  if (!page) throw invalid();
  return page;
}
