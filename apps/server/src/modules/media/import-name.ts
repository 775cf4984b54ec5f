import { extensionOf, mediaTypeOf } from './sniff.ts';

/**
 * What a file imported from a URL is called when the request gives no `displayName`: the
 * answer's `Content-Disposition` file name, else the URL path's last segment (decoded), else a
 * word for its kind with the extension of its type ("image.png"). Names come from other people's
 * servers, so they are cleaned first: no folders, no control characters, no unpaired surrogates,
 * trimmed, at most 200 characters (the extension kept).
 */

export const MAX_NAME = 200;
/** Where an import's name came from: the caller's `displayName`, the URL, or the default. */
export type NameSource = 'caller' | 'url' | 'default';

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A name fit to store and show, or undefined when nothing usable is left. */
export function cleanName(raw: string): string | undefined {
  const last = raw.split(/[/\\]/).pop() ?? '';
  const name = last.replace(LONE_SURROGATE, '').replace(CONTROL, '').trim();
  if (!name || name === '.' || name === '..') return undefined;
  const chars = Array.from(name);
  if (chars.length <= MAX_NAME) return name;
  const ext = /\.[^.\s]{1,10}$/.exec(name)?.[0] ?? '';
  return `${chars
    .slice(0, MAX_NAME - ext.length)
    .join('')
    .trimEnd()}${ext}`;
}

/** Percent-decoding that keeps the text as it is when it does not decode (`%E0%A4%A`). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The URL path's last segment, decoded and cleaned (undefined for `/` or `/photos/`). */
export function nameFromUrl(url: URL): string | undefined {
  const segment = url.pathname.split('/').pop() ?? '';
  return segment ? cleanName(decoded(segment)) : undefined;
}

/** RFC 5987 `charset'language'value`: UTF-8 and ISO-8859-1 are decoded, other charsets ignored. */
function extValue(v: string): string | undefined {
  const m = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(v);
  if (!m) return undefined;
  const charset = m[1]!.toLowerCase();
  if (charset === 'utf-8') return decoded(m[2]!);
  if (charset === 'iso-8859-1')
    return m[2]!.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return undefined;
}

/** Header text is read as Latin-1; a plain `filename` sent as raw UTF-8 bytes is read back as UTF-8. */
function utf8Bytes(v: string): string {
  if (!/[\u0080-\u00ff]/.test(v) || /[\u0100-\uffff]/.test(v)) return v;
  const text = Buffer.from(v, 'latin1').toString('utf8');
  return text.includes('\ufffd') ? v : text;
}

/**
 * The file name a `Content-Disposition` header gives (RFC 6266): `filename*` first (RFC 5987), then
 * `filename` (quoted or not), cleaned; undefined when it gives none.
 */
export function filenameFromDisposition(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const params: Record<string, string> = {};
  const param = /;\s*([^\s;=]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const m of value.matchAll(param)) {
    const key = m[1]!.toLowerCase();
    const raw = m[2]!.trim();
    if (key in params) continue;
    params[key] = raw.startsWith('"') ? raw.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1') : raw;
  }
  const extended = params['filename*'] === undefined ? undefined : extValue(params['filename*']);
  const fromExtended = extended === undefined ? undefined : cleanName(extended);
  if (fromExtended) return fromExtended;
  return params.filename === undefined ? undefined : cleanName(utf8Bytes(params.filename));
}

const WORDS: Record<string, string> = {
  IMAGE: 'image',
  VECTOR: 'drawing',
  VIDEO: 'video',
  AUDIO: 'audio',
  DOCUMENT: 'document',
  ARCHIVE: 'archive',
  MODEL3D: 'model',
};

/** "image.png", "video.mp4", "document.pdf", "file.bin": a word for the kind, the type's extension. */
export const defaultName = (mime: string) => `${WORDS[mediaTypeOf(mime)] ?? 'file'}.${extensionOf(mime)}`;
