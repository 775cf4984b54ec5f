import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive (as HTTP Range writes it). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live: local disk by default, S3-compatible object storage for several server
 * processes. Keys are relative paths of safe characters (`[a-z0-9/_.~-]`). Bytes are streamed both ways.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Streams `body` to `key` (replacing it atomically); rejects, leaving nothing, when `body` errors. */
  put(key: string, body: Readable, o?: { contentType?: string }): Promise<void>;
  /** The bytes at `key` (a range of them when asked), or undefined when there is no such object. */
  get(key: string, range?: ByteRange): Promise<Readable | undefined>;
  /** The size of `key`, or undefined when there is no such object. */
  stat(key: string): Promise<{ size: number } | undefined>;
  /** Removes `key` and, with `prefix`, every key under `key/`. Missing keys are fine. */
  delete(key: string, o?: { prefix?: boolean }): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9_.~-]+(\/[a-z0-9_.~-]+)*$/i;
export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').some((p) => p === '.' || p === '..'))
    throw new Error(`not a safe storage key: ${key}`);
  return key;
}
