/**
 * Why a file could not be processed, in the merchant's words. The descriptor's `failureReason` and
 * the `file_failed` event carry it to the dashboard, API callers and webhook receivers, so it names
 * no path of the server's disk and no image library's jargon; the raw error goes to the server's log.
 */
const PIXELS = /pixel limit/i;
const HEIC = new Set(['image/heic', 'image/heif']);

export function processingFailure(mediaType: string, mimeType: string, raw: string): string {
  if (HEIC.has(mimeType))
    return 'processing failed: this store cannot read HEIC pictures (the format of iPhone photos); upload the picture as JPEG or PNG';
  switch (mediaType) {
    case 'IMAGE':
      return PIXELS.test(raw)
        ? 'processing failed: the picture has more than 268 million pixels, more than this store reads'
        : 'processing failed: the picture could not be read: the file is damaged or incomplete';
    case 'VECTOR':
      return 'processing failed: the drawing could not be read: the SVG file is damaged or incomplete';
    case 'VIDEO':
      return 'processing failed: the video could not be read: the file is damaged, incomplete or of a kind this store does not convert';
    case 'AUDIO':
      return 'processing failed: the sound could not be read: the file is damaged, incomplete or has no sound';
    default:
      return 'processing failed: the file could not be read';
  }
}
