import { Readable } from 'node:stream';
import { FILE_ID, MEDIA_ROOT, type FileDescriptor } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { descriptorsById } from './files.ts';
import { ingest } from './ingest.ts';
import { finishProcessing, processMediaFile } from './process.ts';
import { storageOf } from './runtime.ts';
import { createFileRecord, newFileId } from './upload.ts';
import { mediaPath, type FileMeta } from './wire.ts';

/**
 * Bytes the server makes itself (the demo catalog's pictures) stored as a library file and processed
 * at once: the descriptor answered is READY (or FAILED), with the image's true dimensions — or READY
 * with `meta` when the caller already read the picture as processing would (server-pictures.ts).
 */
export async function addServerFile(
  ctx: Ctx,
  bytes: Buffer,
  o: { mimeType: string; displayName: string; labels?: string[]; origin?: string; meta?: FileMeta },
): Promise<FileDescriptor> {
  const { id, base } = newFileId(o.mimeType, o.displayName);
  const { stream } = ingest(Readable.from([bytes]), bytes.length);
  await storageOf(ctx).put(`${base}/original`, stream, { contentType: o.mimeType });
  await createFileRecord(ctx, {
    id,
    base,
    mime: o.mimeType,
    size: stream.size,
    hash: stream.digest(),
    displayName: o.displayName,
    folder: MEDIA_ROOT,
    private: false,
    labels: o.labels ?? [],
    externalInfo: o.origin ? { origin: o.origin, externalIds: [] } : null,
    owner: null,
    sourceUrl: null,
    queue: false,
  });
  if (o.meta) await finishProcessing(ctx, id, { meta: o.meta, webKey: null }, '');
  else await processMediaFile(ctx, id);
  return (await descriptorsById(ctx, [id])).get(id)!;
}

const WIX_IMAGE = /^wix:image:\/\/v1\/([^/#?]+)/;

/**
 * The library file id a reference names: a bare id, a `wix:image://v1/<id>/…` string or this server's
 * file URL (`<PUBLIC_URL>/media/<id>`, with or without a fragment); undefined for anything else.
 */
export function libraryFileId(ctx: Pick<Ctx, 'config'>, ref: string): string | undefined {
  const bare = ref.split('#')[0]!.split('?')[0]!;
  const wix = WIX_IMAGE.exec(bare)?.[1];
  const prefix = `${ctx.config.PUBLIC_URL}${mediaPath('')}`;
  const candidate = wix ?? (bare.startsWith(prefix) ? bare.slice(prefix.length) : bare);
  let id: string;
  try {
    id = decodeURIComponent(candidate);
  } catch {
    return undefined;
  }
  return FILE_ID.test(id) ? id : undefined;
}
