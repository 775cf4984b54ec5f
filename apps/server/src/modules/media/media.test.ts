import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, type TestServer } from '../../test/server.ts';
import { mediaServer, png, ready, upload } from './test-kit.ts';

let s: TestServer;
beforeAll(async () => {
  s = await mediaServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('upload and serve', () => {
  it('uploads an image that comes back byte-identical and READY with its true dimensions', async () => {
    const bytes = await png(320, 200);
    const up = await upload(s, bytes, { labels: ['shirt'] });
    expect(up.status).toBe(200);
    expect(up.body.file).toMatchObject({
      operationStatus: 'PENDING',
      mediaType: 'IMAGE',
      sizeInBytes: String(bytes.length),
    });
    expect(up.body.file.id).toMatch(/^[0-9a-f]{6}_[0-9a-f]{26}~mv2\.png$/);
    const file = await ready(s, up.body.file.id);
    expect(file.operationStatus).toBe('READY');
    expect(file.media.image!.image).toMatchObject({ width: 320, height: 200 });
    const res = await fetch(file.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const etag = res.headers.get('etag')!;
    expect((await fetch(file.url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const part = await fetch(file.url, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);
  });

  it('refuses a used or unknown upload URL, a body larger than declared and content that is not what was declared', async () => {
    const bytes = await png(10, 10);
    const g = await s.admin<{ uploadUrl: string }>('POST', '/site-media/v1/files/generate-upload-url', {
      mimeType: 'image/png',
      sizeInBytes: String(bytes.length),
    });
    const put = (url: string, body: Buffer, type = 'image/png') =>
      fetch(url, { method: 'PUT', headers: { 'content-type': type }, body });
    expect((await put(g.body.uploadUrl, bytes)).status).toBe(200);
    const again = await put(g.body.uploadUrl, bytes);
    expect(again.status).toBe(403);
    expect(appError(await again.json()).code).toBe('UPLOAD_URL_USED');
    expect((await put(g.body.uploadUrl.replace(/token=.*/, 'token=nope'), bytes)).status).toBe(403);

    const text = Buffer.from('not a picture at all');
    const g2 = await s.admin<{ uploadUrl: string }>('POST', '/site-media/v1/files/generate-upload-url', {
      mimeType: 'image/png',
      sizeInBytes: String(text.length),
    });
    const mismatch = await put(g2.body.uploadUrl, text);
    expect(mismatch.status).toBe(415);
    expect(appError(await mismatch.json()).code).toBe('CONTENT_TYPE_MISMATCH');

    const g3 = await s.admin<{ uploadUrl: string }>('POST', '/site-media/v1/files/generate-upload-url', {
      mimeType: 'image/png',
      sizeInBytes: '5',
    });
    expect((await put(g3.body.uploadUrl, bytes)).status).toBe(400);
  });
});
