/**
 * A review's video in the storefront, in real Chromium against a real server: the review carries the
 * library's streams (video v2 `resolutions`, HLS among them), and the shop's lightbox plays the HLS
 * stream with the UI kit's player (`@vitrine/ui/video-player`, the dashboard's too): hls.js through
 * Media Source Extensions, whose blob: source the storefront's CSP allows. This Chromium decodes the
 * rendition's H.264 (av.ts: libx264 in fMP4), so playing it proves frames were decoded from the
 * stream's segments, not from the original file. Keyboard: Tab to the thumbnail, Enter opens it,
 * Tab reaches the player, Space plays. axe-core on the open lightbox.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { WireReview } from '@vitrine/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { FFMPEG, ready, upload } from '../test/media.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { shopProduct } from '../test/shop.ts';
import { expectAccessible, focused, hydrated, reviewsHydrated, watchErrors } from '../test/storefront.ts';
import { expectFramesDecoded, expectHlsByHlsJs, mediaRequests, playByKeyboard } from '../test/video.ts';

const built = existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
if (!built) console.warn('Review video browser test SKIPPED: run "npm run build" first.');

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium || !built) return;
  // Media bytes in a folder of its own; real tokens (the shop's visitor), unlike mediaServer's fakes.
  s = await startTestServer({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-review-video-data-')) } });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

describe.skipIf(!hasChromium || !built)("a review's video in the shop", () => {
  it('carries its HLS stream, and the lightbox plays it by hls.js, from the keyboard', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-review-video-'));
    await promisify(execFile)(FFMPEG, [
      ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', join(dir, 'unboxing.mp4')],
    ]);
    const put = await upload(s, readFileSync(join(dir, 'unboxing.mp4')), {
      mimeType: 'video/mp4',
      fileName: 'unboxing.mp4',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const file = await ready(s, put.body.file.id);
    expect(file.operationStatus).toBe('READY');

    const { productId, product } = await shopProduct(s, { name: 'Travel kettle', price: '30' });
    const made = await s.admin<{ review: WireReview }>('POST', '/reviews/v1/reviews', {
      review: {
        namespace: 'stores',
        entityId: productId,
        author: { authorName: 'Grace' },
        content: { title: 'Boils fast', rating: 5, media: [{ video: { id: file.id } }] },
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // The review's video names its streams, as the library describes them.
    const video = made.body.review.content.media[0]!.video!;
    const hls = video.resolutions?.find((r) => r.format === 'hls')?.url;
    expect(hls, JSON.stringify(video)).toBe(`${file.url}/hls/index.m3u8`);
    const got = await s.request<{ review: WireReview }>('GET', `/reviews/v1/reviews/${made.body.review.id}`);
    expect(got.body.review.content.media[0]!.video!.resolutions).toEqual(video.resolutions);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: s.url });
    const page = await context.newPage();
    const errors: string[] = [];
    watchErrors(page, errors);
    const fetched = mediaRequests(page);
    await page.goto(`/product-page/${(product as unknown as { slug: string }).slug}`);
    await hydrated(page);
    await reviewsHydrated(page);
    const thumb = page.getByRole('button', { name: /^Open video 1 from Grace/ });
    await thumb.waitFor();
    for (let i = 0; i < 80 && !/^Open video 1/.test(await focused(page)); i++)
      await page.keyboard.press('Tab');
    expect(await focused(page)).toMatch(/^Open video 1/);
    await page.keyboard.press('Enter');
    const lightbox = page.getByRole('dialog', { name: 'Photo' });
    const player = lightbox.locator(`video[aria-label="Video 1 from Grace's review"]`);
    await player.waitFor();
    expect(await player.getAttribute('controls')).not.toBeNull();
    await expectHlsByHlsJs(player, { hls: hls!, fileUrl: file.url, fetched: fetched.paths });
    await expectAccessible(page, 'lightbox with a video');

    // Tab reaches the player inside the dialog; Space plays the stream (time passes, frames shown).
    await playByKeyboard(page, player);
    await expectFramesDecoded(player);
    await page.keyboard.press('Escape');
    await expect.poll(() => lightbox.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
