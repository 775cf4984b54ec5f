/**
 * Uploading bytes to a media library upload URL (`generate-upload-url`'s answer) with
 * XMLHttpRequest, so that `onProgress` follows the upload (fetch cannot report upload progress).
 * Review photos (../reviews.ts) and the dashboard's library uploads (./admin/media.ts) both use it.
 */
import type { FileDescriptor } from '@vitrine/contract';
import { errorFromAnswer, systemError } from './errors.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The part of XMLHttpRequest the upload uses (the SDK is typed without the DOM library). */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  getResponseHeader(name: string): string | null;
  send(body: unknown): void;
  abort(): void;
}

/** A file as a browser's file input gives it (a `File`). */
export interface UploadFile {
  size: number;
  type: string;
  name?: string;
}

export interface UploadOptions {
  onProgress?: (p: UploadProgress) => void;
  signal?: AbortSignal;
  /** Makes the request object (default: the global XMLHttpRequest). */
  xhr?: () => XhrLike;
}

const browserXhr = (): XhrLike => {
  const X = (globalThis as { XMLHttpRequest?: new () => XhrLike }).XMLHttpRequest;
  if (!X) throw new Error('Uploading a file needs a browser (XMLHttpRequest)');
  return new X();
};

/**
 * PUTs a file's bytes to an upload URL (its name as `?filename=`). Answers the library file
 * (usually still `PENDING` processing). Fails with a VitrineError (the server's envelope), or an
 * `AbortError` when `signal` aborts it.
 */
export function putToUploadUrl(
  uploadUrl: string,
  file: UploadFile,
  mimeType: string,
  o: UploadOptions = {},
): Promise<FileDescriptor> {
  const url = new URL(uploadUrl);
  if (file.name) url.searchParams.set('filename', file.name);
  return new Promise<FileDescriptor>((resolve, reject) => {
    const xhr = (o.xhr ?? browserXhr)();
    if (o.signal?.aborted) {
      reject(new DOMException('The upload was canceled', 'AbortError'));
      return;
    }
    xhr.open('PUT', url.href);
    xhr.setRequestHeader('Content-Type', mimeType);
    xhr.upload.onprogress = (e) =>
      o.onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText.trim() ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch (e) {
        if (xhr.status === 200) return reject(systemError(e));
      }
      const requestId = xhr.getResponseHeader('x-wix-request-id') ?? undefined;
      const answer = (body as { file?: FileDescriptor } | null)?.file;
      if (xhr.status === 200 && answer) {
        o.onProgress?.({ loaded: file.size, total: file.size });
        resolve(answer);
      } else reject(errorFromAnswer({ status: xhr.status, statusText: xhr.statusText, requestId, body }));
    };
    xhr.onerror = () => reject(systemError(new Error('The upload could not reach the store')));
    xhr.onabort = () => reject(new DOMException('The upload was canceled', 'AbortError'));
    o.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
