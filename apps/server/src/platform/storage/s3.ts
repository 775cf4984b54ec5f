import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { checkKey, type Storage } from './storage.ts';

type S3Config = Pick<
  Config,
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

const missing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
};

type Sdk = typeof S3Sdk;
let loading: Promise<Sdk> | undefined;
/**
 * The AWS SDK, loaded by the first call of an S3 store: a server keeping its media on local disk never
 * loads it (measured on the started server: 2.9 MiB less heap after a collection, 40.2 → 37.3 MiB).
 */
const sdk = () => (loading ??= import('@aws-sdk/client-s3'));

/**
 * An S3-compatible bucket. A put spools the stream to a temporary file first (S3 wants the length up
 * front for a single PUT), so memory stays flat whatever the size; reads stream from the bucket.
 */
export function s3Storage(c: S3Config): Storage {
  if (!c.S3_BUCKET) throw new Error('MEDIA_STORAGE=s3 needs S3_BUCKET');
  const bucket = c.S3_BUCKET;
  let made: Promise<{ client: S3Sdk.S3Client; s3: Sdk }> | undefined;
  const ready = () => (made ??= sdk().then((s3) => ({ s3, client: newClient(s3, c) })));
  return {
    kind: 's3',
    async put(key, body, o) {
      checkKey(key);
      const { s3, client } = await ready();
      const tmp = join(tmpdir(), `vitrine-s3-${randomBytes(8).toString('hex')}`);
      try {
        await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
        const { size } = await stat(tmp);
        await client.send(
          new s3.PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: createReadStream(tmp),
            ContentLength: size,
            ...(o?.contentType ? { ContentType: o.contentType } : {}),
          }),
        );
      } finally {
        await unlink(tmp).catch(() => {});
      }
    },
    async get(key, range) {
      const { s3, client } = await ready();
      try {
        const r = await client.send(
          new s3.GetObjectCommand({
            Bucket: bucket,
            Key: checkKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return r.Body as Readable;
      } catch (e) {
        if (missing(e)) return undefined;
        throw e;
      }
    },
    async stat(key) {
      const { s3, client } = await ready();
      try {
        const r = await client.send(new s3.HeadObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
        return { size: Number(r.ContentLength ?? 0) };
      } catch (e) {
        if (missing(e)) return undefined;
        throw e;
      }
    },
    async delete(key, o) {
      const { s3, client } = await ready();
      await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
      if (!o?.prefix) return;
      let token: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: `${key}/`, ContinuationToken: token }),
        );
        const objects = (page.Contents ?? []).map((x) => ({ Key: x.Key! }));
        if (objects.length)
          await client.send(new s3.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

function newClient(s3: Sdk, c: S3Config): S3Sdk.S3Client {
  return new s3.S3Client({
    region: c.S3_REGION,
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
    // Plain bodies with a Content-Length: many S3-compatible servers do not speak aws-chunked checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(c.S3_ENDPOINT ? { endpoint: c.S3_ENDPOINT } : {}),
    ...(c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
}
