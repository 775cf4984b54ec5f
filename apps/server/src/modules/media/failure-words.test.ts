/**
 * A file that cannot be processed says why in words the merchant can act on — in the descriptor's
 * `failureReason` and the `file_failed` event — and never shows the server's disk paths.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server.ts';
import { mediaServer, ready, upload } from '../../test/media.ts';
import { processingFailure } from './failure-words.ts';

let s: TestServer;
beforeAll(async () => {
  s = await mediaServer();
});
afterAll(async () => {
  await s?.stop();
});

const failedEvent = (fileId: string) =>
  s.app
    .systemCtx()
    .db.selectFrom('event')
    .select(['body'])
    .where('event_type', '=', 'wix.media.site_media.v1.file_descriptor_file_failed')
    .where('entity_id', '=', fileId)
    .executeTakeFirstOrThrow();

describe('processing failures', () => {
  it('say a damaged picture could not be read, with no path of the server in the descriptor or the event', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#08f' } })
      .jpeg()
      .toBuffer();
    const up = await upload(s, jpeg.subarray(0, 700), { mimeType: 'image/jpeg', fileName: 'cut.jpg' });
    expect(up.status).toBe(200);
    const file = (await ready(s, up.body.file.id)) as { operationStatus: string; failureReason?: string };
    expect(file.operationStatus).toBe('FAILED');
    expect(file.failureReason).toBe(
      'processing failed: the picture could not be read: the file is damaged or incomplete',
    );
    const event = JSON.stringify((await failedEvent(up.body.file.id)).body);
    expect(event).toContain('the picture could not be read');
    expect(event).not.toMatch(/\/media\/library|original|vips/i);
  });

  it('has words for every kind of file', () => {
    expect(processingFailure('IMAGE', 'image/png', 'Input image exceeds pixel limit')).toMatch(
      /more than 268 million pixels/,
    );
    expect(processingFailure('VIDEO', 'video/mp4', '/data/x/original: Invalid data')).toBe(
      'processing failed: the video could not be read: the file is damaged, incomplete or of a kind this store does not convert',
    );
    expect(processingFailure('AUDIO', 'audio/mpeg', 'no audio stream')).toMatch(/sound could not be read/);
    expect(processingFailure('VECTOR', 'image/svg+xml', 'x')).toMatch(/SVG file is damaged/);
    expect(processingFailure('IMAGE', 'image/heic', 'HEIC: Invalid input')).toMatch(
      /HEIC picture could not be read.*upload the picture as JPEG or PNG/,
    );
    expect(processingFailure('OTHER', 'application/zip', 'x')).toBe(
      'processing failed: the file could not be read',
    );
  });
});
