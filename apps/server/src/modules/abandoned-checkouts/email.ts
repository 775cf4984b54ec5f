/** The recovery e-mail: what the shopper left (items, total) and the link that opens it again. */
import type { MailInput } from '../../platform/mail.ts';
import type { Snapshot } from './store.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function recoveryMail(o: {
  to: string;
  storeName: string;
  snapshot: Snapshot;
  link: string;
}): MailInput {
  const { storeName, snapshot: s, link } = o;
  const name = s.contactDetails?.firstName;
  const hello = name ? `Hello ${name},` : 'Hello,';
  const lines = s.lineItems.map((l) => ({
    text: `${l.productName.original} × ${l.quantity}: ${l.price.formattedAmount}`,
    image: l.image,
    name: l.productName.original,
  }));
  const total = `Total: ${s.totalPrice.formattedAmount}`;
  const why = `You started a purchase at ${storeName} and did not finish it; this is the only reminder we send.`;
  const expiry = 'The link works for 30 days.';
  return {
    to: o.to,
    senderName: storeName,
    subject: `You left something at ${storeName}`,
    text:
      `${hello}\n\nYour items are waiting:\n${lines.map((l) => `- ${l.text}`).join('\n')}\n${total}\n\n` +
      `Finish your purchase: ${link}\n${expiry}\n\n${why}\n\n${storeName}`,
    html:
      `<p>${esc(hello)}</p><p>Your items are waiting:</p><ul>` +
      lines
        .map(
          (l) =>
            `<li>${l.image ? `<img src="${esc(l.image)}" alt="${esc(l.name)}" width="64" style="vertical-align:middle"> ` : ''}${esc(l.text)}</li>`,
        )
        .join('') +
      `</ul><p><strong>${esc(total)}</strong></p>` +
      `<p><a href="${esc(link)}">Finish your purchase</a></p>` +
      `<p style="color:#666;font-size:12px">${esc(expiry)} ${esc(why)}</p><p>${esc(storeName)}</p>`,
  };
}
