/** Words and numbers for library files: sizes, types, dimensions, preview URLs. */
import type { FileDescriptor, MediaType } from '@vitrine/sdk';

export function bytes(n: number | string): string {
  const v = Number(n);
  if (!Number.isFinite(v)) return '—';
  if (v < 1024) return `${v} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let x = v / 1024;
  let u = 0;
  while (x >= 1024 && u < units.length - 1) {
    x /= 1024;
    u += 1;
  }
  return `${x < 10 ? x.toFixed(1) : Math.round(x)} ${units[u]}`;
}

export const typeLabels: Record<MediaType, string> = {
  UNKNOWN: 'Unknown',
  IMAGE: 'Image',
  VIDEO: 'Video',
  AUDIO: 'Audio',
  DOCUMENT: 'Document',
  VECTOR: 'Vector image',
  ARCHIVE: 'Archive',
  MODEL3D: '3D model',
  OTHER: 'Other',
};

type ImageMedia = {
  image?: { image?: { width?: number; height?: number }; previewImage?: { url?: string } };
};
type VectorMedia = { vector?: ImageMedia['image'] };

/** Width × height of an image (or a video's first rendition), when known. */
export function dimensions(f: FileDescriptor): string | undefined {
  const m = f.media as ImageMedia &
    VectorMedia & { video?: { resolutions?: { width: number; height: number }[] } };
  const img = (m.image ?? m.vector)?.image;
  if (img?.width && img.height) return `${img.width} × ${img.height} px`;
  const r = m.video?.resolutions?.[0];
  return r ? `${r.width} × ${r.height} px` : undefined;
}

/**
 * A preview of a file for the grid: a library image's transform (`fill`, square, `side` px), a
 * video's poster, else nothing (a type icon is shown). Private files have none (they are served
 * only through signed links).
 */
export function previewUrl(f: FileDescriptor, side = 240): string | undefined {
  if (f.private || f.operationStatus !== 'READY') return undefined;
  if (f.mediaType === 'IMAGE') return `${f.url}/v1/fill/w_${side},h_${side},q_80/${encodeURIComponent(f.id)}`;
  if (f.mediaType === 'VECTOR') return f.url;
  return f.mediaType === 'VIDEO' ? f.thumbnailUrl : undefined;
}

export const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A file type's short mark for files without a preview. */
export const typeMark = (t: MediaType) =>
  ({
    IMAGE: 'IMG',
    VIDEO: 'VID',
    AUDIO: 'AUD',
    DOCUMENT: 'DOC',
    VECTOR: 'SVG',
    ARCHIVE: 'ZIP',
    MODEL3D: '3D',
  })[t as string] ?? 'FILE';

/** How often a view showing files still being processed reads them again. */
export const PROCESSING_POLL_MS = 2000;

/**
 * A query's `refetchInterval` for files: read again every 2 s while one of them is still being
 * processed (a video takes seconds to minutes), so "Processing" turns into the file by itself.
 */
export const whileProcessing = (files: readonly FileDescriptor[] | undefined): number | false =>
  files?.some((f) => f.operationStatus === 'PENDING') ? PROCESSING_POLL_MS : false;
