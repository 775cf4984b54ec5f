/**
 * The one layout of the store's HTML e-mails: a whole document (doctype, `lang`, a head with the
 * charset, the viewport and the subject as title), the store's name at the top, the message's
 * title and body, an optional button, an optional small print line, and the store's name again
 * under it. Styles are inline (mail clients drop `<style>` and external sheets) and nothing is
 * loaded from elsewhere: the sans-serif body the order e-mails use, at a readable width. Every
 * e-mail of the store is built here; its text part stays the message of record (same words, same
 * links).
 */

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text as HTML paragraphs: escaped, a blank line starts a paragraph, a line break stays one. */
export const paragraphs = (text: string): string =>
  text
    .split(/\n{2,}/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** A line's choices as its description lines name them ("Size: M · Color: Navy Stripe"). */
export const lineChoices = (
  lines: readonly {
    name: { original: string };
    plainText?: { original: string };
    colorInfo?: { original: string };
  }[],
): string =>
  lines
    .map((d) => [d.name.original, d.plainText?.original ?? d.colorInfo?.original].filter(Boolean).join(': '))
    .filter(Boolean)
    .join(' · ');

export interface MailDocument {
  /** The store's name (settings): shown above the message and under it. */
  storeName: string;
  /** The `<title>`: the message's subject. */
  title: string;
  /** The heading above the body; none when omitted. */
  heading?: string;
  /** The message's HTML (already escaped where it holds text). */
  body: string;
  /** A button under the body: the link the text part gives, with its label (text, escaped here). */
  action?: { label: string; url: string };
  /** Small print under the body (why the message came, how to stop it): HTML, escaped by the caller. */
  footer?: string;
}

const BUTTON =
  'display:inline-block;padding:10px 18px;background:#111;color:#fff;text-decoration:none;border-radius:4px;font-weight:bold';

export function mailDocument(m: MailDocument): string {
  const store = escapeHtml(m.storeName);
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(m.title)}</title></head>` +
    '<body style="margin:0;padding:16px;font-family:sans-serif;color:#111;line-height:1.5">' +
    '<div style="max-width:600px;margin:0 auto">' +
    `<p style="margin:0 0 16px;font-weight:bold">${store}</p>` +
    (m.heading ? `<h2>${escapeHtml(m.heading)}</h2>` : '') +
    m.body +
    (m.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(m.action.url)}" style="${BUTTON}">${escapeHtml(m.action.label)}</a></p>`
      : '') +
    (m.footer ? `<p style="color:#666;font-size:12px">${m.footer}</p>` : '') +
    `<p style="margin-top:24px;color:#666;font-size:12px">${store}</p>` +
    '</div></body></html>'
  );
}
