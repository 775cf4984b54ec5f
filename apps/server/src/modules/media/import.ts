import { MEDIA_ROOT, type ImportFileRequest } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { AppError, violation } from '../../platform/errors.ts';
import { FetchRefused, guardedFetch } from '../../platform/guarded-fetch.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { EMPTY_IMPORT, importFailure } from './failure-words.ts';
import { checkFolder } from './files.ts';
import { ensureFolderPath } from './folders.ts';
import { defaultName, filenameFromDisposition, nameFromUrl, type NameSource } from './import-name.ts';
import { ingest } from './ingest.ts';
import { finishProcessing, processMediaFile } from './process.ts';
import { storageOf } from './runtime.ts';
import { mediaTypeOf, reconcile } from './sniff.ts';
import { findFile, searchTextOf, updateFile } from './store.ts';
import { createFileRecord, newFileId } from './upload.ts';

export const IMPORT_JOB = 'media.import';
const BY_TYPE: Record<string, string> = {
  IMAGE: 'image/jpeg',
  VIDEO: 'video/mp4',
  AUDIO: 'audio/mpeg',
  DOCUMENT: 'application/pdf',
};
const BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  pdf: 'application/pdf',
  zip: 'application/zip',
  txt: 'text/plain',
};

interface ImportPayload {
  fileId: string;
  url: string;
  headers: Record<string, string>;
  declaredMime: string | null;
  /**
   * The name the server gave the file for now, and from what (absent: the caller named it, or the
   * job was queued before names were chosen here): replaced once the answer names the file.
   */
  provisional?: { name: string; from: Exclude<NameSource, 'caller'> };
}

/** The answer held no bytes: the file ends FAILED, never READY and empty. */
class EmptyAnswer extends Error {}

/** Creates the descriptor (PENDING) and queues the fetch; the job ends it READY or FAILED. */
export async function importFile(ctx: Ctx, r: ImportFileRequest, where = '') {
  let url: URL;
  try {
    url = new URL(r.url);
  } catch {
    throw violation(`${where}url`, 'must be an absolute URL', 'FORMAT');
  }
  for (const [k, v] of Object.entries(r.urlParams ?? {})) url.searchParams.set(k, v);
  const fromUrl = nameFromUrl(url);
  const ext = /\.([a-z0-9]{1,8})$/i.exec(fromUrl ?? '')?.[1]?.toLowerCase() ?? '';
  const guessed =
    r.mimeType ??
    BY_EXT[ext] ??
    (r.mediaType ? BY_TYPE[r.mediaType] : undefined) ??
    'application/octet-stream';
  // Until the answer comes (its Content-Disposition may name the file), the URL's name or the default.
  const displayName = r.displayName ?? fromUrl ?? defaultName(guessed);
  const provisional = r.displayName
    ? undefined
    : { name: displayName, from: fromUrl ? ('url' as const) : ('default' as const) };
  const { id, base } = newFileId(guessed, displayName);
  return inTransaction(ctx, async (tx) => {
    let folder = await checkFolder(tx, r.parentFolderId ?? MEDIA_ROOT, `${where}parentFolderId`);
    if (r.filePath) folder = await ensureFolderPath(tx, folder, r.filePath, `${where}filePath`);
    const file = await createFileRecord(tx, {
      id,
      base,
      mime: guessed,
      size: 0,
      hash: '',
      displayName,
      folder,
      private: r.private ?? false,
      labels: [...new Set(r.labels ?? [])],
      externalInfo: r.externalInfo ?? null,
      owner: null,
      sourceUrl: r.url,
      queue: false,
    });
    await enqueueJob(tx, IMPORT_JOB, {
      fileId: id,
      url: url.toString(),
      headers: r.urlHeaders ?? {},
      declaredMime: r.mimeType ?? null,
      ...(provisional ? { provisional } : {}),
    } satisfies ImportPayload);
    return file;
  });
}

/**
 * Fetches under the SSRF guard, stores, names (when the caller did not), then processes; a refusal,
 * a bad answer or an empty one ends the file FAILED with the reason in words.
 */
async function runImport(ctx: Ctx, p: ImportPayload) {
  const row = await findFile(ctx.db, p.fileId);
  if (!row || row.operation_status !== 'PENDING') return;
  const storage = storageOf(ctx);
  let reason: string | undefined;
  try {
    const answer = await guardedFetch(p.url, {
      headers: p.headers,
      maxBytes: ctx.config.MEDIA_IMPORT_MAX_BYTES,
      timeoutMs: ctx.config.MEDIA_IMPORT_TIMEOUT_MS,
      allow: ctx.config.FETCH_GUARD_ALLOW,
    });
    if (answer.status < 200 || answer.status > 299) {
      answer.body.resume();
      throw new AppError(502, 'SOURCE_ERROR', `the source answered HTTP ${answer.status}`);
    }
    const { stream } = ingest(answer.body, ctx.config.MEDIA_IMPORT_MAX_BYTES);
    await storage.put(row.storage_key, stream);
    if (stream.size === 0) throw new EmptyAnswer();
    const served = String(answer.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    const declared = p.declaredMime ?? (served || row.mime_type);
    const mime = reconcile(declared, stream.sniffed()) ?? reconcile(row.mime_type, stream.sniffed());
    if (!mime) throw new AppError(415, 'CONTENT_TYPE_MISMATCH', `the content is not ${declared}`);
    // The answer's name replaces the one given for now, unless the merchant renamed the file meanwhile.
    const current = (await findFile(ctx.db, row.id)) ?? row;
    const named =
      !p.provisional || current.display_name !== p.provisional.name
        ? undefined
        : (filenameFromDisposition(answer.headers['content-disposition']) ??
          (p.provisional.from === 'default' ? defaultName(mime) : undefined));
    await updateFile(ctx.db, row.id, {
      size_bytes: stream.size,
      hash: stream.digest(),
      mime_type: mime,
      media_type: mediaTypeOf(mime),
      ...(named && named !== current.display_name
        ? { display_name: named, search_text: searchTextOf(named, current.labels as string[]) }
        : {}),
      updated_at: ctx.clock.now(),
    });
  } catch (e) {
    // The words keep what a refusal or our own check said; anything else is told in full to the log.
    if (!(e instanceof EmptyAnswer || e instanceof AppError || e instanceof FetchRefused))
      ctx.log.warn({ err: e, fileId: row.id }, 'media import failed');
    reason = e instanceof EmptyAnswer ? EMPTY_IMPORT : importFailure(e);
  }
  if (reason) {
    await storage.delete(row.storage_key.split('/')[0]!, { prefix: true }).catch(() => {});
    return finishProcessing(ctx, row.id, undefined, reason.slice(0, 500));
  }
  await processMediaFile(ctx, row.id);
}

export const importJob: JobHandler<ImportPayload> = {
  name: IMPORT_JOB,
  maxAttempts: 2,
  timeoutMs: 290_000,
  async run(ctx, p, info) {
    try {
      await runImport(ctx, p);
    } catch (e) {
      if (info.isLastAttempt) await finishProcessing(ctx, p.fileId, undefined, 'import could not complete');
      throw e;
    }
  },
};

export async function bulkImport(ctx: Ctx, requests: ImportFileRequest[]) {
  const files = [];
  for (const [i, r] of requests.entries()) files.push(await importFile(ctx, r, `importFileRequests.${i}.`));
  return files;
}

export async function bulkImportV2(ctx: Ctx, requests: ImportFileRequest[], returnEntity: boolean) {
  const results = [];
  let failures = 0;
  for (const [i, r] of requests.entries()) {
    try {
      const file = await importFile(ctx, r, `importFileRequests.${i}.`);
      results.push({
        itemMetadata: { id: file.id, originalIndex: i, success: true },
        ...(returnEntity ? { item: file } : {}),
      });
    } catch (e) {
      failures++;
      const description = e instanceof Error ? e.message : 'import failed';
      const code = e instanceof AppError ? e.code : 'INVALID_ARGUMENT';
      results.push({ itemMetadata: { originalIndex: i, success: false, error: { code, description } } });
    }
  }
  return {
    results,
    bulkActionMetadata: {
      totalSuccesses: requests.length - failures,
      totalFailures: failures,
      undetailedFailures: 0,
    },
  };
}
