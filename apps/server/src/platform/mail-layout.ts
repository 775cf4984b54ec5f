/**
 * The one layout of the store's HTML e-mails: a whole document (doctype, `lang`, a head with the
 * charset, the viewport and the subject as title), the store's name at the top, the message's
 * title and body, and the store's name again under it. Styles are inline (mail clients drop `<style>`
 * and external sheets): the sans-serif body the order e-mails use, at a readable width.
 */

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailDocument {
  /** The store's name (settings): shown above the message and under it. */
  storeName: string;
  /** The `<title>`: the message's subject. */
  title: string;
  /** The heading above the body; none when omitted. */
  heading?: string;
  /** The message's HTML (already escaped where it holds text). */
  body: string;
}

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
    `<p style="margin-top:24px;color:#666;font-size:12px">${store}</p>` +
    '</div></body></html>'
  );
}
