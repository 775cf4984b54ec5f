/**
 * The official `@wix/media` files module, unchanged, against Vitrine: every call of contract media.md
 * §1, and §2's PUT to the URL it hands out. The SDK image helpers then build transform URLs that, with
 * the host changed, Vitrine answers at the requested size.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { files } from '@wix/media';
import { createClient, media } from '@wix/sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG, mediaServer, png } from '../test/media.ts';
import type { TestServer } from '../test/server.ts';
import { adminAuth, redirectWixFetch } from '../test/wix.ts';

let s: TestServer;
let undo: () => void;
let fixture: Server;
let source = '';
let picture: Buffer;
const client = () => createClient({ auth: adminAuth, modules: { files } });

beforeAll(async () => {
  picture = await png(640, 480, { r: 10, g: 120, b: 200 });
  fixture = createServer((req, res) => {
    if (req.url === '/a.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => fixture.listen(0, '127.0.0.1', r));
  source = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  s = await mediaServer({ env: { FETCH_GUARD_ALLOW: '127.0.0.1' } });
  undo = redirectWixFetch(s.url);
});
afterAll(async () => {
  undo?.();
  await s?.stop();
  await new Promise<void>((r) => fixture.close(() => r()));
});

async function put(uploadUrl: string, bytes: Buffer, type: string, name: string) {
  const res = await fetch(`${uploadUrl}&filename=${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { 'content-type': type },
    body: bytes,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { file: { id: string; operationStatus: string } }).file;
}
const settle = (id: string) =>
  s.until(async () => {
    const f = await client().files.getFileDescriptor(id);
    return f.operationStatus !== 'PENDING' ? f : undefined;
  }, 60_000);

describe('@wix/media files against Vitrine', () => {
  let imageId = '';

  it('uploads through generateFileUploadUrl and PUT, then reads the descriptor in the SDK form', async () => {
    const c = client();
    const { uploadUrl } = await c.files.generateFileUploadUrl('image/png', {
      fileName: 'shirt.png',
      sizeInBytes: String(picture.length),
      parentFolderId: 'media-root',
      private: false,
      labels: ['shirt'],
    });
    const uploaded = await put(uploadUrl!, picture, 'image/png', 'shirt.png');
    expect(uploaded.operationStatus).toBe('PENDING');
    imageId = uploaded.id;
    const f = await settle(imageId);
    expect(f).toMatchObject({
      _id: imageId,
      displayName: 'shirt.png',
      operationStatus: 'READY',
      mediaType: 'IMAGE',
    });
    expect(f.sizeInBytes).toBe(String(picture.length));
    expect(f._createdDate).toBeInstanceOf(Date);
    const image = f.media!.image!.image as unknown as string;
    expect(image).toMatch(
      new RegExp(
        `^wix:image://v1/${imageId.replace(/[.~]/g, '\\$&')}/shirt\\.png#originWidth=640&originHeight=480$`,
      ),
    );
    expect(Buffer.from(await (await fetch(f.url!)).arrayBuffer()).equals(picture)).toBe(true);

    // The SDK's image helper builds a transform URL; with the host changed, Vitrine answers it.
    const scaled = media.getScaledToFillImageUrl(image, 200, 150, {});
    const local = scaled.replace('https://static.wixstatic.com', s.url);
    const t = await fetch(local, { headers: { accept: 'image/webp' } });
    expect(t.status).toBe(200);
    expect(await sharp(Buffer.from(await t.arrayBuffer())).metadata()).toMatchObject({
      width: 200,
      height: 150,
    });
  });

  it('gets several, updates, lists, searches and queries', async () => {
    const c = client();
    const many = await c.files.getFileDescriptors([imageId]);
    expect(many.files!.map((f) => f._id)).toEqual([imageId]);
    const updated = await c.files.updateFileDescriptor({
      _id: imageId,
      displayName: 'renamed.png',
      labels: ['a', 'b'],
    });
    expect(updated).toMatchObject({ displayName: 'renamed.png', labels: ['a', 'b'] });
    // A whole descriptor read back and sent again (read-only fields included) is accepted.
    const whole = await c.files.getFileDescriptor(imageId);
    const again = await c.files.updateFileDescriptor({ ...whole, displayName: 'renamed.png' });
    expect(again).toMatchObject({ _id: imageId, displayName: 'renamed.png' });
    const listed = await c.files.listFiles({
      parentFolderId: 'media-root',
      mediaTypes: ['IMAGE', 'VIDEO'],
      private: false,
      sort: { fieldName: 'createdDate', order: 'DESC' },
      paging: { limit: 20 },
    });
    expect(listed.files!.map((f) => f._id)).toContain(imageId);
    const found = await c.files.searchFiles({
      search: 'rena',
      rootFolder: 'MEDIA_ROOT',
      mediaTypes: ['IMAGE'],
      paging: { limit: 10 },
    });
    expect(found.files!.map((f) => f._id)).toEqual([imageId]);
    const queried = await c.files.queryFileDescriptors().eq('mediaType', 'IMAGE').limit(5).find();
    expect(queried.items.map((f) => f._id)).toContain(imageId);
  });

  it('makes download links, one file and several as a zip', async () => {
    const c = client();
    const one = await c.files.generateFileDownloadUrl(imageId, {
      downloadFileName: 'shirt.png',
      expirationInMinutes: 30,
      contentDisposition: 'ATTACHMENT',
    });
    const res = await fetch(one.downloadUrls![0]!.url!);
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="shirt.png"');
    expect(Buffer.from(await res.arrayBuffer()).equals(picture)).toBe(true);
    const zip = await c.files.generateFilesDownloadUrl([imageId]);
    const z = await fetch(zip.downloadUrl!);
    expect(z.headers.get('content-type')).toBe('application/zip');
  });

  it('imports from URLs: importFile, bulkImportFiles and bulkImportFile', async () => {
    const c = client();
    const one = await c.files.importFile(`${source}/a.png`, {
      mediaType: 'IMAGE',
      displayName: 'a.png',
      mimeType: 'image/png',
    });
    expect(one.file!.operationStatus).toBe('PENDING');
    expect((await settle(one.file!._id!)).operationStatus).toBe('READY');
    const bulk = await c.files.bulkImportFiles([{ url: `${source}/a.png`, displayName: 'b.png' }]);
    expect(bulk.files).toHaveLength(1);
    const v2 = await c.files.bulkImportFile([{ url: `${source}/a.png`, displayName: 'c.png' }], {
      returnEntity: true,
    });
    expect(v2.results![0]!.itemMetadata!.success).toBe(true);
    expect(v2.bulkActionMetadata!.totalSuccesses).toBe(1);
  });

  it('deletes to the trash, lists the trash and restores', async () => {
    const c = client();
    await c.files.bulkDeleteFiles([imageId], { permanent: false });
    const trash = await c.files.listDeletedFiles({ mediaTypes: ['IMAGE'], paging: { limit: 5 } });
    expect(trash.files!.map((f) => f._id)).toContain(imageId);
    await c.files.bulkRestoreFilesFromTrashBin([imageId]);
    expect((await c.files.getFileDescriptor(imageId)).state).toBe('OK');
  });

  it('hands out resumable upload grants and video stream URLs', async () => {
    const c = client();
    const grant = await c.files.generateFileResumableUploadUrl('video/mp4', {
      fileName: 'clip.mp4',
      sizeInBytes: '99999',
      uploadProtocol: 'TUS',
    });
    expect(grant).toMatchObject({ uploadProtocol: 'TUS' });
    expect(grant.uploadToken).toBeTruthy();

    const dir = mkdtempSync(join(tmpdir(), 'vitrine-wix-media-'));
    const out = join(dir, 'clip.mp4');
    await promisify(execFile)(FFMPEG, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=96x64:rate=10',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-y',
      out,
    ]);
    const bytes = readFileSync(out);
    const { uploadUrl } = await c.files.generateFileUploadUrl('video/mp4', {
      fileName: 'clip.mp4',
      sizeInBytes: String(bytes.length),
    });
    const video = await put(uploadUrl!, bytes, 'video/mp4', 'clip.mp4');
    expect((await settle(video.id)).operationStatus).toBe('READY');
    const stream = await c.files.generateVideoStreamingUrl(video.id, {
      format: 'HLS',
      expirationInMinutes: 60,
    });
    expect(stream.downloadUrl!.assetKey).toBe('hls');
    const playlist = await fetch(stream.downloadUrl!.url!);
    expect(await playlist.text()).toContain('#EXTM3U');
  });
});
