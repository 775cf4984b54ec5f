import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server.ts';
import { mediaServer, png, ready, type File } from '../../test/media.ts';
import { EMPTY_IMPORT, importFailure } from './failure-words.ts';
import { cleanName, defaultName, filenameFromDisposition } from './import-name.ts';

/** Imports reach only this fixture server on 127.0.0.1 (through the test-only allowlist); every other target is refused before connecting. */
let s: TestServer;
let fixture: Server;
let base = '';
let picture: Buffer;
/** `/held` answers once `release` is called; `fetching` settles when the import asked for it. */
let release = () => {};
const held = new Promise<void>((r) => (release = r));
let asked = () => {};
const fetching = new Promise<void>((r) => (asked = r));
beforeAll(async () => {
  picture = await png(64, 48);
  fixture = createServer((req, res) => {
    if (req.url === '/shirt.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    if (req.url === '/to-private') return res.writeHead(302, { location: 'http://192.168.0.10/a.png' }).end();
    if (req.url === '/download?id=7')
      return res
        .writeHead(200, {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename*=UTF-8''caf%C3%A9%20menu.pdf; filename="cafe menu.pdf"`,
        })
        .end(PDF);
    if (req.url === '/report')
      return res
        .writeHead(200, {
          'content-type': 'text/plain',
          // On the wire `..\\..\\etc\\notes \"draft\".txt`: a quoted string, where `\\` is a backslash.
          'content-disposition': 'attachment; filename="..\\\\..\\\\etc\\\\notes \\"draft\\".txt"',
        })
        .end('notes');
    if (req.url === '/files/summer%20shirt.png' || req.url === '/' || req.url === '/nul%00.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    if (req.url === '/bad%E0%A4%A') return res.writeHead(200, { 'content-type': 'text/plain' }).end('hi');
    if (req.url === '/held') {
      asked();
      return void held.then(() =>
        res
          .writeHead(200, { 'content-type': 'text/plain', 'content-disposition': 'inline; filename="x.txt"' })
          .end('late'),
      );
    }
    if (req.url === '/empty.png') return res.writeHead(200, { 'content-type': 'image/png' }).end();
    if (req.url === '/nothing') return res.writeHead(204).end();
    if (req.url?.startsWith('/echo'))
      return res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(`${req.url} ${String(req.headers['x-token'] ?? '')}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => fixture.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  s = await mediaServer({ env: { FETCH_GUARD_ALLOW: '127.0.0.1' } });
});
afterAll(async () => {
  await s?.stop();
  await new Promise<void>((r) => fixture.close(() => r()));
});

const F = '/site-media/v1/files';
const PDF = '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n';
const importOf = async (body: Record<string, unknown>) => {
  const r = await s.admin<{ file: File & { failureReason?: string } }>('POST', `${F}/import`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (await ready(s, r.body.file.id)) as File & { failureReason?: string };
};

describe('import from a URL', () => {
  it('imports an image by a job: PENDING, then READY with its dimensions and the same bytes', async () => {
    const r = await s.admin<{ file: File }>('POST', `${F}/import`, {
      url: `${base}/shirt.png`,
      displayName: 'shirt.png',
      labels: ['shirt'],
      mimeType: 'image/png',
    });
    expect(r.status).toBe(200);
    expect(r.body.file.operationStatus).toBe('PENDING');
    const f = await ready(s, r.body.file.id);
    expect(f.operationStatus).toBe('READY');
    expect(f.media.image!.image).toMatchObject({ width: 64, height: 48 });
    expect(Buffer.from(await (await fetch(f.url)).arrayBuffer()).equals(picture)).toBe(true);
  });

  it('applies urlParams and urlHeaders', async () => {
    const r = await s.admin<{ file: File }>('POST', `${F}/import`, {
      url: `${base}/echo?a=1`,
      mimeType: 'text/plain',
      urlParams: { b: 'two' },
      urlHeaders: { 'x-token': 'sesame' },
    });
    const f = await ready(s, r.body.file.id);
    expect(f.operationStatus).toBe('READY');
    expect(await (await fetch(f.url)).text()).toBe('/echo?a=1&b=two sesame');
  });

  it('ends FAILED with a clear reason when the guard refuses (no traffic leaves loopback)', async () => {
    const cases = [
      ['http://10.0.0.1/a.png', /ADDRESS_REFUSED/],
      ['http://169.254.169.254/latest/meta-data', /ADDRESS_REFUSED/],
      ['http://[::ffff:192.168.1.1]/a.png', /ADDRESS_REFUSED/],
      ['ftp://example.test/a.png', /UNSUPPORTED_PROTOCOL/],
      [`${base}/to-private`, /ADDRESS_REFUSED/],
      [`${base}/missing.png`, /HTTP 404/],
    ] as const;
    const bulk = await s.admin<{ files: File[] }>('POST', '/site-media/v1/bulk/files/import', {
      importFileRequests: cases.map(([url]) => ({ url })),
    });
    expect(bulk.status).toBe(200);
    for (const [i, [, reason]] of cases.entries()) {
      const f = await ready(s, bulk.body.files[i]!.id);
      expect(f.operationStatus).toBe('FAILED');
      const row = await s.app
        .systemCtx()
        .db.selectFrom('media_file')
        .select('failure_reason')
        .where('id', '=', f.id)
        .executeTakeFirstOrThrow();
      expect(row.failure_reason).toMatch(reason);
    }
    const events = await s.app
      .systemCtx()
      .db.selectFrom('event')
      .select('event_type')
      .where('event_type', '=', 'wix.media.site_media.v1.file_descriptor_file_failed')
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(cases.length);
  });

  it('answers bulk import-v2 with per-item results', async () => {
    const r = await s.admin<{
      results: { itemMetadata: { success: boolean; originalIndex: number }; item?: File }[];
      bulkActionMetadata: Record<string, number>;
    }>('POST', '/site-media/v1/bulk/files/import-v2', {
      importFileRequests: [{ url: `${base}/shirt.png`, displayName: 'a.png' }, { url: 'not a url' }],
      returnEntity: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.results[0]).toMatchObject({
      itemMetadata: { success: true, originalIndex: 0 },
      item: { displayName: 'a.png' },
    });
    expect(r.body.results[1]!.itemMetadata).toMatchObject({ success: false, originalIndex: 1 });
    expect(r.body.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 });
  });

  it('names a file without displayName from Content-Disposition, else the URL, else a default with the extension', async () => {
    // filename* (RFC 5987) wins over filename; the caller's own name wins over both.
    expect(await importOf({ url: `${base}/download?id=7` })).toMatchObject({
      operationStatus: 'READY',
      displayName: 'café menu.pdf',
      mediaType: 'DOCUMENT',
    });
    expect((await importOf({ url: `${base}/download?id=7`, displayName: 'Menu' })).displayName).toBe('Menu');
    // A name with folders in it keeps its last part only.
    expect((await importOf({ url: `${base}/report` })).displayName).toBe('notes "draft".txt');
    // The path's last segment, decoded; one that does not decode stays as written; NUL is dropped.
    const shirt = await importOf({ url: `${base}/files/summer%20shirt.png` });
    expect(shirt).toMatchObject({ operationStatus: 'READY', displayName: 'summer shirt.png' });
    expect((await importOf({ url: `${base}/bad%E0%A4%A` })).displayName).toBe('bad%E0%A4%A');
    expect((await importOf({ url: `${base}/nul%00.png` })).displayName).toBe('nul.png');
    // No name anywhere: a word for the kind, with the extension of what arrived.
    const bare = await importOf({ url: `${base}/` });
    expect(bare).toMatchObject({ operationStatus: 'READY', displayName: 'image.png', mediaType: 'IMAGE' });
    // The name is searchable like any other.
    const found = await s.admin<{ files: File[] }>('POST', `${F}/search`, { search: 'café menu' });
    expect(found.body.files.map((f) => f.displayName)).toContain('café menu.pdf');
  });

  it('keeps a name the merchant gave while the file was being fetched', async () => {
    const r = await s.admin<{ file: File }>('POST', `${F}/import`, { url: `${base}/held` });
    expect(r.body.file.displayName).toBe('held');
    await fetching;
    const renamed = await s.admin('PATCH', `${F}/update-file-descriptor`, {
      file: { id: r.body.file.id, displayName: 'Price list' },
      fieldMask: { paths: ['displayName'] },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    release();
    expect(await ready(s, r.body.file.id)).toMatchObject({
      operationStatus: 'READY',
      displayName: 'Price list',
    });
  });

  it('ends a 0-byte answer FAILED with the reason in words (never READY and empty)', async () => {
    for (const path of ['/empty.png', '/nothing']) {
      const f = await importOf({ url: `${base}${path}` });
      expect(f).toMatchObject({ operationStatus: 'FAILED', sizeInBytes: '0', failureReason: EMPTY_IMPORT });
      expect(f.failureReason).toMatch(/empty file \(0 bytes\)/);
      expect((await fetch(f.url)).status).not.toBe(200);
      const event = await s.app
        .systemCtx()
        .db.selectFrom('event')
        .select('body')
        .where('event_type', '=', 'wix.media.site_media.v1.file_descriptor_file_failed')
        .where('entity_id', '=', f.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(event.body)).toContain('empty file (0 bytes)');
    }
  });
});

describe('names and reasons of imports, as pure functions', () => {
  it('reads Content-Disposition as RFC 6266 says', () => {
    expect(filenameFromDisposition('attachment; filename="a b.png"')).toBe('a b.png');
    expect(filenameFromDisposition('inline; filename=plain.jpg')).toBe('plain.jpg');
    expect(filenameFromDisposition(`attachment; filename*=iso-8859-1'en'%E9t%E9.txt`)).toBe('été.txt');
    // Raw UTF-8 bytes in a plain filename, as Node reads header text (Latin-1).
    expect(
      filenameFromDisposition(`attachment; filename="${Buffer.from('ñandú.png').toString('latin1')}"`),
    ).toBe('ñandú.png');
    expect(filenameFromDisposition('attachment; filename="/etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment; filename=".."')).toBeUndefined();
    expect(filenameFromDisposition('attachment')).toBeUndefined();
    expect(filenameFromDisposition(undefined)).toBeUndefined();
  });

  it('cleans names and keeps the extension of a long one', () => {
    expect(cleanName('  a\u0000b\u001f.png ')).toBe('ab.png');
    expect(cleanName('x\ud800y.png')).toBe('xy.png');
    const long = cleanName(`${'é'.repeat(300)}.jpeg`)!;
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith('é.jpeg')).toBe(true);
    expect(defaultName('video/mp4')).toBe('video.mp4');
    expect(defaultName('application/octet-stream')).toBe('file.bin');
  });

  it('says what happened to the connection in words', () => {
    const err = (code: string) => Object.assign(new Error(`connect ${code} 1.2.3.4:443`), { code });
    expect(importFailure(err('ECONNREFUSED'))).toBe(
      'import failed: the server at that address refused the connection',
    );
    expect(importFailure(err('CERT_HAS_EXPIRED'))).toMatch(/HTTPS certificate\) could not be trusted$/);
    expect(importFailure(new Error('EACCES: /data/media/library/x'))).toBe(
      'import failed: the file could not be fetched or stored',
    );
  });
});
