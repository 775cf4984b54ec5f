import type { FileDescriptor, Folder, MediaType } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import type { FileRow, FolderRow } from './store.ts';

/** What processing records about a file (media_file.meta). */
export interface FileMeta {
  width?: number;
  height?: number;
  format?: string;
  prominent?: string;
  palette?: string[];
  animated?: boolean;
  /** The web copy's type when it is not the original's (a HEIC picture's copy is a JPEG). */
  webType?: string;
  focalPoint?: { x: number; y: number };
  duration?: number;
  bitrate?: number;
  resolutions?: { width: number; height: number; key: string; format: string }[];
  posters?: { key: string; width: number; height: number }[];
  hls?: string;
  dash?: string;
}

export const mediaPath = (id: string) => `/media/${encodeURIComponent(id)}`;
export const fileUrl = (ctx: Ctx, id: string) => `${ctx.config.PUBLIC_URL}${mediaPath(id)}`;
/** A transform URL in the form the SDK image helpers build. */
export const transformUrl = (ctx: Ctx, id: string, op: string, name = id) =>
  `${fileUrl(ctx, id)}/v1/${op}/${encodeURIComponent(name)}`;

const rgbOf = (hex: string) => ({
  r: parseInt(hex.slice(1, 3), 16),
  g: parseInt(hex.slice(3, 5), 16),
  b: parseInt(hex.slice(5, 7), 16),
});
const colour = (hex: string) => ({ hex, rgb: rgbOf(hex) });

function mediaOf(ctx: Ctx, r: FileRow, m: FileMeta): Record<string, unknown> {
  const url = fileUrl(ctx, r.id);
  const filename = r.display_name;
  const size = String(r.size_bytes);
  const type = r.media_type as MediaType;
  if (type === 'IMAGE' || type === 'VECTOR') {
    const image = { id: r.id, url, height: m.height ?? 0, width: m.width ?? 0, filename };
    const preview =
      m.width && m.height && r.operation_status === 'READY'
        ? {
            id: r.id,
            url: transformUrl(ctx, r.id, 'fit/w_300,h_300,q_80', r.id),
            width: Math.min(m.width, Math.round((m.width * 300) / Math.max(m.width, m.height))),
            height: Math.min(m.height, Math.round((m.height * 300) / Math.max(m.width, m.height))),
            filename,
          }
        : undefined;
    return {
      [type === 'IMAGE' ? 'image' : 'vector']: {
        image,
        ...(preview ? { previewImage: preview } : {}),
        ...(m.prominent
          ? { colors: { prominent: colour(m.prominent), palette: (m.palette ?? []).map(colour) } }
          : {}),
        ...(m.focalPoint ? { focalPoint: m.focalPoint } : {}),
        faces: [],
      },
    };
  }
  if (type === 'VIDEO') {
    return {
      video: {
        id: r.id,
        url,
        filename,
        sizeInBytes: size,
        ...(m.duration !== undefined ? { durationInMilliseconds: Math.round(m.duration * 1000) } : {}),
        resolutions: (m.resolutions ?? []).map((x) => ({
          url: `${url}/${x.key}`,
          width: x.width,
          height: x.height,
          format: x.format,
        })),
        posters: (m.posters ?? []).map((p) => ({
          id: `${r.id}/${p.key}`,
          url: `${url}/${p.key}`,
          width: p.width,
          height: p.height,
        })),
      },
    };
  }
  if (type === 'AUDIO') {
    return {
      audio: {
        id: r.id,
        assets: [{ id: r.id, url, filename, ...(m.duration !== undefined ? { duration: m.duration } : {}) }],
        ...(m.bitrate ? { bitrate: m.bitrate } : {}),
        ...(m.format ? { format: m.format } : {}),
        ...(m.duration !== undefined ? { duration: m.duration } : {}),
        sizeInBytes: size,
      },
    };
  }
  if (type === 'ARCHIVE') return { archive: { id: r.id, url, sizeInBytes: size, filename } };
  if (type === 'MODEL3D') return { model3d: { id: r.id, url, sizeInBytes: size, filename } };
  if (type === 'DOCUMENT') return { document: { id: r.id, url, filename } };
  return {};
}

export function thumbnailOf(ctx: Ctx, r: FileRow, m: FileMeta): string | undefined {
  if (r.operation_status !== 'READY') return undefined;
  if (r.media_type === 'IMAGE') return transformUrl(ctx, r.id, 'fill/w_50,h_50,q_80', r.id);
  if (r.media_type === 'VIDEO' && m.posters?.[0]) return `${fileUrl(ctx, r.id)}/${m.posters[0].key}`;
  return undefined;
}

export function toDescriptor(ctx: Ctx, r: FileRow, siteId: string): FileDescriptor {
  const m = (r.meta ?? {}) as FileMeta;
  const thumb = thumbnailOf(ctx, r, m);
  return {
    id: r.id,
    displayName: r.display_name,
    url: fileUrl(ctx, r.id),
    parentFolderId: r.parent_folder_id,
    hash: r.hash,
    sizeInBytes: String(r.size_bytes),
    private: r.private,
    mediaType: r.media_type as MediaType,
    media: mediaOf(ctx, r, m),
    operationStatus: r.operation_status,
    ...(r.source_url ? { sourceUrl: r.source_url } : {}),
    ...(thumb ? { thumbnailUrl: thumb } : {}),
    labels: (r.labels ?? []) as string[],
    createdDate: r.created_at.toISOString(),
    updatedDate: r.updated_at.toISOString(),
    siteId,
    state: r.state,
    ...(r.external_info ? { externalInfo: r.external_info as FileDescriptor['externalInfo'] } : {}),
    ...(r.operation_status === 'FAILED' && r.failure_reason ? { failureReason: r.failure_reason } : {}),
  };
}

export const toFolder = (r: FolderRow): Folder => ({
  id: r.id,
  displayName: r.display_name,
  parentFolderId: r.parent_folder_id,
  createdDate: r.created_at.toISOString(),
  updatedDate: r.updated_at.toISOString(),
  state: r.state,
});
