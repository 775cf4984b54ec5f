/**
 * A file or folder renamed to nothing (empty, or spaces alone) is refused with the platform's
 * validation envelope — one field violation on `displayName`, in words — and keeps its name: no
 * change is written and no `updated` event goes out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { violations, type TestServer } from '../../test/server.ts';
import { mediaServer, png, upload, type File } from '../../test/media.ts';

let s: TestServer;
beforeAll(async () => {
  s = await mediaServer();
});
afterAll(async () => {
  await s?.stop();
});

const BLANKS = ['', '   ', '\t\n ', '\u00a0\u3000'];
const refusal = (field: string) => [
  {
    field,
    description: 'cannot be empty or only spaces',
    violatedRule: 'MIN_LENGTH',
    data: { threshold: 1 },
  },
];
const updatedEvents = (entityId: string) =>
  s.app
    .systemCtx()
    .db.selectFrom('event')
    .select('event_type')
    .where('entity_id', '=', entityId)
    .where('event_type', 'like', '%updated')
    .execute();

describe('renaming to an empty name', () => {
  it('refuses a file name of nothing or spaces, with or without a field mask, and keeps the old name', async () => {
    const file = (await upload(s, await png(8, 8), { fileName: 'shirt.png' })).body.file;
    for (const displayName of BLANKS)
      for (const fieldMask of [{ paths: ['displayName'] }, undefined]) {
        const r = await s.admin('PATCH', '/site-media/v1/files/update-file-descriptor', {
          file: { id: file.id, displayName },
          ...(fieldMask ? { fieldMask } : {}),
        });
        expect(r.status, JSON.stringify(r.body)).toBe(400);
        expect(violations(r.body)).toEqual(refusal('file.displayName'));
      }
    const got = await s.admin<{ file: File }>(
      'GET',
      `/site-media/v1/files/get-file-by-id?fileId=${encodeURIComponent(file.id)}`,
    );
    expect(got.body.file.displayName).toBe('shirt.png');
    expect(await updatedEvents(file.id)).toEqual([]);
    // A name with spaces around it is kept, trimmed.
    const ok = await s.admin<{ file: File }>('PATCH', '/site-media/v1/files/update-file-descriptor', {
      file: { id: file.id, displayName: '  red shirt.png ' },
      fieldMask: { paths: ['displayName'] },
    });
    expect(ok.body.file.displayName).toBe('red shirt.png');
  });

  it('refuses a folder name of nothing or spaces, on creation and on rename, and keeps the old name', async () => {
    const made = await s.admin<{ folder: { id: string } }>('POST', '/site-media/v1/folders', {
      displayName: 'Summer',
    });
    const id = made.body.folder.id;
    for (const displayName of BLANKS) {
      const renamed = await s.admin('PATCH', `/site-media/v1/folders/${id}`, { folder: { displayName } });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(400);
      expect(violations(renamed.body)).toEqual(refusal('folder.displayName'));
      const created = await s.admin('POST', '/site-media/v1/folders', { displayName });
      expect(created.status).toBe(400);
      expect(violations(created.body)).toEqual(refusal('displayName'));
    }
    const got = await s.admin<{ folder: { displayName: string } }>('GET', `/site-media/v1/folders/${id}`);
    expect(got.body.folder.displayName).toBe('Summer');
    expect(await updatedEvents(id)).toEqual([]);
  });
});
