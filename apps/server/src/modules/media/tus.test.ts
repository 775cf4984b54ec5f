import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server.ts';
import { mediaServer, png, ready, type File } from '../../test/media.ts';

let s: TestServer;
beforeAll(async () => {
  s = await mediaServer();
});
afterAll(async () => {
  await s?.stop();
});

const b64 = (v: string) => Buffer.from(v).toString('base64');
const tus = { 'tus-resumable': '1.0.0' };

describe('resumable upload (TUS)', () => {
  it('resumes an interrupted upload where it stopped and answers the descriptor', async () => {
    const bytes = await png(300, 300, { r: 1, g: 2, b: 3 });
    const grant = await s.admin<{ uploadProtocol: string; uploadUrl: string; uploadToken: string }>(
      'POST',
      '/site-media/v1/files/generate-resumable-upload-url',
      {
        mimeType: 'image/png',
        fileName: 'big.png',
        sizeInBytes: String(bytes.length),
        uploadProtocol: 'TUS',
      },
    );
    expect(grant.body.uploadProtocol).toBe('TUS');
    const create = await fetch(grant.body.uploadUrl, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(bytes.length),
        'upload-metadata': `uploadToken ${b64(grant.body.uploadToken)},filename ${b64('big.png')},filetype ${b64('image/png')}`,
      },
    });
    expect(create.status).toBe(201);
    const location = new URL(create.headers.get('location')!, grant.body.uploadUrl).toString();
    const half = Math.floor(bytes.length / 2);
    const first = await fetch(location, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(0, half),
    });
    expect(first.status).toBe(204);
    // The connection dropped here, and the upload goes on two hours later (past the grant's hour):
    // the client asks where to go on.
    s.clock.advance(2 * 3_600_000);
    const head = await fetch(location, { method: 'HEAD', headers: tus });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const rest = await fetch(location, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': String(half), 'content-type': 'application/offset+octet-stream' },
      body: bytes.subarray(half),
    });
    expect(rest.status).toBe(200);
    const { file } = (await rest.json()) as { file: File };
    expect(file.displayName).toBe('big.png');
    const done = await ready(s, file.id);
    expect(done.media.image!.image).toMatchObject({ width: 300, height: 300 });
    expect(Buffer.from(await (await fetch(done.url)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses an upload without a valid token or longer than declared', async () => {
    const none = await fetch(`${s.url}/site-media/v1/tus`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': '10', 'upload-metadata': `uploadToken ${b64('forged')}` },
    });
    expect(none.status).toBe(403);
    const grant = await s.admin<{ uploadUrl: string; uploadToken: string }>(
      'POST',
      '/site-media/v1/files/generate-resumable-upload-url',
      { mimeType: 'image/png', sizeInBytes: '10' },
    );
    const longer = await fetch(grant.body.uploadUrl, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': '11',
        'upload-metadata': `uploadToken ${b64(grant.body.uploadToken)}`,
      },
    });
    expect(longer.status).toBe(400);
  });
});
