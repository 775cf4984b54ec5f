/** The payment link e-mail: what the store prepared for the buyer (items, totals) and the link to pay. */
import type { Checkout } from '@vitrine/contract';
import { escapeHtml as esc, lineChoices, mailDocument, paragraphs } from '../../platform/mail-layout.ts';
import type { MailInput } from '../../platform/mail.ts';

export function paymentLinkMail(o: {
  to: string;
  storeName: string;
  checkout: Pick<Checkout, 'lineItems' | 'priceSummary' | 'taxIncludedInPrice' | 'buyerInfo'>;
  link: string;
  /** The link's last day, as the e-mail writes it. */
  until: string;
  message?: string | undefined;
}): MailInput {
  const { storeName, checkout: c, link } = o;
  const lines = c.lineItems.map((l) => {
    const choices = lineChoices(l.descriptionLines);
    const name = l.productName.original;
    return {
      // Before discounts, as the subtotal counts it (a discount is its own line below).
      text: `${l.quantity} × ${name}${choices ? ` (${choices})` : ''}  ${(l.lineItemPrice ?? l.totalPriceAfterTax).formattedAmount}`,
      image: l.media?.url,
      name,
    };
  });
  const s = c.priceSummary;
  const totals = [
    `Subtotal: ${s.subtotal.formattedAmount}`,
    ...(Number(s.discount.amount) > 0 ? [`Discount: −${s.discount.formattedAmount}`] : []),
    `Total so far: ${s.total.formattedAmount}`,
  ];
  const added = [
    ...(c.lineItems.some((l) => l.physicalProperties.shippable) ? ['Delivery'] : []),
    ...(c.taxIncludedInPrice ? [] : ['any tax']),
  ];
  const rest = added.length
    ? `${added.join(' and ').replace(/^a/, 'A')} ${added.length > 1 ? 'are' : 'is'} added when you give your address.`
    : '';
  const subject = `Your order from ${storeName}: pay online`;
  const intro = `${storeName} prepared this order for you:`;
  const message = o.message?.trim();
  // A member's checkout opens after they sign in (page-for.ts), and the order joins their account.
  const signIn = c.buyerInfo.memberId
    ? `You sign in to your account to pay, and the order is with your other orders there. `
    : '';
  const expiry = `${signIn}The link works until ${o.until}. If it has expired, ask ${storeName} for a new one.`;
  return {
    to: o.to,
    senderName: storeName,
    subject,
    text:
      `Hello,\n\n${message ? `${message}\n\n` : ''}${intro}\n${lines.map((l) => `- ${l.text}`).join('\n')}\n` +
      `${totals.join('\n')}\n${rest ? `${rest}\n` : ''}\nPay now: ${link}\n${expiry}\n\n${storeName}`,
    html: mailDocument({
      storeName,
      title: subject,
      body:
        `<p>Hello,</p>${message ? paragraphs(message) : ''}<p>${esc(intro)}</p><ul>` +
        lines
          .map(
            (l) =>
              `<li>${l.image ? `<img src="${esc(l.image)}" alt="${esc(l.name)}" width="64" style="vertical-align:middle"> ` : ''}${esc(l.text)}</li>`,
          )
          .join('') +
        `</ul><p>${totals.map(esc).join('<br>')}</p>${rest ? `<p>${esc(rest)}</p>` : ''}`,
      action: { label: 'Pay now', url: link },
      footer: esc(expiry),
    }),
  };
}
