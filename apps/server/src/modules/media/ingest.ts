import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { AppError } from '../../platform/errors.ts';
import { sniff } from './sniff.ts';

export const tooLarge = (limit: number) =>
  new AppError(413, 'FILE_TOO_LARGE', `The file is larger than the ${limit} bytes allowed`, { limit });

/**
 * Counts, hashes and sniffs bytes on their way to storage, without holding them: only the first
 * 64 bytes are kept, to tell the real content type. Fails the stream past `limit` bytes.
 */
export class Ingest extends Transform {
  size = 0;
  private head = Buffer.alloc(0);
  private readonly hash = createHash('sha256');
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.limit) return done(tooLarge(this.limit));
    if (this.head.length < 64)
      this.head = Buffer.concat([this.head, chunk.subarray(0, 64 - this.head.length)]);
    this.hash.update(chunk);
    done(null, chunk);
  }
  digest = () => this.hash.digest('hex');
  sniffed = () => sniff(this.head);
}

export function ingest(body: Readable, limit: number): { stream: Ingest } {
  const stream = new Ingest(limit);
  body.on('error', (e) => stream.destroy(e));
  body.pipe(stream);
  return { stream };
}
