import type { MediaType } from '@vitrine/contract';

/** What the first bytes of a file say it is (magic numbers), or undefined when they say nothing known. */
export function sniff(head: Buffer): string | undefined {
  const at = (offset: number, ...bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  const ascii = (offset: number, s: string) =>
    head.subarray(offset, offset + s.length).toString('latin1') === s;
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'audio/wav';
  if (ascii(0, 'RIFF') && ascii(8, 'AVI ')) return 'video/x-msvideo';
  if (ascii(4, 'ftyp')) {
    const brand = head.subarray(8, 12).toString('latin1');
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (/^hei[cxs]|^mif1|^msf1/.test(brand)) return 'image/heic';
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand.startsWith('M4A')) return 'audio/mp4';
    return 'video/mp4';
  }
  if (at(0, 0x1a, 0x45, 0xdf, 0xa3)) return 'video/webm';
  if (ascii(0, 'OggS')) return 'audio/ogg';
  if (ascii(0, 'ID3') || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg';
  if (ascii(0, 'fLaC')) return 'audio/flac';
  if (ascii(0, '%PDF-')) return 'application/pdf';
  if (at(0, 0x50, 0x4b, 0x03, 0x04) || at(0, 0x50, 0x4b, 0x05, 0x06)) return 'application/zip';
  if (at(0, 0x1f, 0x8b)) return 'application/gzip';
  if (ascii(0, 'glTF')) return 'model/gltf-binary';
  if (at(0, 0x49, 0x49, 0x2a, 0x00) || at(0, 0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff';
  const text = head.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg'))) return 'image/svg+xml';
  return undefined;
}

/** Types that may hold any bytes a sniffer recognises (a declared octet stream takes the sniffed type). */
const GENERIC = new Set(['application/octet-stream', 'binary/octet-stream']);
/** Declared types with a magic number: their content must show it. */
const family = (t: string) => t.toLowerCase().split(';')[0]!.trim();
const SAME: Record<string, string[]> = {
  'image/jpeg': ['image/jpg', 'image/pjpeg'],
  'video/mp4': ['video/quicktime', 'video/x-m4v', 'audio/mp4', 'video/3gpp'],
  'audio/mp4': ['audio/m4a', 'audio/x-m4a', 'video/mp4'],
  'audio/mpeg': ['audio/mp3'],
  'audio/wav': ['audio/x-wav', 'audio/wave'],
  'application/zip': [
    'application/x-zip-compressed',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/epub+zip',
    'model/vnd.usdz+zip',
  ],
  'application/gzip': ['application/x-gzip'],
  'video/webm': ['audio/webm', 'video/x-matroska'],
  'audio/ogg': ['video/ogg', 'application/ogg'],
  'image/svg+xml': ['text/xml', 'application/xml'],
};
const SNIFFABLE = new Set([
  ...Object.keys(SAME),
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'application/pdf',
]);

/**
 * Checks the real content type against the declared one. Answers the type to record, or undefined
 * when they disagree: a recognised content must match the declaration (or the declaration be a
 * generic octet stream); a declaration with a known magic number must be borne out by the content.
 */
export function reconcile(declared: string, sniffed: string | undefined): string | undefined {
  const d = family(declared);
  if (GENERIC.has(d)) return sniffed ?? d;
  if (sniffed === undefined) return SNIFFABLE.has(d) ? undefined : d;
  if (d === sniffed || SAME[sniffed]?.includes(d)) return d;
  return undefined;
}

export function mediaTypeOf(mime: string): MediaType {
  const m = family(mime);
  if (m === 'image/svg+xml') return 'VECTOR';
  if (m.startsWith('image/')) return 'IMAGE';
  if (m.startsWith('video/')) return 'VIDEO';
  if (m.startsWith('audio/')) return 'AUDIO';
  if (m.startsWith('model/')) return 'MODEL3D';
  if (/zip|gzip|x-tar|x-7z|x-rar|compressed/.test(m)) return 'ARCHIVE';
  if (
    m.startsWith('text/') ||
    m === 'application/pdf' ||
    m === 'application/json' ||
    /msword|officedocument|opendocument|rtf|epub/.test(m)
  )
    return 'DOCUMENT';
  return 'OTHER';
}

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/tiff': 'tif',
  'image/svg+xml': 'svg',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/json': 'json',
  'model/gltf-binary': 'glb',
};
/** The extension a file id carries: from the type, else from the file name, else `bin`. */
export function extensionOf(mime: string, fileName?: string | null): string {
  const known = EXT[family(mime)];
  if (known) return known;
  const fromName = /\.([a-z0-9]{1,8})$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  return fromName ?? 'bin';
}
