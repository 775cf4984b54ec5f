import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, violations, type TestServer } from '../../test/server.ts';
import { mediaServer, ready, upload } from '../../test/media.ts';

/** Folders: search (live and trashed), the platform query, and a folder's zip behind a signed link. */
let s: TestServer;
beforeAll(async () => {
  s = await mediaServer();
});
afterAll(async () => {
  await s?.stop();
});

interface Folder {
  id: string;
  displayName: string;
  parentFolderId: string;
  state: string;
  createdDate: string;
  updatedDate: string;
}
type Page = { folders: Folder[]; nextCursor: { cursors: { next: string | null } } };
type Queried = {
  folders: Folder[];
  pagingMetadata: { count: number; cursors: { next: string | null; prev: string | null }; hasNext: boolean };
};
const D = '/site-media/v1/folders';

async function folder(displayName: string, parentFolderId?: string) {
  const r = await s.admin<{ folder: Folder }>('POST', D, {
    displayName,
    ...(parentFolderId ? { parentFolderId } : {}),
  });
  expect(r.status).toBe(200);
  return r.body.folder;
}
const trash = async (...folderIds: string[]) =>
  expect((await s.admin('POST', '/site-media/v1/bulk/folders/delete', { folderIds })).status).toBe(200);
const text = (t: string) => Buffer.from(t);
const put = async (name: string, body: string, parentFolderId: string, o: { private?: boolean } = {}) =>
  (await upload(s, text(body), { mimeType: 'text/plain', fileName: name, parentFolderId, ...o })).body.file;

async function search(body: Record<string, unknown>) {
  const r = await s.admin<Page>('POST', `${D}/search`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
const names = (p: { folders: Folder[] }) => p.folders.map((f) => f.displayName).sort();
async function query(q: Record<string, unknown>) {
  return s.admin<Queried>('POST', `${D}/query`, { query: q });
}

/** The entries of a zip: directories end with `/` and map to ''; files map to their text. */
function unzip(bytes: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          out[entry.fileName] = '';
          return zip.readEntry();
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out[entry.fileName] = Buffer.concat(chunks).toString();
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('search folders', () => {
  it('finds word prefixes of display names anywhere in the media root, or in the trash', async () => {
    const shirts = await folder('Summer Shirts');
    const coats = await folder('Winter Coats');
    const hats = await folder('summer-hats', coats.id);
    const old = await folder('Archive 2041');

    expect(names(await search({ search: 'summer' }))).toEqual(['Summer Shirts', 'summer-hats']);
    expect(names(await search({ search: 'SHI', rootFolder: 'MEDIA_ROOT' }))).toEqual(['Summer Shirts']);
    // Word prefixes, as files' search: a word's middle does not match.
    expect(names(await search({ search: 'hirts' }))).toEqual([]);
    expect(names(await search({ search: 'hat sum' }))).toEqual(['summer-hats']);
    expect(names(await search({ search: '2041' }))).toEqual(['Archive 2041']);
    expect(names(await search({}))).toEqual(['Archive 2041', 'Summer Shirts', 'Winter Coats', 'summer-hats']);
    const found = (await search({ search: 'shirts' })).folders[0]!;
    expect(found).toEqual({
      id: shirts.id,
      displayName: 'Summer Shirts',
      parentFolderId: 'media-root',
      state: 'OK',
      createdDate: shirts.createdDate,
      updatedDate: shirts.updatedDate,
    });

    // A renamed folder is found by its new name only.
    await s.admin('PATCH', `${D}/${old.id}`, { folder: { displayName: 'Old_Stock' } });
    expect(names(await search({ search: 'archive' }))).toEqual([]);
    expect(names(await search({ search: 'stock' }))).toEqual(['Old_Stock']);

    // Trashing a folder trashes what is below it: both leave the media root's search for the trash's.
    await trash(coats.id);
    expect(names(await search({ search: 'hats' }))).toEqual([]);
    expect(names(await search({ search: 'hats', rootFolder: 'TRASH_ROOT' }))).toEqual(['summer-hats']);
    expect(names(await search({ search: 'summer', rootFolder: 'TRASH_ROOT' }))).toEqual(['summer-hats']);
    const trashed = await search({ rootFolder: 'TRASH_ROOT' });
    expect(names(trashed)).toEqual(['Winter Coats', 'summer-hats']);
    expect(trashed.folders.every((f) => f.state === 'DELETED')).toBe(true);
    expect(trashed.folders.find((f) => f.id === hats.id)!.parentFolderId).toBe(coats.id);
    // Folders live under the media root: the visitor uploads hold none.
    expect(names(await search({ rootFolder: 'VISITOR_UPLOADS_ROOT' }))).toEqual([]);
    await s.admin('POST', '/site-media/v1/bulk/trash-bin/folders/restore', { folderIds: [coats.id] });
    expect(names(await search({ search: 'hats' }))).toEqual(['summer-hats']);
  });

  it('pages by cursor, in the order asked', async () => {
    for (const n of ['Page C', 'Page A', 'Page E', 'Page B', 'Page D']) await folder(n);
    const p1 = await search({
      search: 'page',
      sort: { fieldName: 'displayName', order: 'ASC' },
      paging: { limit: 2 },
    });
    expect(p1.folders.map((f) => f.displayName)).toEqual(['Page A', 'Page B']);
    const p2 = await search({ paging: { cursor: p1.nextCursor.cursors.next } });
    expect(p2.folders.map((f) => f.displayName)).toEqual(['Page C', 'Page D']);
    const p3 = await search({ paging: { cursor: p2.nextCursor.cursors.next, limit: 5 } });
    expect(p3.folders.map((f) => f.displayName)).toEqual(['Page E']);
    expect(p3.nextCursor.cursors.next).toBeNull();
    const desc = await search({
      search: 'page',
      sort: { fieldName: 'displayName', order: 'DESC' },
      paging: { limit: 1 },
    });
    expect(desc.folders.map((f) => f.displayName)).toEqual(['Page E']);

    // A search's cursor is not a list's, nor a forged one; a folder has no size to sort by.
    const list = await s.admin(
      'GET',
      `${D}?paging.cursor=${encodeURIComponent(p1.nextCursor.cursors.next!)}`,
    );
    expect(list.status).toBe(400);
    const forged = await s.admin('POST', `${D}/search`, { paging: { cursor: 'bm90IGEgY3Vyc29y' } });
    expect(forged.status).toBe(400);
    expect(violations(forged.body)[0]!.field).toBe('paging.cursor');
    const bySize = await s.admin('POST', `${D}/search`, { sort: { fieldName: 'sizeInBytes', order: 'ASC' } });
    expect(bySize.status).toBe(400);
    for (const bad of [{ rootFolder: 'ELSEWHERE' }, { search: 'x'.repeat(201) }, { unknown: 1 }])
      expect((await s.admin('POST', `${D}/search`, bad)).status, JSON.stringify(bad)).toBe(400);
  });
});

describe('query folders', () => {
  it('filters and sorts on the allowed fields, pages by cursor, and finds live folders unless asked', async () => {
    const top = await folder('Query Top');
    const b = await folder('Query B', top.id);
    s.clock.advance(60_000);
    const since = s.clock.now().toISOString();
    s.clock.advance(60_000);
    const a = await folder('Query A', top.id);
    const c = await folder('Query C', top.id);
    const gone = await folder('Query Gone', top.id);
    await trash(gone.id);

    const below = await query({ filter: { parentFolderId: top.id }, sort: [{ fieldName: 'displayName' }] });
    expect(below.status).toBe(200);
    expect(below.body.folders.map((f) => f.displayName)).toEqual(['Query A', 'Query B', 'Query C']);
    expect(below.body.pagingMetadata).toEqual({
      count: 3,
      cursors: { next: null, prev: null },
      hasNext: false,
    });
    const ids = async (q: Record<string, unknown>) => {
      const r = await query(q);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.folders.map((f) => f.id);
    };
    expect(await ids({ filter: { id: a.id } })).toEqual([a.id]);
    expect(
      await ids({
        filter: { id: { $in: [b.id, 'not-a-uuid', c.id] } },
        sort: [{ fieldName: 'displayName' }],
      }),
    ).toEqual([b.id, c.id]);
    // Never stricter than the platform: an id that is not a UUID matches nothing, it is not refused.
    expect(await ids({ filter: { id: 'not-a-uuid' } })).toEqual([]);
    expect(await ids({ filter: { id: 'media-root' } })).toEqual([]);
    expect(
      await ids({
        filter: { displayName: { $startsWith: 'query ' }, createdDate: { $gt: since } },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      }),
    ).toEqual([c.id, a.id]);
    expect(await ids({ filter: { displayName: 'Query Top' } })).toEqual([top.id]);
    expect(await ids({ filter: { parentFolderId: top.id, updatedDate: { $lte: since } } })).toEqual([b.id]);
    // Trashed folders only when the filter asks for them by state.
    expect(await ids({ filter: { parentFolderId: top.id, state: 'DELETED' } })).toEqual([gone.id]);
    expect(await ids({ filter: { displayName: 'Query Gone' } })).toEqual([]);
    expect(
      (await ids({ filter: { parentFolderId: top.id, $or: [{ state: 'OK' }, { state: 'DELETED' }] } }))
        .length,
    ).toBe(4);

    const p1 = await query({
      filter: { parentFolderId: top.id },
      sort: [{ fieldName: 'displayName', order: 'DESC' }],
      cursorPaging: { limit: 2 },
    });
    expect(p1.body.folders.map((f) => f.displayName)).toEqual(['Query C', 'Query B']);
    expect(p1.body.pagingMetadata.hasNext).toBe(true);
    const p2 = await query({ cursorPaging: { cursor: p1.body.pagingMetadata.cursors.next } });
    expect(p2.body.folders.map((f) => f.displayName)).toEqual(['Query A']);
    expect(p2.body.pagingMetadata.hasNext).toBe(false);
    const all = await s.admin<Queried>('POST', `${D}/query`, {});
    expect(all.status).toBe(200);
    expect(all.body.folders.some((f) => f.id === gone.id)).toBe(false);
    expect(all.body.folders.some((f) => f.id === top.id)).toBe(true);
  });

  it('refuses unknown fields, operators and sorts, and wrong types', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ filter: { colour: 'red' } }, 'FIELD_NOT_ALLOWED'],
      [{ filter: { displayName: { $like: 'x' } } }, 'VALIDATION'],
      [{ filter: { createdDate: { $gt: 'yesterday' } } }, 'VALIDATION'],
      [{ filter: { id: 42 } }, 'VALIDATION'],
      [{ sort: [{ fieldName: 'parentFolderId' }] }, 'FIELD_NOT_ALLOWED'],
      [{ sort: [{ fieldName: 'sizeInBytes' }] }, 'FIELD_NOT_ALLOWED'],
    ];
    for (const [q, rule] of cases) {
      const r = await query(q);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(violations(r.body)[0]!.violatedRule, JSON.stringify(q)).toBe(rule);
    }
    expect((await s.admin('POST', `${D}/query`, { query: { cursorPaging: { limit: 101 } } })).status).toBe(
      400,
    );
    expect((await s.admin('POST', `${D}/query`, { filter: {} })).status).toBe(400);
  });
});

describe('folder download links', () => {
  it("zips a folder's live files, its subfolders as directories, behind a signed, expiring link", async () => {
    const shop = await folder('Shop');
    const shirts = await folder('Shirts', shop.id);
    const deep = await folder('Deep', shirts.id);
    await folder('Empty', shop.id);
    const dropped = await folder('Dropped', shop.id);
    const elsewhere = await folder('Elsewhere');
    await put('a.txt', 'first a', shop.id);
    await put('A.TXT', 'second a', shop.id);
    await put('b.txt', 'private b', shop.id, { private: true });
    await put('c.txt', 'shirt c', shirts.id);
    await put('d.txt', 'deep d', deep.id);
    await put('x.txt', 'dropped x', dropped.id);
    await put('y.txt', 'elsewhere y', elsewhere.id);
    const binned = await put('binned.txt', 'trashed file', shop.id);
    await s.admin('POST', '/site-media/v1/bulk/files/delete', { fileIds: [binned.id] });
    await trash(dropped.id);
    // Free-text names cannot escape the folder the zip is unpacked in.
    const odd = await put('odd.txt', 'odd name', shop.id);
    await s.admin('PATCH', '/site-media/v1/files/update-file-descriptor', {
      file: { id: odd.id, displayName: 'C:..\\evil.txt' },
    });
    const dots = await put('dots.txt', 'dots', shirts.id);
    await s.admin('PATCH', '/site-media/v1/files/update-file-descriptor', {
      file: { id: dots.id, displayName: '..' },
    });
    // An import with no bytes (refused by the SSRF guard) is left out.
    const imported = await s.admin<{ file: { id: string } }>('POST', '/site-media/v1/files/import', {
      url: 'http://127.0.0.1:9/nothing.txt',
      parentFolderId: shop.id,
      mimeType: 'text/plain',
    });
    expect(imported.status).toBe(200);
    expect((await ready(s, imported.body.file.id)).operationStatus).toBe('FAILED');

    const link = await s.admin<{ downloadUrl: string }>('POST', `${D}/${shop.id}/generate-download-url`, {
      folderId: shop.id,
    });
    expect(link.status).toBe(200);
    expect(link.body.downloadUrl.startsWith(`${s.url}/site-media/v1/download/archive?`)).toBe(true);
    const res = await fetch(link.body.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Shop.zip"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await unzip(Buffer.from(await res.arrayBuffer()))).toEqual({
      'Empty/': '',
      'Shirts/': '',
      'Shirts/Deep/': '',
      'Shirts/Deep/d.txt': 'deep d',
      'Shirts/_': 'dots',
      'Shirts/c.txt': 'shirt c',
      'A.TXT': 'second a',
      'a (2).txt': 'first a',
      'b.txt': 'private b',
      'C_.._evil.txt': 'odd name',
    });

    // The zip holds what the folder holds when the link is opened.
    await put('late.txt', 'late', deep.id);
    expect(
      Object.keys(await unzip(Buffer.from(await (await fetch(link.body.downloadUrl)).arrayBuffer()))),
    ).toContain('Shirts/Deep/late.txt');
    // A subfolder's link holds only what is below it.
    const sub = await s.admin<{ downloadUrl: string }>('POST', `${D}/${shirts.id}/generate-download-url`, {});
    const subRes = await fetch(sub.body.downloadUrl);
    expect(subRes.headers.get('content-disposition')).toContain('filename="Shirts.zip"');
    expect(Object.keys(await unzip(Buffer.from(await subRes.arrayBuffer()))).sort()).toEqual([
      'Deep/',
      'Deep/d.txt',
      'Deep/late.txt',
      '_',
      'c.txt',
    ]);
    // The media root's link is the whole library (the trash and the visitor uploads aside).
    const root = await s.admin<{ downloadUrl: string }>('POST', `${D}/media-root/generate-download-url`, {});
    const everything = await unzip(Buffer.from(await (await fetch(root.body.downloadUrl)).arrayBuffer()));
    expect(everything['Shop/Shirts/Deep/d.txt']).toBe('deep d');
    expect(everything['Elsewhere/y.txt']).toBe('elsewhere y');
    expect(Object.keys(everything).some((k) => k.includes('Dropped') || k.includes('binned'))).toBe(false);

    // Tampering is refused: another folder, a longer life, no signature, files added.
    const url = new URL(link.body.downloadUrl);
    const tampered = (edit: (q: URLSearchParams) => void) => {
      const u = new URL(url);
      edit(u.searchParams);
      return fetch(u);
    };
    for (const edit of [
      (q: URLSearchParams) => q.set('folderId', elsewhere.id),
      (q: URLSearchParams) => q.set('exp', String(Number(q.get('exp')) + 3600)),
      (q: URLSearchParams) => q.delete('sig'),
      (q: URLSearchParams) => q.set('ids', binned.id),
    ]) {
      const r = await tampered(edit);
      expect(r.status).toBe(403);
      expect(appError(await r.json()).code).toBe('INVALID_LINK');
    }
    // A folder trashed since: its link no longer opens.
    const later = await s.admin<{ downloadUrl: string }>(
      'POST',
      `${D}/${elsewhere.id}/generate-download-url`,
      {},
    );
    await trash(elsewhere.id);
    const refused = await fetch(later.body.downloadUrl);
    expect(refused.status).toBe(409);
    expect(appError(await refused.json()).code).toBe('FOLDER_IN_TRASH');

    // The link expires after an hour.
    s.clock.advance(61 * 60_000);
    const expired = await fetch(link.body.downloadUrl);
    expect(expired.status).toBe(403);
    expect(appError(await expired.json()).code).toBe('LINK_EXPIRED');
  });

  it('answers 404 for a missing folder, 409 for a trashed one, 400 for the trash', async () => {
    for (const id of ['0190c0de-0000-7000-8000-000000000000', 'no-such-folder']) {
      const r = await s.admin('POST', `${D}/${id}/generate-download-url`, { folderId: id });
      expect(r.status, id).toBe(404);
      expect(appError(r.body).code).toBe('FOLDER_NOT_FOUND');
    }
    const binned = await folder('Binned');
    await trash(binned.id);
    const r = await s.admin('POST', `${D}/${binned.id}/generate-download-url`, {});
    expect(r.status).toBe(409);
    expect(appError(r.body).code).toBe('FOLDER_IN_TRASH');
    expect((await s.admin('POST', `${D}/trash-root/generate-download-url`, {})).status).toBe(400);
    expect((await s.admin('POST', `${D}/x/generate-download-url`, { other: 1 })).status).toBe(400);
  });

  it("names files of a files' zip safely too", async () => {
    const f = await put('plain.txt', 'plain', 'media-root');
    await s.admin('PATCH', '/site-media/v1/files/update-file-descriptor', {
      file: { id: f.id, displayName: 'C:plain.txt' },
    });
    const zip = await s.admin<{ downloadUrl: string }>('POST', '/site-media/v1/files/generate-download-url', {
      fileIds: [f.id],
    });
    const res = await fetch(zip.body.downloadUrl);
    expect(res.status).toBe(200);
    expect(await unzip(Buffer.from(await res.arrayBuffer()))).toEqual({ 'C_plain.txt': 'plain' });
  });
});
