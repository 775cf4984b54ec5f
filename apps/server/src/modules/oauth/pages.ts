import { randomBytes } from 'node:crypto';

/** The few HTML pages the OAuth server itself serves: the web_message answer and error pages. */

export interface Page {
  status: number;
  headers: Record<string, string>;
  html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON that is safe inside a <script> element. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const common = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

/**
 * The `web_message` answer: a page for a hidden iframe that posts `data` to its parent, addressed to
 * each of the client's allowed origins (the browser delivers it only to the one that matches; never `*`).
 * Only those origins may frame it.
 */
export function webMessagePage(targetOrigins: readonly string[], data: Record<string, string>): Page {
  const nonce = randomBytes(16).toString('base64');
  const script = `(function () {
  var targetOrigins = ${scriptJson(targetOrigins)};
  var data = ${scriptJson(data)};
  var target = window.parent !== window ? window.parent : window.opener;
  if (!target) return;
  for (var i = 0; i < targetOrigins.length; i++) target.postMessage(data, targetOrigins[i]);
})();`;
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors ${targetOrigins.join(' ') || "'none'"}`;
  return {
    status: 200,
    headers: { ...common, 'content-security-policy': csp },
    html: `<!doctype html><html><head><meta charset="utf-8"><title>Signing in…</title></head><body><script nonce="${nonce}">${script}</script></body></html>`,
  };
}

/** An error shown to the person in the browser (never sent to an unverified redirect URI). */
export function errorPage(status: number, title: string, description: string): Page {
  return {
    status,
    headers: { ...common, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" },
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(description)}</p></body></html>`,
  };
}
