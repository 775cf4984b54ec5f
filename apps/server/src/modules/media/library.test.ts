import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, violations, type TestServer } from '../../test/server.ts';
import { mediaServer, png, ready, upload, type File } from '../../test/media.ts';

let s: TestServer;
beforeAll(async () => {
  s = await mediaServer({
    env: {
      MEDIA_MEMBER_DAILY_FILES: '3',
      MEDIA_MEMBER_DAILY_BYTES: '200000',
      MEDIA_MAX_UPLOAD_BYTES: '300000',
    },
  });
});
afterAll(async () => {
  await s?.stop();
});

type Page = { files: File[]; nextCursor: { cursors: { next: string | null } } };
const F = '/site-media/v1/files';
const names = (p: Page) => p.files.map((f) => f.displayName);

describe('descriptors, folders, search and trash', () => {
  it('lists a folder with paging, searches word prefixes, queries and updates with a field mask', async () => {
    const folder = await s.admin<{ folder: { id: string } }>('POST', '/site-media/v1/folders', {
      displayName: 'Summer',
    });
    expect(folder.status).toBe(200);
    const fid = folder.body.folder.id;
    for (const n of ['red shirt.png', 'blue shirt.png', 'green hat.png'])
      await upload(s, await png(8, 8), { fileName: n, parentFolderId: fid, labels: ['summer sale'] });
    const page1 = await s.admin<Page>(
      'GET',
      `${F}?parentFolderId=${fid}&sort.fieldName=displayName&sort.order=ASC&paging.limit=2`,
    );
    expect(page1.status).toBe(200);
    expect(names(page1.body)).toEqual(['blue shirt.png', 'green hat.png']);
    const next = page1.body.nextCursor.cursors.next!;
    const page2 = await s.admin<Page>('GET', `${F}?paging.cursor=${encodeURIComponent(next)}`);
    expect(names(page2.body)).toEqual(['red shirt.png']);
    expect(page2.body.nextCursor.cursors.next).toBeNull();

    const found = await s.admin<Page>('POST', `${F}/search`, { search: 'shi', mediaTypes: ['IMAGE'] });
    expect(names(found.body).sort()).toEqual(['blue shirt.png', 'red shirt.png']);
    expect(names((await s.admin<Page>('POST', `${F}/search`, { search: 'hirt' })).body)).toEqual([]);
    expect(names((await s.admin<Page>('POST', `${F}/search`, { search: 'sal gre' })).body)).toEqual([
      'green hat.png',
    ]);
    // A camera's or a shop's file name: its words are found, however they are joined.
    await upload(s, await png(8, 8), { fileName: 'IMG_2041-Product_Shot.png', parentFolderId: fid });
    const search = async (words: string) =>
      names((await s.admin<Page>('POST', `${F}/search`, { search: words })).body).sort();
    for (const words of ['product', '2041', 'img', 'shot product', 'Product_Sh', 'img_2041-product_shot.png'])
      expect(await search(words), words).toEqual(['IMG_2041-Product_Shot.png']);
    // The MIME type counts, as the platform's search says: every one of these is image/png.
    expect(await search('image png')).toEqual([
      'IMG_2041-Product_Shot.png',
      'blue shirt.png',
      'green hat.png',
      'red shirt.png',
    ]);
    expect(await search('roduct')).toEqual([]);

    const q = await s.admin<{ files: File[] }>('POST', `${F}/query`, {
      query: {
        filter: { parentFolderId: fid, displayName: { $startsWith: 'red' } },
        cursorPaging: { limit: 5 },
      },
    });
    expect(names(q.body as Page)).toEqual(['red shirt.png']);
    const badQuery = await s.admin('POST', `${F}/query`, { query: { filter: { nope: 1 } } });
    expect(badQuery.status).toBe(400);

    const id = q.body.files[0]!.id;
    const upd = await s.admin<{ file: File }>('PATCH', `${F}/update-file-descriptor`, {
      file: { id, displayName: 'renamed.png', labels: ['a', 'b'], parentFolderId: 'media-root' },
      fieldMask: { paths: ['displayName', 'labels'] },
    });
    expect(upd.body.file).toMatchObject({
      displayName: 'renamed.png',
      labels: ['a', 'b'],
      parentFolderId: fid,
    });
    const moved = await s.admin<{ file: File }>('PATCH', `${F}/update-file-descriptor`, {
      file: { id, parentFolderId: 'no-such-folder' },
    });
    expect(moved.status).toBe(404);
    const many = await s.admin<{ files: File[] }>('POST', `${F}/get-files`, {
      fileIds: [id, page2.body.files[0]!.id],
    });
    expect(many.body.files.map((f) => f.id)).toEqual([id, page2.body.files[0]!.id]);
    expect((await s.admin('GET', `${F}/get-file-by-id?fileId=nope`)).status).toBe(404);
  });

  it('moves files to the trash and back, deletes for good, and empties the trash after 30 days', async () => {
    const a = (await upload(s, await png(8, 8), { fileName: 'trash-a.png' })).body.file;
    const b = (await upload(s, await png(8, 8), { fileName: 'trash-b.png' })).body.file;
    const c = (await upload(s, await png(8, 8), { fileName: 'trash-c.png' })).body.file;
    await ready(s, a.id);
    await ready(s, c.id);
    expect(
      (await s.admin('POST', '/site-media/v1/bulk/files/delete', { fileIds: [a.id, b.id, c.id] })).status,
    ).toBe(200);
    const trash = await s.admin<Page>('GET', '/site-media/v1/trash-bin/files?paging.limit=50');
    expect(names(trash.body)).toEqual(expect.arrayContaining(['trash-a.png', 'trash-b.png', 'trash-c.png']));
    expect((await fetch(a.url)).status).toBe(404);
    const inTrash = await s.admin<{ file: File }>(
      'GET',
      `${F}/get-file-by-id?fileId=${encodeURIComponent(a.id)}`,
    );
    expect(inTrash.body.file.state).toBe('DELETED');

    await s.admin('POST', '/site-media/v1/bulk/trash-bin/files/restore', { fileIds: [a.id] });
    expect((await fetch(a.url)).status).toBe(200);
    await s.admin('POST', '/site-media/v1/bulk/files/delete', { fileIds: [b.id], permanent: true });
    expect((await s.admin('GET', `${F}/get-file-by-id?fileId=${encodeURIComponent(b.id)}`)).status).toBe(404);

    s.clock.advance(31 * 86_400_000);
    await s.app.jobs.runDue();
    expect((await s.admin('GET', `${F}/get-file-by-id?fileId=${encodeURIComponent(c.id)}`)).status).toBe(404);
    expect((await s.admin('GET', `${F}/get-file-by-id?fileId=${encodeURIComponent(a.id)}`)).status).toBe(200);
  });

  it('puts files at a filePath, creating its folders once even when asked in parallel', async () => {
    const grants = await Promise.all(
      [0, 1, 2].map(() =>
        s.admin('POST', `${F}/generate-upload-url`, { mimeType: 'image/png', filePath: '/Summer/Shirts/' }),
      ),
    );
    expect(grants.map((g) => g.status)).toEqual([200, 200, 200]);
    const top = await s.admin<{ folders: { id: string; displayName: string }[] }>(
      'GET',
      '/site-media/v1/folders?paging.limit=100',
    );
    const summer = top.body.folders.filter((f) => f.displayName === 'Summer');
    expect(summer).toHaveLength(1);
    const inner = await s.admin<{ folders: { id: string; displayName: string }[] }>(
      'GET',
      `/site-media/v1/folders?parentFolderId=${summer[0]!.id}`,
    );
    expect(inner.body.folders.map((f) => f.displayName)).toEqual(['Shirts']);
    const file = (
      await upload(s, await png(8, 8), { fileName: 'p.png', parentFolderId: inner.body.folders[0]!.id })
    ).body.file;
    expect(file.parentFolderId).toBe(inner.body.folders[0]!.id);
    const member = await s.request('POST', `${F}/generate-upload-url`, {
      auth: 'member:m-path',
      body: { mimeType: 'image/png', sizeInBytes: '10', filePath: '/x' },
    });
    expect(member.status).toBe(403);
  });

  it('creates, renames, moves and deletes folders with what they hold', async () => {
    const mk = async (displayName: string, parentFolderId?: string) =>
      (
        await s.admin<{ folder: { id: string; parentFolderId: string } }>('POST', '/site-media/v1/folders', {
          displayName,
          ...(parentFolderId ? { parentFolderId } : {}),
        })
      ).body.folder;
    const top = await mk('Top');
    const child = await mk('Child', top.id);
    const renamed = await s.admin<{ folder: { displayName: string } }>(
      'PATCH',
      `/site-media/v1/folders/${top.id}`,
      {
        folder: { id: top.id, displayName: 'Top renamed' },
      },
    );
    expect(renamed.body.folder.displayName).toBe('Top renamed');
    const cycle = await s.admin('PATCH', `/site-media/v1/folders/${top.id}`, {
      folder: { parentFolderId: child.id },
    });
    expect(appError(cycle.body).code).toBe('FOLDER_CYCLE');
    const file = (await upload(s, await png(8, 8), { fileName: 'inside.png', parentFolderId: child.id })).body
      .file;
    const listed = await s.admin<{ folders: { id: string }[] }>(
      'GET',
      `/site-media/v1/folders?parentFolderId=${top.id}`,
    );
    expect(listed.body.folders.map((f) => f.id)).toEqual([child.id]);
    await s.admin('POST', '/site-media/v1/bulk/folders/delete', { folderIds: [top.id] });
    expect((await s.admin('GET', `/site-media/v1/folders/${child.id}`)).status).toBe(404);
    const f = await s.admin<{ file: File }>(
      'GET',
      `${F}/get-file-by-id?fileId=${encodeURIComponent(file.id)}`,
    );
    expect(f.body.file.state).toBe('DELETED');
  });
});

describe('limits, quotas and concurrency', () => {
  it('answers 413 beyond the configured maximum and refuses a declared size above it', async () => {
    const big = Buffer.alloc(400_000, 1);
    const g = await s.admin('POST', `${F}/generate-upload-url`, {
      mimeType: 'text/plain',
      sizeInBytes: '400000',
    });
    expect(g.status).toBe(400);
    expect(violations(g.body)[0]).toMatchObject({ field: 'sizeInBytes', violatedRule: 'MAX' });
    const open = await s.admin<{ uploadUrl: string }>('POST', `${F}/generate-upload-url`, {
      mimeType: 'text/plain',
    });
    const res = await fetch(open.body.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: big,
    });
    expect(res.status).toBe(413);
    // Without a Content-Length (chunked), the stream is cut as soon as it passes the limit.
    const chunked = await s.admin<{ uploadUrl: string }>('POST', `${F}/generate-upload-url`, {
      mimeType: 'text/plain',
    });
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 8; i++) c.enqueue(new Uint8Array(50_000).fill(65));
        c.close();
      },
    });
    const cut = await fetch(chunked.body.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body,
      duplex: 'half',
    } as RequestInit).catch(() => undefined);
    if (cut) expect(cut.status).toBe(413);
    const stored = await s.admin<Page>('POST', `${F}/search`, {
      mediaTypes: ['DOCUMENT'],
      paging: { limit: 100 },
    });
    expect(stored.body.files.every((f) => Number(f.sizeInBytes) <= 300_000)).toBe(true);
  });

  it('lets one of two parallel PUTs with the same URL through', async () => {
    const bytes = await png(8, 8);
    const g = await s.admin<{ uploadUrl: string }>('POST', `${F}/generate-upload-url`, {
      mimeType: 'image/png',
      sizeInBytes: String(bytes.length),
    });
    const both = await Promise.all(
      [0, 1].map(() =>
        fetch(g.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: bytes }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 403]);
  });

  it('lets members upload only their own visitor uploads, within a daily quota', async () => {
    const member = 'member:m-quota';
    const up = await upload(s, await png(8, 8), { auth: member });
    expect(up.status).toBe(200);
    expect(up.body.file.parentFolderId).toBe('visitor-uploads-root');
    const own = await s.request<{ file: File }>(
      'GET',
      `${F}/get-file-by-id?fileId=${encodeURIComponent(up.body.file.id)}`,
      { auth: member },
    );
    expect(own.status).toBe(200);
    const other = await s.request(
      'GET',
      `${F}/get-file-by-id?fileId=${encodeURIComponent(up.body.file.id)}`,
      { auth: 'member:someone-else' },
    );
    expect(other.status).toBe(404);
    const elsewhere = await s.request('POST', `${F}/generate-upload-url`, {
      auth: member,
      body: { mimeType: 'image/png', sizeInBytes: '10', parentFolderId: 'media-root' },
    });
    expect(elsewhere.status).toBe(403);
    const tooBig = await s.request('POST', `${F}/generate-upload-url`, {
      auth: member,
      body: { mimeType: 'image/png', sizeInBytes: '250000' },
    });
    expect(appError(tooBig.body).code).toBe('UPLOAD_QUOTA_EXCEEDED');
    // Parallel requests race for the last two of the three daily slots: exactly two win.
    const tries = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        s.request('POST', `${F}/generate-upload-url`, {
          auth: member,
          body: { mimeType: 'image/png', sizeInBytes: '10' },
        }),
      ),
    );
    expect(tries.filter((t) => t.status === 200)).toHaveLength(2);
    expect(tries.filter((t) => t.status === 429)).toHaveLength(3);
    s.clock.advance(86_400_000);
    expect((await upload(s, await png(8, 8), { auth: member })).status).toBe(200);
  });

  it('takes concurrent uploads, each stored whole under its own id', async () => {
    const images = await Promise.all(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => png(20 + i, 20, { r: i * 20, g: 10, b: 10 })),
    );
    const ups = await Promise.all(images.map((b, i) => upload(s, b, { fileName: `c${i}.png` })));
    expect(new Set(ups.map((u) => u.body.file.id)).size).toBe(8);
    for (const [i, u] of ups.entries()) {
      const f = await ready(s, u.body.file.id);
      expect(f.media.image!.image).toMatchObject({ width: 20 + i, height: 20 });
      expect(Buffer.from(await (await fetch(f.url)).arrayBuffer()).equals(images[i]!)).toBe(true);
    }
  });
});

describe('upload grants', () => {
  it('are dropped a day after they expired, by a daily job', async () => {
    const db = s.app.systemCtx().db;
    await s.admin('POST', `${F}/generate-upload-url`, { mimeType: 'image/png' });
    const count = async () =>
      Number(
        (await db.selectFrom('media_upload').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
      );
    expect(await count()).toBeGreaterThan(0);
    s.clock.advance(3 * 86_400_000);
    await s.app.jobs.runDue();
    expect(await count()).toBe(0);
  });
});

describe('the face other modules call', () => {
  it("stores a member's upload in one call and reads descriptors whatever the caller", async () => {
    const { uploadMemberFile, descriptorsById } = await import('./index.ts');
    const { Readable } = await import('node:stream');
    const photo = await png(30, 20);
    const ctx = { ...s.app.systemCtx(), caller: { role: 'member' as const, memberId: 'm-face' } };
    const file = await uploadMemberFile(ctx, Readable.from([photo]), {
      mimeType: 'image/png',
      fileName: 'review.png',
      sizeInBytes: photo.length,
    });
    expect(file).toMatchObject({ parentFolderId: 'visitor-uploads-root', displayName: 'review.png' });
    const visitorCtx = { ...s.app.systemCtx(), caller: { role: 'visitor' as const, visitorId: 'v' } };
    const found = await descriptorsById(visitorCtx, [file.id, 'missing~mv2.png']);
    expect([...found.keys()]).toEqual([file.id]);
  });
});
