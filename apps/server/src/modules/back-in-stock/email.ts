/** The back-in-stock e-mail: the item (name, picture, price), a link to its page, and the unsubscribe link. */
import type { Ctx } from '../../platform/context.ts';
import { escapeHtml as esc, mailDocument } from '../../platform/mail-layout.ts';
import type { MailInput } from '../../platform/mail.ts';
import { formatMinor, toMinor } from '../../platform/money.ts';
import type { StoredItemDetails } from './store.ts';

/** What the catalog says of the item now. */
export interface ItemInfo {
  name: string;
  slug: string;
  /** The variant the e-mail is about (its choices are picked when the page opens). */
  variantId?: string;
  priceMinor?: number;
  imageUrl?: string;
}

/** A decimal price in the store's currency ("10.5" → "$10.50"); as given when the currency cannot hold it. */
function formatPrice(price: string, currency: string, locale: string): string {
  try {
    return formatMinor(toMinor(price, currency), currency, locale);
  } catch {
    return `${price} ${currency}`;
  }
}

/**
 * The storefront's product page (apps/storefront routes: `/product-page/:slug`), with `?variant=` when
 * the e-mail is about one variant: the page opens on its choices, not on the first in-stock ones.
 */
export const productUrl = (ctx: Ctx, slug: string, variantId?: string) =>
  `${ctx.config.PUBLIC_URL}/product-page/${encodeURIComponent(slug)}` +
  (variantId ? `?variant=${encodeURIComponent(variantId)}` : '');

/**
 * The item's name, price and picture as the request (or the merchant's report) gave them, the
 * catalog's otherwise. The link always leads to the store's own product page, never to a URL a
 * shopper gave.
 */
export function backInStockMail(
  ctx: Ctx,
  o: {
    to: string;
    settings: { storeName: string; currency: string; locale: string };
    item: ItemInfo;
    details: StoredItemDetails;
    unsubscribeUrl: string;
  },
): MailInput {
  const { storeName, currency, locale } = o.settings;
  const name = o.details.name ?? o.item.name;
  const price = o.details.price
    ? formatPrice(o.details.price, currency, locale)
    : o.item.priceMinor !== undefined
      ? formatMinor(o.item.priceMinor, currency, locale)
      : undefined;
  const image = o.details.imageUrl ?? o.item.imageUrl;
  const link = productUrl(ctx, o.item.slug, o.item.variantId);
  const why = 'You asked to be told when it was available again; this is the only e-mail about it.';
  const stop = 'To withdraw your request and have your address removed';
  const subject = `Back in stock: ${name}`;
  return {
    to: o.to,
    senderName: storeName,
    subject,
    text:
      `Good news: ${name} is back in stock at ${storeName}.\n` +
      (price ? `Price: ${price}\n` : '') +
      `\nSee it here: ${link}\n\n${why}\n${stop}: ${o.unsubscribeUrl}\n\n${storeName}`,
    // The item's picture is the one image, from the address the catalog or the merchant gave.
    html: mailDocument({
      storeName,
      title: subject,
      body:
        `<p>Good news: <strong>${esc(name)}</strong> is back in stock at ${esc(storeName)}.</p>` +
        (image
          ? `<p><a href="${esc(link)}"><img src="${esc(image)}" alt="${esc(name)}" width="240" style="max-width:100%;height:auto"></a></p>`
          : '') +
        (price ? `<p>Price: ${esc(price)}</p>` : ''),
      action: { label: `See ${name}`, url: link },
      footer: `${esc(why)} <a href="${esc(o.unsubscribeUrl)}">${esc(stop)}</a>.`,
    }),
  };
}
