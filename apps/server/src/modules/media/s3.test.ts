import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from '../../platform/storage/s3.ts';
import type { TestServer } from '../../test/server.ts';
import { mediaServer, png, ready, upload } from '../../test/media.ts';

/** The S3 driver against a local S3-compatible server (s3rver, installed from npm) on 127.0.0.1. */
let s3: S3rver;
let s: TestServer;
const env: Record<string, string> = {};
beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: mkdtempSync(join(tmpdir(), 'vitrine-s3rver-')),
    silent: true,
    configureBuckets: [{ name: 'vitrine-media' }],
  });
  const { port } = await s3.run();
  Object.assign(env, {
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'vitrine-media',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  s = await mediaServer({ env });
});
afterAll(async () => {
  await s?.stop();
  await s3?.close();
});

describe('S3-compatible storage', () => {
  it('stores uploads in the bucket, serves them whole and by range, transforms them and deletes them', async () => {
    const bytes = await png(120, 80);
    const up = await upload(s, bytes);
    const f = await ready(s, up.body.file.id);
    const why = await s.app
      .systemCtx()
      .db.selectFrom('media_file')
      .select(['failure_reason', 'operation_status'])
      .where('id', '=', f.id)
      .executeTakeFirst();
    expect(why).toEqual({ failure_reason: null, operation_status: 'READY' });
    expect(f.media.image!.image).toMatchObject({ width: 120, height: 80 });
    expect(Buffer.from(await (await fetch(f.url)).arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(f.url, { headers: { range: 'bytes=8-15' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(8, 16))).toBe(true);
    const t = await fetch(`${f.url}/v1/fill/w_30,h_20/${f.id}`);
    expect(await sharp(Buffer.from(await t.arrayBuffer())).metadata()).toMatchObject({
      width: 30,
      height: 20,
    });

    // A second server process on the same database and bucket (its own local disk) serves the file,
    // renders transforms, and honours links the first one signed.
    const other = await mediaServer({ env, database: s.db.handle });
    try {
      expect(
        Buffer.from(await (await fetch(f.url.replace(s.url, other.url))).arrayBuffer()).equals(bytes),
      ).toBe(true);
      const t2 = await fetch(`${other.url}/media/${f.id}/v1/fit/w_60,h_60/${f.id}`);
      expect(await sharp(Buffer.from(await t2.arrayBuffer())).metadata()).toMatchObject({
        width: 60,
        height: 40,
      });
      const link = await s.admin<{ downloadUrls: { url: string }[] }>(
        'POST',
        '/site-media/v1/files/generate-file-download-url',
        { fileId: f.id },
      );
      const viaOther = await fetch(link.body.downloadUrls[0]!.url.replace(s.url, other.url));
      expect(viaOther.status).toBe(200);
    } finally {
      await other.stop();
    }

    const driver = s3Storage({ ...s.app.systemCtx().config });
    const key = `${f.id.split('~')[0]}/original`;
    expect(await driver.stat(key)).toEqual({ size: bytes.length });
    await s.admin('POST', '/site-media/v1/bulk/files/delete', { fileIds: [f.id], permanent: true });
    expect(await driver.stat(key)).toBeUndefined();
  });
});
