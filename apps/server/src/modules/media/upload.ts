import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  MEDIA_ROOT,
  VISITOR_UPLOADS_ROOT,
  type FileDescriptor,
  type GenerateUploadUrlRequest,
} from '@vitrine/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { AppError, forbidden, violation } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { newId } from '../../platform/ids.ts';
import { checkFolder, describeOne } from './files.ts';
import { ensureFolderPath } from './folders.ts';
import { ingest, tooLarge } from './ingest.ts';
import { storageOf } from './runtime.ts';
import { extensionOf, mediaTypeOf, reconcile } from './sniff.ts';
import {
  claimUpload,
  findUpload,
  insertFile,
  insertUpload,
  searchTextOf,
  uploadsSince,
  type UploadRow,
} from './store.ts';

export const UPLOAD_TTL_MS = 60 * 60_000;
export const PROCESS_JOB = 'media.process';
export const UPLOAD_PATH = '/site-media/v1/upload';
export const hashToken = (t: string) => createHash('sha256').update(t).digest('hex');

/** A new file id in the platform's form, and the storage folder of its bytes. */
export function newFileId(mime: string, fileName?: string | null) {
  const hex = newId().replace(/-/g, '');
  const base = `${hex.slice(0, 6)}_${hex.slice(6)}`;
  return { id: `${base}~mv2.${extensionOf(mime, fileName)}`, base };
}

export const PURGE_GRANTS_JOB = 'media.purge-upload-grants';
const queuedFor = new WeakMap<object, string>();

/**
 * Once a day (a job id derived from the date, so every process queues it once): grants that expired
 * over a day ago go. Today's grants stay, since the members' daily quotas count them.
 */
async function queueGrantCleanup(ctx: Ctx) {
  const now = ctx.clock.now();
  const day = now.toISOString().slice(0, 10);
  if (queuedFor.get(ctx.config) === day) return;
  const name = `${PURGE_GRANTS_JOB}:${day}`;
  const h = createHash('sha256').update(name).digest('hex');
  const id = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
  await ctx.db
    .insertInto('job')
    .values({
      id,
      name: PURGE_GRANTS_JOB,
      payload: JSON.stringify(null),
      status: 'PENDING',
      max_attempts: 5,
      run_at: new Date(dayStart(now).getTime() + 2 * 86_400_000),
      locked_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    .onConflict((c) => c.column('id').doNothing())
    .execute();
  queuedFor.set(ctx.config, day);
}

const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * Checks a member's daily quota and records the grant in one transaction, serialised per member
 * (an advisory lock), so parallel requests cannot both take the last slot.
 */
async function memberGrant(ctx: Ctx, memberId: string, size: number, row: UploadRow) {
  await inTransaction(ctx, async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`media-quota/${memberId}`}, 0))`.execute(tx.db);
    const used = await uploadsSince(tx.db, memberId, dayStart(tx.clock.now()));
    const { MEDIA_MEMBER_DAILY_FILES: files, MEDIA_MEMBER_DAILY_BYTES: bytes } = tx.config;
    if (used.files + 1 > files || used.bytes + size > bytes)
      throw new AppError(429, 'UPLOAD_QUOTA_EXCEEDED', 'The daily upload quota is used up', {
        files: { used: used.files, limit: files },
        bytes: { used: used.bytes, limit: bytes },
      });
    await insertUpload(tx.db, row);
  });
}

export interface UploadGrant {
  token: string;
  uploadUrl: string;
}

export async function generateUploadUrl(
  ctx: Ctx,
  b: GenerateUploadUrlRequest,
  o: { resumable?: boolean } = {},
): Promise<UploadGrant> {
  const size = b.sizeInBytes === undefined || b.sizeInBytes === null ? null : Number(b.sizeInBytes);
  if (size !== null && (size < 0 || !Number.isSafeInteger(size)))
    throw violation('sizeInBytes', 'must be at least 0', 'MIN', { threshold: 0 });
  if (size !== null && size > ctx.config.MEDIA_MAX_UPLOAD_BYTES)
    throw violation('sizeInBytes', `must be at most ${ctx.config.MEDIA_MAX_UPLOAD_BYTES}`, 'MAX', {
      threshold: ctx.config.MEDIA_MAX_UPLOAD_BYTES,
    });
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const member = ctx.caller.role === 'member' ? ctx.caller.memberId : null;
  let folder: string;
  if (member) {
    if (b.parentFolderId && b.parentFolderId !== VISITOR_UPLOADS_ROOT)
      throw forbidden('Members upload to the visitor uploads folder only');
    if (b.private) throw forbidden('Members upload public files only');
    if (size === null) throw violation('sizeInBytes', 'is required for members', 'REQUIRED_FIELD');
    folder = VISITOR_UPLOADS_ROOT;
    if (b.filePath) throw forbidden('Members cannot choose a file path');
  } else if (ctx.caller.role === 'admin') {
    folder = await checkFolder(ctx, b.parentFolderId ?? MEDIA_ROOT);
    if (b.filePath) folder = await ensureFolderPath(ctx, folder, b.filePath);
  } else throw forbidden();
  const row: UploadRow = {
    token_hash: hashToken(token),
    mime_type: b.mimeType.toLowerCase(),
    size_bytes: size,
    file_name: b.fileName ?? null,
    parent_folder_id: folder,
    private: b.private ?? false,
    labels: [...new Set(b.labels ?? [])],
    external_info: b.externalInfo ?? null,
    owner_member_id: member,
    resumable: o.resumable ?? false,
    created_at: now,
    expires_at: new Date(now.getTime() + UPLOAD_TTL_MS),
    used_at: null,
  };
  if (member) await memberGrant(ctx, member, size ?? 0, row);
  else await insertUpload(ctx.db, row);
  await queueGrantCleanup(ctx);
  return { token, uploadUrl: `${ctx.config.PUBLIC_URL}${UPLOAD_PATH}?token=${token}` };
}

const family = (t: string) => t.toLowerCase().split(';')[0]!.trim();

/** Takes the grant for `token`: refused when unknown, used or expired. Single use from here on. */
export async function claimGrant(ctx: Ctx, token: string, o: { started?: boolean } = {}): Promise<UploadRow> {
  const hash = hashToken(token);
  const claimed = await claimUpload(ctx.db, hash, ctx.clock.now(), o.started ?? false);
  if (claimed) return claimed;
  const row = await findUpload(ctx.db, hash);
  if (!row) throw new AppError(403, 'INVALID_UPLOAD_TOKEN', 'The upload URL is not valid');
  if (row.used_at) throw new AppError(403, 'UPLOAD_URL_USED', 'The upload URL was used already');
  throw new AppError(403, 'UPLOAD_URL_EXPIRED', 'The upload URL has expired');
}

/**
 * Stores the bytes of a granted upload and creates the descriptor (PENDING until processed). The
 * declared size (when given) and the configured maximum bound the body; the content must be what was
 * declared. Nothing is left behind when any check fails.
 */
export async function receiveUpload(
  ctx: Ctx,
  grant: UploadRow,
  body: Readable,
  o: { fileName?: string | undefined; contentType?: string | undefined; contentLength?: number | undefined },
): Promise<FileDescriptor> {
  const declaredSize = grant.size_bytes === null ? null : Number(grant.size_bytes);
  const limit = Math.min(declaredSize ?? Infinity, ctx.config.MEDIA_MAX_UPLOAD_BYTES);
  const ct = o.contentType ? family(o.contentType) : undefined;
  if (ct && ct !== 'application/octet-stream' && ct !== family(grant.mime_type))
    throw violation('Content-Type', `must be ${grant.mime_type} (as declared) or application/octet-stream`);
  if (o.contentLength !== undefined && o.contentLength > limit) {
    if (declaredSize !== null && o.contentLength <= ctx.config.MEDIA_MAX_UPLOAD_BYTES)
      throw violation('sizeInBytes', `the body is larger than the ${declaredSize} bytes declared`, 'MAX');
    throw tooLarge(limit);
  }
  const fileName = o.fileName ?? grant.file_name ?? undefined;
  const storage = storageOf(ctx);
  const { stream } = ingest(body, limit);
  const provisional = newFileId(grant.mime_type, fileName);
  const key = `${provisional.base}/original`;
  try {
    await storage.put(key, stream, { contentType: grant.mime_type });
  } catch (e) {
    if (e instanceof AppError && e.status === 413 && declaredSize !== null && limit === declaredSize)
      throw violation('sizeInBytes', `the body is larger than the ${declaredSize} bytes declared`, 'MAX');
    throw e;
  }
  const fail = async (e: Error) => {
    await storage.delete(provisional.base, { prefix: true });
    throw e;
  };
  if (declaredSize !== null && stream.size !== declaredSize)
    return fail(
      violation(
        'sizeInBytes',
        `the body has ${stream.size} bytes, not the ${declaredSize} declared`,
        'VALIDATION',
      ),
    );
  const mime = reconcile(grant.mime_type, stream.sniffed());
  if (!mime)
    return fail(
      new AppError(415, 'CONTENT_TYPE_MISMATCH', `The content is not ${grant.mime_type}`, {
        declared: grant.mime_type,
        detected: stream.sniffed() ?? 'unknown',
      }),
    );
  const ext = extensionOf(mime, fileName);
  const id = `${provisional.base}~mv2.${ext}`;
  return createFileRecord(ctx, {
    id,
    base: provisional.base,
    mime,
    size: stream.size,
    hash: stream.digest(),
    displayName: fileName ?? id,
    folder: grant.parent_folder_id,
    private: grant.private,
    labels: grant.labels as string[],
    externalInfo: grant.external_info,
    owner: grant.owner_member_id,
    sourceUrl: null,
  });
}

export interface NewFile {
  id: string;
  base: string;
  mime: string;
  size: number;
  hash: string;
  displayName: string;
  folder: string;
  private: boolean;
  labels: string[];
  externalInfo: unknown;
  owner: string | null;
  sourceUrl: string | null;
  status?: 'PENDING' | 'FAILED';
  failure?: string;
  /** Queue the processing job (default); an import queues its fetch instead. */
  queue?: boolean;
}

/** Inserts the descriptor and queues its processing in one transaction. */
export async function createFileRecord(ctx: Ctx, f: NewFile): Promise<FileDescriptor> {
  return inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const row = await insertFile(tx.db, {
      id: f.id,
      display_name: f.displayName,
      search_text: searchTextOf(f.displayName, f.labels),
      parent_folder_id: f.folder,
      hash: f.hash,
      size_bytes: f.size,
      private: f.private,
      media_type: mediaTypeOf(f.mime),
      mime_type: f.mime,
      operation_status: f.status ?? 'PENDING',
      failure_reason: f.failure ?? null,
      source_url: f.sourceUrl,
      labels: f.labels,
      external_info: f.externalInfo ?? null,
      meta: {},
      storage_key: `${f.base}/original`,
      web_key: null,
      state: 'OK',
      owner_member_id: f.owner,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
    if ((f.status ?? 'PENDING') === 'PENDING' && f.queue !== false)
      await enqueueJob(tx, PROCESS_JOB, { fileId: f.id });
    return describeOne(tx, row);
  });
}

/**
 * A member's upload received by another module's route (a review photo sent with the review): the
 * same grant, quota, size and content checks as generate-upload-url + PUT, in one call. `ctx.caller`
 * must be the member.
 */
export async function uploadMemberFile(
  ctx: Ctx,
  body: Readable,
  o: { mimeType: string; fileName?: string; sizeInBytes: number },
): Promise<FileDescriptor> {
  if (ctx.caller.role !== 'member') throw forbidden('Only members upload visitor files');
  const { token } = await generateUploadUrl(ctx, {
    mimeType: o.mimeType,
    fileName: o.fileName ?? null,
    sizeInBytes: String(o.sizeInBytes),
  });
  const grant = await claimGrant(ctx, token);
  return receiveUpload(ctx, grant, body, { fileName: o.fileName, contentType: o.mimeType });
}
