import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, type TestServer } from '../../test/server.ts';
import { mediaServer, png, ready, upload } from '../../test/media.ts';

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
    // Not served before processing: the original may still carry EXIF.
    const early = await fetch(up.body.file.url);
    expect([200, 409]).toContain(early.status);
    const file = await ready(s, up.body.file.id);
    expect(file.operationStatus).toBe('READY');
    expect(file.media.image!.image).toMatchObject({ width: 320, height: 200 });
    const ready_ = await s.app
      .systemCtx()
      .db.selectFrom('event')
      .select(['body'])
      .where('event_type', '=', 'wix.media.site_media.v1.file_descriptor_file_ready')
      .where('entity_id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(ready_.body).toMatchObject({
      actionEvent: { body: { file: { id: file.id, operationStatus: 'READY' } } },
    });
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

describe('transforms', () => {
  it('answers the size the SDK helpers ask for, caches the result and honours enc_auto', async () => {
    const up = await upload(s, await png(800, 600));
    const file = await ready(s, up.body.file.id);
    const id = file.id;
    const fill = `${s.url}/media/${id}/v1/fill/w_200,h_100,al_c,q_85,usm_0.66_1.00_0.01,enc_auto/${id}`;
    const first = await fetch(fill, { headers: { accept: 'image/webp,*/*' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 200, height: 100, format: 'webp' });
    const second = await fetch(fill, { headers: { accept: 'image/webp,*/*' } });
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    const plain = await fetch(fill);
    expect(plain.headers.get('content-type')).toBe('image/png');

    const fit = await fetch(`${s.url}/media/${id}/v1/fit/w_200,h_200,q_80/${id}`);
    expect(await sharp(Buffer.from(await fit.arrayBuffer())).metadata()).toMatchObject({
      width: 200,
      height: 150,
    });
    const crop = await fetch(
      `${s.url}/media/${id}/v1/crop/x_10,y_20,w_300,h_200/fill/w_150,h_100,al_c,q_85/${id}`,
    );
    expect(await sharp(Buffer.from(await crop.arrayBuffer())).metadata()).toMatchObject({
      width: 150,
      height: 100,
    });

    const bad = await fetch(`${s.url}/media/${id}/v1/fill/w_0,h_100/${id}`);
    expect(bad.status).toBe(400);
    expect(appError(await bad.json()).code).toBe('INVALID_TRANSFORM');
    expect((await fetch(`${s.url}/media/${id}/v1/fill/w_99999,h_1/${id}`)).status).toBe(400);
  });

  it('applies EXIF orientation, strips EXIF from what the public URL serves and keeps the original for download', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-place' } } })
      .toBuffer();
    const up = await upload(s, jpeg, { mimeType: 'image/jpeg', fileName: 'photo.jpg' });
    const file = await ready(s, up.body.file.id);
    expect(file.media.image!.image).toMatchObject({ width: 100, height: 300 });
    const served = Buffer.from(await (await fetch(file.url)).arrayBuffer());
    const m = await sharp(served).metadata();
    expect(m.exif).toBeUndefined();
    expect(m.orientation ?? 1).toBe(1);
    expect({ width: m.width, height: m.height }).toEqual({ width: 100, height: 300 });
    const link = await s.admin<{ downloadUrls: { url: string }[] }>(
      'POST',
      '/site-media/v1/files/generate-file-download-url',
      { fileId: file.id },
    );
    const original = Buffer.from(await (await fetch(link.body.downloadUrls[0]!.url)).arrayBuffer());
    expect(original.equals(jpeg)).toBe(true);
  });
});

describe('animated images', () => {
  it('keeps the frames: true frame size in the descriptor, every frame in a transform', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 4, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#f00'), await frame('#00f')], { join: { animated: true } })
      .gif({ delay: [100, 100] })
      .toBuffer();
    const up = await upload(s, gif, { mimeType: 'image/gif', fileName: 'blink.gif' });
    const file = await ready(s, up.body.file.id);
    expect(file.media.image!.image).toMatchObject({ width: 40, height: 30 });
    const t = await fetch(`${s.url}/media/${file.id}/v1/fill/w_20,h_15/${file.id}`);
    expect(t.headers.get('content-type')).toBe('image/gif');
    const m = await sharp(Buffer.from(await t.arrayBuffer()), { animated: true }).metadata();
    expect({ pages: m.pages, width: m.width, pageHeight: m.pageHeight }).toEqual({
      pages: 2,
      width: 20,
      pageHeight: 15,
    });
  });
});

describe('private files', () => {
  it('are refused without a link, served with one, refused with a tampered or expired one', async () => {
    const bytes = await png(40, 40);
    const up = await upload(s, bytes, { private: true, fileName: 'secret.png' });
    const file = await ready(s, up.body.file.id);
    expect(file.private).toBe(true);
    expect((await fetch(file.url)).status).toBe(403);
    expect((await fetch(`${s.url}/media/${file.id}/v1/fill/w_10,h_10/${file.id}`)).status).toBe(403);
    const link = await s.admin<{ downloadUrls: { url: string; assetKey: string }[] }>(
      'POST',
      '/site-media/v1/files/generate-file-download-url',
      { fileId: file.id, downloadFileName: 'mine.png', expirationInMinutes: 5, contentDisposition: 'INLINE' },
    );
    expect(link.status).toBe(200);
    const url = link.body.downloadUrls[0]!.url;
    expect(link.body.downloadUrls[0]!.assetKey).toBe('src');
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toContain('inline; filename="mine.png"');
    expect(Buffer.from(await ok.arrayBuffer()).equals(bytes)).toBe(true);
    const tampered = await fetch(url.replace('disp=inline', 'disp=attachment'));
    expect(tampered.status).toBe(403);
    expect(appError(await tampered.json()).code).toBe('INVALID_LINK');
    const otherFile = await fetch(
      url.replace(
        file.id,
        up.body.file.id.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
      ),
    );
    expect(otherFile.status).toBe(404);
    s.clock.advance(6 * 60_000);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(appError(await expired.json()).code).toBe('LINK_EXPIRED');

    const redirecting = await s.admin<{ downloadUrls: { url: string }[] }>(
      'POST',
      '/site-media/v1/files/generate-file-download-url',
      { fileId: file.id, expirationInMinutes: 1, expirationRedirectUrl: 'https://shop.example.test/expired' },
    );
    s.clock.advance(2 * 60_000);
    const r = await fetch(redirecting.body.downloadUrls[0]!.url, { redirect: 'manual' });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('https://shop.example.test/expired');
  });

  it('downloads several files as one streamed zip', async () => {
    const a = await upload(s, Buffer.from('hello a'), { mimeType: 'text/plain', fileName: 'a.txt' });
    const b = await upload(s, Buffer.from('hello b'), {
      mimeType: 'text/plain',
      fileName: 'b.txt',
      private: true,
    });
    const zip = await s.admin<{ downloadUrl: string }>('POST', '/site-media/v1/files/generate-download-url', {
      fileIds: [a.body.file.id, b.body.file.id],
    });
    const res = await fetch(zip.body.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(0, 2).toString()).toBe('PK');
    expect(body.includes(Buffer.from('hello a'))).toBe(true);
    expect(body.includes(Buffer.from('hello b'))).toBe(true);
    expect(body.includes(Buffer.from('a.txt'))).toBe(true);
    expect(
      (await fetch(zip.body.downloadUrl.replace(/ids=[^&]*/, `ids=${encodeURIComponent(a.body.file.id)}`)))
        .status,
    ).toBe(403);
  });
});

describe('bad requests get a 4xx, never a 500', () => {
  it('answers odd paths, ranges and methods with the envelope', async () => {
    const doc = (await upload(s, Buffer.from('plain words'), { mimeType: 'text/plain', fileName: 'a.txt' }))
      .body.file;
    const cases: [string, RequestInit | undefined, number][] = [
      ['/media/%E0%A4%A', undefined, 400],
      ['/media/nope~mv2.png', undefined, 404],
      ['/media/a%2Fb/v1/fill/w_1,h_1/x', undefined, 404],
      [`/media/${doc.id}/v1/fill/w_10,h_10/x`, undefined, 400],
      [`/media/${doc.id}/v1/spin/w_10,h_10/x`, undefined, 400],
      [`/media/${doc.id}/hls/../../etc`, undefined, 404],
      [`/media/${doc.id}`, { headers: { range: 'bytes=500-600' } }, 416],
      [
        '/site-media/v1/upload?token=x',
        { method: 'PUT', body: 'x', headers: { 'content-type': 'text/plain' } },
        403,
      ],
    ];
    for (const [path, init, status] of cases) {
      const r = await fetch(`${s.url}${path}`, init);
      expect(r.status, path).toBe(status);
    }
    const head = await fetch(`${s.url}/media/${doc.id}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('11');
  });
});
