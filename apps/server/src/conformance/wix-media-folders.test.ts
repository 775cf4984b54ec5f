/**
 * The official `@wix/media` folders module, unchanged, against Vitrine: searchFolders, the
 * queryFolders builder and generateFolderDownloadUrl, with the calls they build on.
 */
import { files, folders } from '@wix/media';
import { createClient } from '@wix/sdk';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaServer } from '../test/media.ts';
import type { TestServer } from '../test/server.ts';
import { adminAuth, redirectWixFetch, type Recorded } from '../test/wix.ts';

let s: TestServer;
let undo: () => void;
const log: Recorded[] = [];
const client = () => createClient({ auth: adminAuth, modules: { files, folders } });

beforeAll(async () => {
  s = await mediaServer();
  undo = redirectWixFetch(s.url, log);
});
afterAll(async () => {
  undo?.();
  await s?.stop();
});

/** The names of a zip's entries. */
function entries(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names.sort()));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function putText(parentFolderId: string, name: string, text: string) {
  const { uploadUrl } = await client().files.generateFileUploadUrl('text/plain', {
    fileName: name,
    sizeInBytes: String(Buffer.byteLength(text)),
    parentFolderId,
  });
  const res = await fetch(`${uploadUrl}&filename=${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { 'content-type': 'text/plain' },
    body: text,
  });
  expect(res.status).toBe(200);
}

describe('@wix/media folders against Vitrine', () => {
  it('searches folders by name in the media root and in the trash', async () => {
    const c = client();
    const summer = await c.folders.createFolder('Summer Sale');
    const winter = await c.folders.createFolder('Winter Sale', { parentFolderId: summer.folder!._id! });
    await c.folders.createFolder('Archive');
    const found = await c.folders.searchFolders({
      search: 'sale',
      rootFolder: 'MEDIA_ROOT',
      sort: { fieldName: 'displayName', order: 'ASC' },
      paging: { limit: 1 },
    });
    expect(log.at(-1)).toMatchObject({
      method: 'POST',
      url: 'https://www.wixapis.com/site-media/v1/folders/search',
    });
    expect(found.folders!.map((f) => f.displayName)).toEqual(['Summer Sale']);
    expect(found.folders![0]).toMatchObject({
      _id: summer.folder!._id,
      parentFolderId: 'media-root',
      state: 'OK',
    });
    expect(found.folders![0]!._createdDate).toBeInstanceOf(Date);
    const next = await c.folders.searchFolders({ paging: { cursor: found.nextCursor!.cursors!.next! } });
    expect(next.folders!.map((f) => f.displayName)).toEqual(['Winter Sale']);

    await c.folders.bulkDeleteFolders([winter.folder!._id!]);
    expect((await c.folders.searchFolders({ search: 'winter' })).folders).toEqual([]);
    const trashed = await c.folders.searchFolders({ search: 'winter', rootFolder: 'TRASH_ROOT' });
    expect(trashed.folders!.map((f) => [f._id, f.state])).toEqual([[winter.folder!._id, 'DELETED']]);
  });

  it('queries folders with the builder: filters, sorts, cursors; a non-UUID id matches nothing', async () => {
    const c = client();
    const parent = (await c.folders.createFolder('Query Parent')).folder!;
    for (const n of ['Q3', 'Q1', 'Q2']) await c.folders.createFolder(n, { parentFolderId: parent._id! });
    const first = await c.folders
      .queryFolders()
      .eq('parentFolderId' as 'state', parent._id)
      .ascending('displayName')
      .limit(2)
      .find();
    expect(log.at(-1)).toMatchObject({
      method: 'POST',
      url: 'https://www.wixapis.com/site-media/v1/folders/query',
    });
    expect(first.items.map((f) => f.displayName)).toEqual(['Q1', 'Q2']);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items.map((f) => f.displayName)).toEqual(['Q3']);
    expect(second.hasNext()).toBe(false);

    const newest = await c.folders
      .queryFolders()
      .eq('state', 'OK')
      .descending('_updatedDate')
      .limit(1)
      .find();
    expect(newest.items.map((f) => f.displayName)).toEqual(['Q2']);
    const byId = await c.folders
      .queryFolders()
      .eq('_id' as 'state', parent._id)
      .find();
    expect(byId.items.map((f) => f._id)).toEqual([parent._id]);
    const none = await c.folders
      .queryFolders()
      .eq('_id' as 'state', 'not-a-uuid')
      .find();
    expect(none.items).toEqual([]);
    const trashedOnly = await c.folders.queryFolders().eq('state', 'DELETED').find();
    expect(trashedOnly.items.map((f) => f.displayName)).toEqual(['Winter Sale']);
  });

  it("generates a folder's download URL: a zip of its files and subfolders", async () => {
    const c = client();
    const box = (await c.folders.createFolder('Box')).folder!;
    const inner = (await c.folders.createFolder('Inner', { parentFolderId: box._id! })).folder!;
    await putText(box._id!, 'top.txt', 'top');
    await putText(inner._id!, 'inner.txt', 'inner');
    const { downloadUrl } = await c.folders.generateFolderDownloadUrl(box._id!);
    expect(log.at(-1)).toMatchObject({
      method: 'POST',
      url: `https://www.wixapis.com/site-media/v1/folders/${box._id}/generate-download-url`,
    });
    const res = await fetch(downloadUrl!);
    expect(res.status).toBe(200);
    expect(await entries(Buffer.from(await res.arrayBuffer()))).toEqual([
      'Inner/',
      'Inner/inner.txt',
      'top.txt',
    ]);
    await expect(
      c.folders.generateFolderDownloadUrl('0190c0de-0000-7000-8000-000000000000'),
    ).rejects.toMatchObject({
      details: { applicationError: { code: 'FOLDER_NOT_FOUND' } },
    });
  });
});
