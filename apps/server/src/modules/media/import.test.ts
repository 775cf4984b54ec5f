import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server.ts';
import { mediaServer, png, ready, type File } from '../../test/media.ts';

/** Imports reach only this fixture server on 127.0.0.1 (through the test-only allowlist); every other target is refused before connecting. */
let s: TestServer;
let fixture: Server;
let base = '';
let picture: Buffer;
beforeAll(async () => {
  picture = await png(64, 48);
  fixture = createServer((req, res) => {
    if (req.url === '/shirt.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    if (req.url === '/to-private') return res.writeHead(302, { location: 'http://192.168.0.10/a.png' }).end();
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
});
