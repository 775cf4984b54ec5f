/**
 * A resumable upload (TUS, `tus-js-client`, loaded only when a large file is uploaded): a grant
 * from `generate-resumable-upload-url`, then the file in 8 MiB chunks to the store's TUS endpoint,
 * each retried after a network failure; `pause()` stops between chunks and `start()` goes on from
 * the server's offset. The same file chosen again later (after a reload, for the same folder and
 * privacy) resumes the upload the browser remembers instead of starting over.
 */
import type { FileDescriptor, HttpClient, MediaUploadTarget, UploadProgress } from '@vitrine/sdk';
import { adminMediaCalls, MEDIA_ROOT_ID, systemError, VitrineError } from '@vitrine/sdk';

export interface Resumable {
  start(): void;
  pause(): Promise<void>;
  done: Promise<FileDescriptor>;
}

const CHUNK = 8 * 1024 * 1024;

/** The server's words for a refused request (its TUS answers are plain text), as a VitrineError. */
function refusal(e: Error & { originalResponse?: { getStatus(): number; getBody(): string } | null }): Error {
  const r = e.originalResponse;
  if (!r) return systemError(e);
  const body = r.getBody().trim();
  let message = body;
  try {
    const parsed = JSON.parse(body) as { message?: string };
    if (parsed.message) message = parsed.message;
  } catch {
    // plain text
  }
  return new VitrineError(message || `The upload failed (${r.getStatus()})`, {
    status: r.getStatus(),
    requestId: undefined,
    details: {
      requestId: undefined,
      applicationError: { code: 'UPLOAD_REFUSED', description: message || `HTTP ${r.getStatus()}`, data: {} },
    },
  });
}

export async function resumableUpload(
  http: HttpClient,
  file: File,
  target: MediaUploadTarget,
  onProgress: (p: UploadProgress) => void,
): Promise<Resumable> {
  const [{ Upload }, grant] = await Promise.all([
    import('tus-js-client'),
    adminMediaCalls.resumableGrant(http, file, target),
  ]);
  const folderId = target.folderId ?? MEDIA_ROOT_ID;
  const privacy = target.private ? 'private' : 'public';
  let resolve!: (f: FileDescriptor) => void;
  let reject!: (e: Error) => void;
  const done = new Promise<FileDescriptor>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const upload = new Upload(file, {
    endpoint: grant.uploadUrl,
    metadata: {
      uploadToken: grant.uploadToken,
      filename: file.name,
      filetype: file.type || 'application/octet-stream',
      folderId,
      privacy,
    },
    chunkSize: CHUNK,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    removeFingerprintOnSuccess: true,
    onProgress: (loaded, total) => onProgress({ loaded, total }),
    onSuccess: ({ lastResponse }) => {
      try {
        const answer = JSON.parse(lastResponse.getBody()) as { file?: FileDescriptor };
        if (answer.file) resolve(answer.file);
        else reject(new Error('The store did not answer with the file'));
      } catch {
        reject(new Error('The store did not answer with the file'));
      }
    },
    onError: (e) => reject(refusal(e as Error & { originalResponse?: null })),
  });
  const previous = (await upload.findPreviousUploads()).find(
    (p) => p.metadata.folderId === folderId && p.metadata.privacy === privacy,
  );
  if (previous) upload.resumeFromPreviousUpload(previous);
  return { start: () => upload.start(), pause: () => upload.abort(), done };
}
