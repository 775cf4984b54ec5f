/**
 * Why a file could not be processed, in the merchant's words. The descriptor's `failureReason` and
 * the `file_failed` event carry it to the dashboard, API callers and webhook receivers, so it names
 * no path of the server's disk and no image library's jargon; the raw error goes to the server's log.
 */
import { AppError } from '../../platform/errors.ts';
import { FetchRefused } from '../../platform/guarded-fetch.ts';

const PIXELS = /pixel limit/i;
const HEIC = new Set(['image/heic', 'image/heif']);

export function processingFailure(mediaType: string, mimeType: string, raw: string): string {
  if (HEIC.has(mimeType))
    return 'processing failed: the HEIC picture could not be read: the file is damaged or incomplete; upload the picture as JPEG or PNG';
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

/** Why an import ended FAILED when the address answered with no bytes at all. */
export const EMPTY_IMPORT =
  'import failed: the address answered with an empty file (0 bytes); check that it leads to the file itself';

const CUT = 'the connection was cut before the whole file arrived';
const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'the server at that address refused the connection',
  ECONNRESET: CUT,
  EPIPE: CUT,
  ERR_STREAM_PREMATURE_CLOSE: CUT,
  ETIMEDOUT: 'the server at that address did not answer in time',
  EHOSTUNREACH: 'the server at that address could not be reached',
  ENETUNREACH: 'the server at that address could not be reached',
};

/**
 * Why an import failed, in the same plain words (the raw error goes to the log): a refusal of the
 * SSRF guard keeps its code ("import refused (ADDRESS_REFUSED): …", which the dashboard reads), an
 * error of ours its description, a network error says what happened to the connection.
 */
export function importFailure(e: unknown): string {
  if (e instanceof FetchRefused) return `import refused (${e.code}): ${e.message}`;
  if (e instanceof AppError)
    return `import failed: ${e.description.charAt(0).toLowerCase()}${e.description.slice(1)}`;
  const code = String((e as { code?: unknown } | null)?.code ?? '');
  if (NETWORK[code]) return `import failed: ${NETWORK[code]}`;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|^ERR_TLS|^ERR_SSL/.test(code))
    return "import failed: the address's secure connection (its HTTPS certificate) could not be trusted";
  if (code.startsWith('HPE_')) return 'import failed: the server at that address did not answer in HTTP';
  return 'import failed: the file could not be fetched or stored';
}
