import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ENTITY_FQDN } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { emitEvent } from '../../platform/events.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { audioMeta, videoAssets } from './av.ts';
import { processingFailure } from './failure-words.ts';
import { describeOne } from './files.ts';
import { decodeHeic } from './heic.ts';
import { heifColour, profileOf, tagJpeg } from './heif-colour.ts';
import { uploadFolder, withLocalCopy } from './local-copy.ts';
import { storageOf } from './runtime.ts';
import { findFile, updateFile, type FileRow } from './store.ts';
import { PROCESS_JOB } from './upload.ts';
import type { FileMeta } from './wire.ts';
import { loadSharp } from './sharp.ts';

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');
/** A picture's prominent colour as `#rrggbb`, from sharp's `stats().dominant`. */
export const prominentOf = (d: { r: number; g: number; b: number }) => `#${hex(d.r)}${hex(d.g)}${hex(d.b)}`;

/**
 * An image's displayed size (EXIF orientation applied), format, prominent colour and whether it
 * is animated. When the original carries metadata (EXIF, XMP, IPTC) or a rotation, a web copy is made
 * with the rotation applied and the metadata stripped; it is what the public URL serves.
 */
async function processImage(ctx: Ctx, file: string, base: string) {
  const sharp = await loadSharp();
  const img = sharp(file, { animated: true, limitInputPixels: 268_402_689 });
  const m = await img.metadata();
  if (m.format === 'heif' && m.compression === 'hevc') return processHeic(ctx, file, base);
  if (!m.width || !m.height) throw new Error('not a readable image');
  const pages = m.pages ?? 1;
  const frameHeight = pages > 1 ? (m.pageHeight ?? m.height) : m.height;
  const rotated = (m.orientation ?? 1) >= 5;
  const width = rotated ? frameHeight : m.width;
  const height = rotated ? m.width : frameHeight;
  const stats = await sharp(file).stats();
  const d = stats.dominant;
  const meta: FileMeta = {
    width,
    height,
    format: m.format,
    prominent: prominentOf(d),
    ...(pages > 1 ? { animated: true } : {}),
  };
  let webKey: string | null = null;
  if (m.format !== 'svg' && ((m.orientation ?? 1) > 1 || m.exif || m.xmp || m.iptc)) {
    webKey = `${base}/web`;
    await storageOf(ctx).put(webKey, sharp(file, { animated: true }).rotate().keepIccProfile());
  }
  return { meta, webKey };
}

/**
 * A HEIC picture (an iPhone photo) is decoded by libheif (heic.ts) and kept beside its original as
 * a JPEG web copy: browsers other than Safari show no HEIC, so the public URL serves the copy
 * (`webType`), and transforms start from it. The decoded pixels are already turned as the container
 * says, and the copy carries none of the original's metadata (its EXIF, with GPS, is a separate
 * item of the container that is not copied) but its colours: libheif's RGB values are in the
 * container's colours (an iPhone's Display P3), so the copy is tagged with that profile (tagged, not
 * converted: a wide-gamut screen shows the photo's full colours), and transforms convert it to sRGB.
 */
async function processHeic(ctx: Ctx, file: string, base: string) {
  const sharp = await loadSharp();
  const profile = profileOf(heifColour(await readFile(file)));
  const { width, height, data } = await decodeHeic(file);
  const pixels = () =>
    sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
    });
  const { dominant } = await pixels().stats();
  const webKey = `${base}/web`;
  const web = pixels().flatten({ background: '#ffffff' }).jpeg({ quality: 90 });
  const icc = profile === 'p3' ? await displayP3(sharp) : profile?.icc;
  await storageOf(ctx).put(webKey, icc ? Readable.from([tagJpeg(await web.toBuffer(), icc)]) : web);
  const meta: FileMeta = {
    width,
    height,
    format: 'heif',
    prominent: prominentOf(dominant),
    webType: 'image/jpeg',
  };
  return { meta, webKey };
}

let p3: Promise<Buffer> | undefined;
/** libvips's Display P3 profile (`withIccProfile('p3')` attaches it), as bytes to tag a JPEG with. */
function displayP3(sharp: Awaited<ReturnType<typeof loadSharp>>): Promise<Buffer> {
  return (p3 ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .withIccProfile('p3')
    .jpeg()
    .toBuffer()
    .then(async (b) => (await sharp(b).metadata()).icc!));
}

const TOOLED = new Set(['IMAGE', 'VECTOR', 'VIDEO', 'AUDIO']);

async function processFile(ctx: Ctx, row: FileRow): Promise<{ meta: FileMeta; webKey: string | null }> {
  const base = row.storage_key.split('/')[0]!;
  // Documents, archives and the rest are typed and sized at upload: nothing to read again.
  if (!TOOLED.has(row.media_type)) return { meta: {}, webKey: null };
  return withLocalCopy(ctx, row.storage_key, async (file, scratch) => {
    switch (row.media_type) {
      case 'IMAGE':
        return processImage(ctx, file, base);
      case 'VECTOR': {
        const m = await (await loadSharp())(file).metadata();
        return { meta: { width: m.width ?? 0, height: m.height ?? 0, format: 'svg' }, webKey: null };
      }
      case 'VIDEO': {
        const meta = await videoAssets(file, scratch);
        await storageOf(ctx).put(`${base}/poster.jpg`, createReadStream(join(scratch, 'poster.jpg')));
        await uploadFolder(ctx, join(scratch, 'hls'), `${base}/hls`);
        await uploadFolder(ctx, join(scratch, 'dash'), `${base}/dash`);
        return { meta, webKey: null };
      }
      case 'AUDIO':
        return { meta: await audioMeta(file), webKey: null };
      default:
        return { meta: {}, webKey: null };
    }
  });
}

/** PENDING → READY with what processing found, or → FAILED with the reason; an event either way. */
export async function processMediaFile(ctx: Ctx, fileId: string) {
  const row = await findFile(ctx.db, fileId);
  if (!row || row.operation_status !== 'PENDING') return;
  let outcome: { meta: FileMeta; webKey: string | null } | undefined;
  let reason = '';
  try {
    outcome = await processFile(ctx, row);
  } catch (e) {
    ctx.log.warn({ err: e, fileId }, 'media processing failed');
    reason = processingFailure(row.media_type, row.mime_type, e instanceof Error ? e.message : String(e));
  }
  await finishProcessing(ctx, fileId, outcome, reason);
}

export async function finishProcessing(
  ctx: Ctx,
  fileId: string,
  outcome: { meta: FileMeta; webKey: string | null } | undefined,
  reason: string,
) {
  await inTransaction(ctx, async (tx) => {
    const current = await findFile(tx.db, fileId, true);
    if (!current || current.operation_status !== 'PENDING') return;
    const now = tx.clock.now();
    const updated = (await updateFile(
      tx.db,
      fileId,
      outcome
        ? { operation_status: 'READY', meta: outcome.meta, web_key: outcome.webKey, updated_at: now }
        : { operation_status: 'FAILED', failure_reason: reason, updated_at: now },
    ))!;
    const file = await describeOne(tx, updated);
    await emitEvent(
      tx,
      outcome
        ? {
            entityFqdn: ENTITY_FQDN.mediaFile,
            slug: 'file_ready',
            entityId: fileId,
            actionEvent: {
              body: { file, externalInfo: updated.external_info ?? undefined, triggeredByUndelete: false },
            },
          }
        : {
            entityFqdn: ENTITY_FQDN.mediaFile,
            slug: 'file_failed',
            entityId: fileId,
            actionEvent: {
              body: {
                externalInfo: updated.external_info ?? undefined,
                error: { code: 'PROCESSING_FAILED', description: reason, data: { fileId } },
              },
            },
          },
      { entityLocked: true },
    );
  });
}

export const processJob: JobHandler<{ fileId: string }> = {
  name: PROCESS_JOB,
  maxAttempts: 3,
  timeoutMs: 280_000,
  async run(ctx, { fileId }, info) {
    try {
      await processMediaFile(ctx, fileId);
    } catch (e) {
      // The database failed us (processing errors end FAILED inside): retry, and fail the file at the end.
      if (info.isLastAttempt) await finishProcessing(ctx, fileId, undefined, 'processing could not complete');
      throw e;
    }
  },
};
