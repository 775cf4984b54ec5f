/**
 * What a person who opens a dead link from an e-mail in a browser sees (expired, tampered, or its
 * record gone): a small page that says so and leads to the shop, not an error envelope. Its own
 * strict headers: nothing runs, nothing is framed, the link's token is not sent on as a referrer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function linkPage(o: {
  status: number;
  title: string;
  /** The page's sentences (plain text). */
  text: string;
  storeName: string;
  shopUrl: string;
}) {
  return {
    status: o.status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
    html:
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(o.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style></head>` +
      `<body><main><h1>${escapeHtml(o.title)}</h1><p>${escapeHtml(o.text)}</p>` +
      `<p><a href="${escapeHtml(o.shopUrl)}">Continue shopping at ${escapeHtml(o.storeName)}</a></p></main></body></html>`,
  };
}

export type LinkPage = ReturnType<typeof linkPage>;

/**
 * Follows a long-lived link opened from a mailbox: a 302 to where `target` says (not cached, its
 * token not sent on as a referrer); when `target` refuses the link, a browser (`Accept: text/html`)
 * gets `page` for the refusal, an API caller the error itself.
 */
export async function followLink(
  req: FastifyRequest,
  reply: FastifyReply,
  target: () => Promise<string>,
  page: (refusal: AppError) => Promise<LinkPage>,
) {
  let url: string;
  try {
    url = await target();
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500 || !req.headers.accept?.includes('text/html')) throw e;
    const p = await page(e);
    return reply.status(p.status).headers(p.headers).send(p.html);
  }
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(url, 302);
}
