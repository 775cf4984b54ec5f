import { MEDIA_ROOT, TRASH_ROOT, VISITOR_UPLOADS_ROOT } from '@vitrine/contract';
import { AppError, notFound, violation } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/context.ts';
import { sign, verify } from './runtime.ts';
import { getFileRow } from './files.ts';
import { findFolder, type FileRow } from './store.ts';
import { fileUrl, type FileMeta } from './wire.ts';

/** Default and longest lifetime of a download link (the contract sets it in minutes; no default shown). */
export const DEFAULT_LINK_MINUTES = 60;

export interface LinkClaims {
  /** The file id, `zip:<ids joined by commas>` for an archive of files, `folder:<id>` for a folder's. */
  subject: string;
  exp: number;
  asset: string;
  name: string;
  disp: string;
  redirect: string;
}
const payloadOf = (c: LinkClaims) => [c.subject, c.exp, c.asset, c.name, c.disp, c.redirect].join('\n');

export async function signedQuery(ctx: Ctx, c: LinkClaims): Promise<string> {
  const q = new URLSearchParams();
  q.set('exp', String(c.exp));
  if (c.asset) q.set('asset', c.asset);
  if (c.name) q.set('name', c.name);
  if (c.disp) q.set('disp', c.disp);
  if (c.redirect) q.set('redirect', c.redirect);
  q.set('sig', await sign(ctx, payloadOf(c)));
  return q.toString();
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; redirect?: string; code: string };

/** Checks a link's query: its signature first (a tampered link is refused), then its expiry. */
export async function checkLink(
  ctx: Ctx,
  subject: string,
  query: Record<string, unknown>,
): Promise<LinkCheck> {
  const s = (k: string) => (typeof query[k] === 'string' ? (query[k] as string) : '');
  const claims: LinkClaims = {
    subject,
    exp: Number(s('exp')),
    asset: s('asset'),
    name: s('name'),
    disp: s('disp'),
    redirect: s('redirect'),
  };
  if (!s('sig') || !Number.isInteger(claims.exp) || !(await verify(ctx, payloadOf(claims), s('sig'))))
    return { ok: false, code: 'INVALID_LINK' };
  if (claims.exp * 1000 <= ctx.clock.now().getTime())
    return { ok: false, code: 'LINK_EXPIRED', ...(claims.redirect ? { redirect: claims.redirect } : {}) };
  return { ok: true, claims };
}

export const linkRefused = (code: string) =>
  new AppError(
    403,
    code,
    code === 'LINK_EXPIRED' ? 'The download link has expired' : 'The download link is not valid',
  );

/** The asset keys a file offers: `src` (the original) always; video adds `poster` and `hls`. */
export function assetsOf(row: FileRow): string[] {
  const m = (row.meta ?? {}) as FileMeta;
  return [
    'src',
    ...(m.posters?.length ? ['poster'] : []),
    ...(m.hls ? ['hls'] : []),
    ...(m.dash ? ['dash'] : []),
  ];
}
export const assetPath = (row: FileRow, asset: string) => {
  const m = (row.meta ?? {}) as FileMeta;
  if (asset === 'poster') return `/${m.posters?.[0]?.key ?? 'poster.jpg'}`;
  if (asset === 'hls') return `/${m.hls ?? 'hls/index.m3u8'}`;
  if (asset === 'dash') return `/${m.dash ?? 'dash/manifest.mpd'}`;
  return '';
};

export async function generateFileDownloadUrl(
  ctx: Ctx,
  b: {
    fileId: string;
    downloadFileName?: string | null | undefined;
    expirationInMinutes?: number | null | undefined;
    expirationRedirectUrl?: string | null | undefined;
    assetKeys?: string[] | null | undefined;
    contentDisposition?: 'ATTACHMENT' | 'INLINE' | null | undefined;
  },
) {
  const row = await getFileRow(ctx, b.fileId);
  if (row.state !== 'OK')
    throw new AppError(409, 'FILE_IN_TRASH', 'A file in the trash cannot be downloaded');
  const offered = assetsOf(row);
  const keys = b.assetKeys?.length ? [...new Set(b.assetKeys)] : ['src'];
  const unknown = keys.find((k) => !offered.includes(k));
  if (unknown)
    throw violation(
      'assetKeys',
      `${unknown} is not an asset of this file (it has ${offered.join(', ')})`,
      'INVALID_ENUM_VALUE',
      {
        allowedValues: offered,
      },
    );
  const exp =
    Math.floor(ctx.clock.now().getTime() / 1000) + 60 * (b.expirationInMinutes ?? DEFAULT_LINK_MINUTES);
  const downloadUrls = [];
  for (const asset of keys) {
    const query = await signedQuery(ctx, {
      subject: row.id,
      exp,
      asset,
      name: asset === 'src' ? (b.downloadFileName ?? '') : '',
      disp: (b.contentDisposition ?? 'ATTACHMENT').toLowerCase(),
      redirect: b.expirationRedirectUrl ?? '',
    });
    downloadUrls.push({ url: `${fileUrl(ctx, row.id)}${assetPath(row, asset)}?${query}`, assetKey: asset });
  }
  return { downloadUrls };
}

export const ARCHIVE_PATH = '/site-media/v1/download/archive';

export async function generateFilesDownloadUrl(ctx: Ctx, fileIds: readonly string[]) {
  const ids = [...new Set(fileIds)];
  for (const id of ids) {
    const row = await getFileRow(ctx, id);
    if (row.state !== 'OK')
      throw new AppError(409, 'FILE_IN_TRASH', 'A file in the trash cannot be downloaded');
  }
  const exp = Math.floor(ctx.clock.now().getTime() / 1000) + 60 * DEFAULT_LINK_MINUTES;
  const query = await signedQuery(ctx, {
    subject: `zip:${ids.join(',')}`,
    exp,
    asset: '',
    name: '',
    disp: '',
    redirect: '',
  });
  const q = new URLSearchParams({ ids: ids.join(',') });
  return { downloadUrl: `${ctx.config.PUBLIC_URL}${ARCHIVE_PATH}?${q.toString()}&${query}` };
}

/**
 * A folder a zip can be made of: a live folder, or the media root (the whole library but the visitor
 * uploads) or the visitor uploads; the trash cannot be downloaded. Returns the zip's name.
 */
export async function downloadableFolder(ctx: Ctx, folderId: string): Promise<string> {
  if (folderId === MEDIA_ROOT) return 'media';
  if (folderId === VISITOR_UPLOADS_ROOT) return 'visitor-uploads';
  if (folderId === TRASH_ROOT) throw violation('folderId', 'the trash cannot be downloaded', 'VALIDATION');
  const f = await findFolder(ctx.db, folderId);
  if (!f) throw notFound('Folder', { folderId }, 'FOLDER_NOT_FOUND');
  if (f.state !== 'OK')
    throw new AppError(409, 'FOLDER_IN_TRASH', 'A folder in the trash cannot be downloaded');
  return f.display_name;
}

/**
 * A signed, expiring link to a zip of a folder: its live files, and the live folders below it as
 * directories. The link names the folder, not its files: the zip holds what the folder holds when
 * the link is opened.
 */
export async function generateFolderDownloadUrl(ctx: Ctx, folderId: string) {
  await downloadableFolder(ctx, folderId);
  const exp = Math.floor(ctx.clock.now().getTime() / 1000) + 60 * DEFAULT_LINK_MINUTES;
  const query = await signedQuery(ctx, {
    subject: `folder:${folderId}`,
    exp,
    asset: '',
    name: '',
    disp: '',
    redirect: '',
  });
  const q = new URLSearchParams({ folderId });
  return { downloadUrl: `${ctx.config.PUBLIC_URL}${ARCHIVE_PATH}?${q.toString()}&${query}` };
}

export async function generateVideoStreamUrl(
  ctx: Ctx,
  b: { fileId: string; format?: string | null | undefined; expirationInMinutes?: number | null | undefined },
) {
  const row = await getFileRow(ctx, b.fileId);
  if (row.media_type !== 'VIDEO') throw new AppError(400, 'NOT_A_VIDEO', 'The file is not a video');
  const m = (row.meta ?? {}) as FileMeta;
  if (row.operation_status !== 'READY' || !m.hls)
    throw new AppError(409, 'VIDEO_NOT_READY', 'The video has no stream yet');
  const dash = b.format === 'DASH';
  if (dash && !m.dash) throw new AppError(409, 'VIDEO_NOT_READY', 'The video has no DASH stream');
  const asset = dash ? 'dash' : 'hls';
  let url = `${fileUrl(ctx, row.id)}/${dash ? m.dash : m.hls}`;
  if (row.private) {
    const exp =
      Math.floor(ctx.clock.now().getTime() / 1000) + 60 * (b.expirationInMinutes ?? DEFAULT_LINK_MINUTES);
    url += `?${await signedQuery(ctx, { subject: row.id, exp, asset, name: '', disp: 'inline', redirect: '' })}`;
  }
  return { downloadUrl: { url, assetKey: asset } };
}
