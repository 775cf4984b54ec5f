/**
 * Enough MIME to read what a real SMTP server received from nodemailer (helpers for tests): the
 * headers, the decoded subject, and the text and HTML parts of a single-part or
 * multipart/alternative message, transfer encodings undone (quoted-printable, base64) as UTF-8.
 */

export interface ReadMail {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html?: string;
}

function split(raw: string) {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const headers = Object.fromEntries(
    head
      .replace(/\r\n[ \t]+/g, ' ')
      .split('\r\n')
      .filter(Boolean)
      .map((l) => {
        const i = l.indexOf(':');
        return [l.slice(0, i).toLowerCase(), l.slice(i + 1).trim()];
      }),
  );
  return { headers, body };
}

function decode(body: string, encoding = ''): string {
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as text. */
const decodeWords = (v: string) =>
  v
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decode(data.replace(/_/g, ' '), 'quoted-printable'),
    );

/** The message's leaf parts (content type and decoded body). */
function parts(raw: string): { type: string; body: string }[] {
  const { headers, body } = split(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary)
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .flatMap((p) => parts(p.replace(/^\r\n/, '').replace(/\r\n$/, '')));
  return [{ type: type.toLowerCase(), body: decode(body, headers['content-transfer-encoding']) }];
}

export function readMail(raw: string): ReadMail {
  const { headers } = split(raw);
  const all = parts(raw);
  const text = all.find((p) => p.type.startsWith('text/plain'))?.body ?? '';
  const html = all.find((p) => p.type.startsWith('text/html'))?.body;
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    text: text.replace(/\r\n/g, '\n').trim(),
    ...(html !== undefined ? { html: html.replace(/\r\n/g, '\n').trim() } : {}),
  };
}
