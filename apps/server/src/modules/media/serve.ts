import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { ByteRange } from '../../platform/storage/storage.ts';
import { cacheDirOf } from './cache.ts';
import { checkLink, linkRefused, type LinkClaims } from './links.ts';
import { withLocalCopy } from './local-copy.ts';
import { storageOf } from './runtime.ts';
import { servedRow } from './served-rows.ts';
import { findFile, type FileRow } from './store.ts';
import { canonical, parseTransform, positionOf, vectorDensity, type Step } from './transform.ts';
import type { FileMeta } from './wire.ts';
import { loadSharp } from './sharp.ts';

const LEGACY_NAME = /^[a-z0-9][a-z0-9._-]{0,150}\.(webp|jpe?g|png|gif|avif)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const LEGACY_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};
const fileMissing = () => notFound('File', {}, 'FILE_NOT_FOUND');

interface Body {
  size: number;
  open(range?: ByteRange): Promise<Readable | undefined>;
  type: string;
  etag: string;
  cache: string;
  disposition?: string;
}

/** Sends bytes with ETag / If-None-Match, one Range (206 / 416) and the caching given. */
async function send(req: FastifyRequest, reply: FastifyReply, b: Body) {
  reply.header('etag', b.etag);
  reply.header('cache-control', b.cache);
  reply.header('accept-ranges', 'bytes');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  if (b.disposition) reply.header('content-disposition', b.disposition);
  reply.type(b.type);
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim() === b.etag)) return reply.code(304).send();
  const rangeHeader = req.headers.range;
  let range: ByteRange | undefined;
  if (rangeHeader && b.size > 0) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader.trim());
    const ifRange = req.headers['if-range'];
    if (m && (!ifRange || ifRange === b.etag) && (m[1] || m[2])) {
      let start = m[1] ? Number(m[1]) : b.size - Number(m[2]);
      let end = m[1] && m[2] ? Number(m[2]) : b.size - 1;
      if (start < 0) start = 0;
      if (end >= b.size) end = b.size - 1;
      if (start > end || start >= b.size) {
        reply.header('content-range', `bytes */${b.size}`);
        throw new AppError(416, 'RANGE_NOT_SATISFIABLE', 'The range is outside the file', { size: b.size });
      }
      range = { start, end };
    }
  }
  if (range) {
    reply.code(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${b.size}`);
    reply.header('content-length', String(range.end - range.start + 1));
  } else reply.header('content-length', String(b.size));
  const stream = await b.open(range);
  if (!stream) throw fileMissing();
  return reply.send(stream);
}

function fromStorage(ctx: Ctx, key: string) {
  return async () => {
    const s = await storageOf(ctx).stat(key);
    if (!s) throw fileMissing();
    return { size: s.size, open: (r?: ByteRange) => storageOf(ctx).get(key, r) };
  };
}

export const contentDisposition = (disp: string, name: string) =>
  `${disp === 'inline' ? 'inline' : 'attachment'}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * The asset a link grants, checked against the path asked for. A link to the original (`src`) also
 * opens the image transforms of it (`v1/fill/…/<name>`: a smaller copy of what it grants already),
 * so a private image's thumbnail needs no link of its own.
 */
function linkAllows(claims: LinkClaims, rest: readonly string[], meta: FileMeta) {
  if (claims.asset === 'src' || claims.asset === '')
    return rest.length === 0 || (claims.asset === 'src' && rest[0] === 'v1' && rest.length >= 3);
  if (claims.asset === 'poster')
    return rest.length === 1 && rest[0] === (meta.posters?.[0]?.key ?? 'poster.jpg');
  if (claims.asset === 'hls' || claims.asset === 'dash') return rest[0] === claims.asset && rest.length === 2;
  return false;
}

export async function serveMediaPath(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, path: string) {
  // Fastify has decoded the path already.
  const segments = path.split('/').filter(Boolean);
  const [name, ...rest] = segments;
  if (!name) throw fileMissing();
  if (rest.length === 0 && LEGACY_NAME.test(name)) return serveLegacy(ctx, req, reply, name);
  const row = await servedRow(name, () => findFile(ctx.db, name));
  if (!row || row.state !== 'OK') throw fileMissing();
  const query = (req.query ?? {}) as Record<string, unknown>;
  const meta = (row.meta ?? {}) as FileMeta;
  let claims: LinkClaims | undefined;
  if (row.private || 'sig' in query) {
    const check = await checkLink(ctx, row.id, query);
    if (!check.ok) {
      if (check.redirect) return reply.redirect(check.redirect, 302);
      throw linkRefused(check.code);
    }
    if (!linkAllows(check.claims, rest, meta)) throw linkRefused('INVALID_LINK');
    claims = check.claims;
  }
  // An image is public only once processed: until then its original may still carry EXIF (GPS).
  if (!claims && row.media_type === 'IMAGE' && row.operation_status !== 'READY')
    throw new AppError(409, 'FILE_NOT_READY', 'The image is still being processed');
  const cache = row.private ? 'private, no-store' : IMMUTABLE;
  const tag = (variant: string) => `"${row.hash.slice(0, 24)}-${variant}"`;
  if (rest.length === 0) {
    // A download link gets the original bytes; the public URL the web copy when there is one.
    const key = claims?.asset === 'src' || !row.web_key ? row.storage_key : row.web_key;
    const { size, open } = await fromStorage(ctx, key)();
    return send(req, reply, {
      size,
      open,
      type: key === row.storage_key ? row.mime_type : (meta.webType ?? row.mime_type),
      etag: tag(key === row.storage_key ? 'o' : 'w'),
      cache: claims ? 'private, no-store' : cache,
      ...(claims ? { disposition: contentDisposition(claims.disp, claims.name || row.display_name) } : {}),
    });
  }
  const base = row.storage_key.split('/')[0]!;
  if (rest[0] === 'v1') return serveTransform(ctx, req, reply, row, rest.slice(1, -1), cache);
  const asset = rest.join('/');
  const isPoster = meta.posters?.some((p) => p.key === asset);
  const isStream =
    rest.length === 2 &&
    ((rest[0] === 'hls' && /^[a-z0-9_-]+\.(m3u8|m4s|mp4)$/.test(rest[1]!)) ||
      (rest[0] === 'dash' && /^[a-z0-9_-]+\.(mpd|m4s)$/.test(rest[1]!)));
  if (!isPoster && !isStream) throw fileMissing();
  const { size, open } = await fromStorage(ctx, `${base}/${asset}`)();
  const type = asset.endsWith('.m3u8')
    ? 'application/vnd.apple.mpegurl'
    : asset.endsWith('.mpd')
      ? 'application/dash+xml'
      : asset.endsWith('.m4s') || asset.endsWith('.mp4')
        ? 'video/mp4'
        : 'image/jpeg';
  if (asset.endsWith('.m3u8') && claims) {
    // Segments of a private stream carry the same link.
    const text = await streamText(await open());
    const q = new URLSearchParams(query as Record<string, string>).toString();
    const signed = text
      .split('\n')
      .map((l) =>
        l && !l.startsWith('#') ? `${l}?${q}` : l.replace(/^(#EXT-X-MAP:URI=")([^"?]+)"/, `$1$2?${q}"`),
      )
      .join('\n');
    reply.header('cache-control', 'private, no-store').type(type);
    return reply.send(signed);
  }
  if (asset.endsWith('.mpd') && claims) {
    const text = await streamText(await open());
    const q = new URLSearchParams(query as Record<string, string>).toString().replace(/&/g, '&amp;');
    const signed = text.replace(/((?:initialization|media)=")([^"?]+)"/g, `$1$2?${q}"`);
    reply.header('cache-control', 'private, no-store').type(type);
    return reply.send(signed);
  }
  return send(req, reply, { size, open, type, etag: tag(asset.replace(/\W/g, '')), cache });
}

async function streamText(s: Readable | undefined): Promise<string> {
  if (!s) throw fileMissing();
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(c as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

async function serveLegacy(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, name: string) {
  const file = resolve(ctx.config.DATA_DIR, 'media', name);
  let size: number;
  let mtime: number;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new Error('not a file');
    size = s.size;
    mtime = s.mtimeMs;
  } catch {
    // As before the library existed: an unknown generated file is an unknown route.
    reply.callNotFound();
    return reply;
  }
  return send(req, reply, {
    size,
    open: async (r) => createReadStream(file, r ? { start: r.start, end: r.end } : {}),
    type: LEGACY_TYPES[name.split('.').pop()!] ?? 'application/octet-stream',
    etag: `"${size.toString(16)}-${Math.floor(mtime).toString(16)}"`,
    cache: IMMUTABLE,
  });
}

const OUTPUT = new Set(['jpeg', 'png', 'webp', 'gif', 'avif']);

async function serveTransform(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  row: FileRow,
  ops: string[],
  cache: string,
) {
  if (row.media_type !== 'IMAGE' && row.media_type !== 'VECTOR')
    throw new AppError(400, 'NOT_AN_IMAGE', 'Only images can be transformed');
  if (row.operation_status !== 'READY')
    throw new AppError(409, 'FILE_NOT_READY', 'The image is still being processed');
  const steps = parseTransform(ops);
  const meta = (row.meta ?? {}) as FileMeta;
  const accept = String(req.headers.accept ?? '');
  // A vector is drawn into PNG (it keeps transparency); other formats are kept.
  const own = OUTPUT.has(meta.format ?? '') ? meta.format! : row.media_type === 'VECTOR' ? 'png' : 'jpeg';
  const format =
    steps.some((s) => s.encAuto) && accept.includes('image/webp') && !meta.animated ? 'webp' : own;
  const key = createHash('sha1').update(canonical(steps, format)).digest('hex');
  const dir = cacheDirOf(ctx, row.id);
  const file = join(dir, `${key}.${format}`);
  let size = (await stat(file).catch(() => undefined))?.size;
  if (size === undefined) {
    await mkdir(dir, { recursive: true });
    const tmp = `${file}.${randomBytes(4).toString('hex')}.part`;
    const source = row.web_key ?? row.storage_key;
    const render = (path: string) => renderTo(path, tmp, steps, format, meta);
    try {
      await withLocalCopy(ctx, source, (path) => render(path));
      await rename(tmp, file);
    } catch (e) {
      await unlink(tmp).catch(() => {});
      if (e instanceof AppError) throw e;
      throw new AppError(422, 'TRANSFORM_FAILED', 'The image could not be transformed');
    }
    size = (await stat(file)).size;
  }
  reply.header('vary', 'Accept');
  return send(req, reply, {
    size,
    open: async (r) => createReadStream(file, r ? { start: r.start, end: r.end } : {}),
    type: `image/${format}`,
    etag: `"${row.hash.slice(0, 12)}-${key.slice(0, 16)}"`,
    cache,
  });
}

async function renderTo(path: string, out: string, steps: readonly Step[], format: string, meta: FileMeta) {
  const sharp = await loadSharp();
  const density = meta.format === 'svg' ? vectorDensity(steps, meta) : undefined;
  let img = sharp(path, { animated: Boolean(meta.animated), ...(density ? { density } : {}) }).rotate();
  let quality = 85;
  for (const s of steps) {
    if (s.op === 'crop') {
      const w = meta.width ?? 0;
      const h = meta.height ?? 0;
      if (s.x! >= w || s.y! >= h)
        throw new AppError(400, 'INVALID_TRANSFORM', 'Invalid image transform: crop is outside the image');
      img = sharp(
        await img
          .extract({ left: s.x!, top: s.y!, width: Math.min(s.w, w - s.x!), height: Math.min(s.h, h - s.y!) })
          .toBuffer(),
      );
      continue;
    }
    img = img.resize(s.w, s.h, {
      fit: s.op === 'fill' ? 'cover' : 'inside',
      position: positionOf(s.al),
      ...(s.op === 'fit' ? { withoutEnlargement: true } : {}),
    });
    if (s.blur) img = img.blur(Math.max(0.3, s.blur));
    if (s.q) quality = s.q;
  }
  await img.toFormat(format as 'jpeg', { quality }).toFile(out);
}
