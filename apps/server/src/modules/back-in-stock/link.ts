/**
 * The unsubscribe link of a back-in-stock e-mail: a signed token (HS256, a year) naming one request.
 * Opening it shows a page with a button (a GET never deletes: mail scanners open links); the button,
 * or a storefront, POSTs the token, which deletes the request (README).
 */
import type { Ctx } from '../../platform/context.ts';
import { randomBytes } from 'node:crypto';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError } from '../../platform/errors.ts';
import { signedLinks } from '../../platform/signed-links.ts';
import { findRequest, linkSecret, removeRequest } from './store.ts';
import { isUuid } from '../../platform/ids.ts';
import { emitRequestEvent } from './wire.ts';

export const UNSUBSCRIBE_PATH = '/back-in-stock-service/v1/unsubscribe';
const TTL_DAYS = 365;
const TYP = 'vitrine-back-in-stock-unsubscribe+jwt';
const links = signedLinks({ typ: TYP, ttlSeconds: TTL_DAYS * 86_400, secret: linkSecret });

export const unsubscribeToken = (ctx: Ctx, requestId: string) => links.sign(ctx, requestId);

export const unsubscribeUrl = async (ctx: Ctx, requestId: string) =>
  `${ctx.config.PUBLIC_URL}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(await unsubscribeToken(ctx, requestId))}`;

const badLink = () =>
  new AppError(400, 'INVALID_UNSUBSCRIBE_LINK', 'This unsubscribe link is not valid or has expired');

/** The request id a token names (tampered, expired, or another store's: 400 INVALID_UNSUBSCRIBE_LINK). */
async function requestIdOf(ctx: Ctx, token: string): Promise<string> {
  const rid = await links.verify(ctx, token);
  if (isUuid(rid)) return rid;
  throw badLink();
}

/** Deletes the request a link names; a request already gone is not an error (the link did its work). */
export async function unsubscribe(ctx: Ctx, token: string): Promise<void> {
  const id = await requestIdOf(ctx, token);
  await inTransaction(ctx, async (tx) => {
    const row = await findRequest(tx.db, id, true);
    if (!row) return;
    await removeRequest(tx.db, id);
    await emitRequestEvent(tx, row, 'deleted');
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const common = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

/** The page the link opens: a button that POSTs the token (or why there is nothing to do). */
export async function unsubscribePage(
  ctx: Ctx,
  token: string,
): Promise<{ status: number; headers: Record<string, string>; html: string }> {
  const page = (status: number, title: string, body: string, csp: string) => ({
    status,
    headers: {
      ...common,
      'content-security-policy': `${csp}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    },
    html:
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}` +
      `button{font:inherit;padding:.6rem 1.2rem;min-height:44px;cursor:pointer}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}` +
      `<p><a href="${escapeHtml(`${ctx.config.PUBLIC_URL}/`)}">Back to the shop</a></p></main></body></html>`,
  });
  let id: string;
  try {
    id = await requestIdOf(ctx, token);
  } catch {
    return page(
      400,
      'This link is not valid',
      '<p>It may have expired. Nothing was changed.</p>',
      "default-src 'none'; style-src 'unsafe-inline'",
    );
  }
  if (!(await findRequest(ctx.db, id))) {
    return page(
      200,
      'You are unsubscribed',
      '<p>This request no longer exists; we will not write to you about it.</p>',
      "default-src 'none'; style-src 'unsafe-inline'",
    );
  }
  const nonce = randomBytes(16).toString('base64');
  const script = `(function () {
  var button = document.getElementById('go');
  var status = document.getElementById('status');
  button.addEventListener('click', function () {
    button.disabled = true;
    fetch(${JSON.stringify(UNSUBSCRIBE_PATH)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: ${JSON.stringify(token).replace(/</g, '\\u003c')} })
    }).then(function (r) {
      status.textContent = r.ok ? 'Done: your request and your address were removed.' : 'That did not work; the link may have expired.';
      if (!r.ok) button.disabled = false;
    }, function () {
      status.textContent = 'That did not work; please try again.';
      button.disabled = false;
    });
  });
})();`;
  return page(
    200,
    'Stop this back-in-stock notification?',
    '<p>Withdraw your back-in-stock request; your e-mail address is removed with it.</p>' +
      '<p><button id="go" type="button">Unsubscribe</button></p><p id="status" role="status" aria-live="polite"></p>' +
      `<script nonce="${nonce}">${script}</script>`,
    `default-src 'none'; script-src 'nonce-${nonce}'; connect-src 'self'; style-src 'unsafe-inline'`,
  );
}
