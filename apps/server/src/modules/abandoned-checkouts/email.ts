/** The recovery e-mail: what the shopper left (items, total) and the link that opens it again. */
import { escapeHtml as esc, mailDocument } from '../../platform/mail-layout.ts';
import type { MailInput } from '../../platform/mail.ts';
import type { Snapshot } from './store.ts';

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
  const subject = `You left something at ${storeName}`;
  return {
    to: o.to,
    senderName: storeName,
    subject,
    text:
      `${hello}\n\nYour items are waiting:\n${lines.map((l) => `- ${l.text}`).join('\n')}\n${total}\n\n` +
      `Finish your purchase: ${link}\n${expiry}\n\n${why}\n\n${storeName}`,
    html: mailDocument({
      storeName,
      title: subject,
      body:
        `<p>${esc(hello)}</p><p>Your items are waiting:</p><ul>` +
        lines
          .map(
            (l) =>
              `<li>${l.image ? `<img src="${esc(l.image)}" alt="${esc(l.name)}" width="64" style="vertical-align:middle"> ` : ''}${esc(l.text)}</li>`,
          )
          .join('') +
        `</ul><p><strong>${esc(total)}</strong></p>`,
      action: { label: 'Finish your purchase', url: link },
      footer: `${esc(expiry)} ${esc(why)}`,
    }),
  };
}
