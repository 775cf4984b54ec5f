/**
 * The dashboard's media library while files are processed, in real Chromium against a real server:
 * a video uploaded in the library shows "Processing" (the server's job runner is held back), then,
 * once processed, its poster appears by itself — in the grid and in the open details — without a
 * reload. A file that cannot be read says why in words, without the server's file paths. At 1280
 * and 375 px; axe-core on the library and the details.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { FFMPEG, mediaServer } from '../test/media.ts';
import type { TestServer } from '../test/server.ts';
import { setUpOwner } from '../test/staff.ts';
import { expectAccessible } from '../test/storefront.ts';

const built = existsSync(join(appDist('dashboard'), 'index.html'));
if (!built) console.warn('Dashboard media browser tests SKIPPED: run "npm run build" first.');

let s: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let video: Buffer;
const errors: string[] = [];

beforeAll(async () => {
  if (!hasChromium || !built) return;
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-media-browser-'));
  await promisify(execFile)(FFMPEG, [
    ...['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', join(dir, 'clip.mp4')],
  ]);
  video = readFileSync(join(dir, 'clip.mp4'));
  s = await mediaServer({ env: { PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' } });
  const owner = await setUpOwner(s);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: s.url });
  await context.addCookies([
    { name: 'vitrine_staff', value: owner.cookie!, url: s.url, httpOnly: true, sameSite: 'Strict' },
  ]);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

const card = (name: string) =>
  page
    .getByRole('list', { name: 'Files' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('link', { name, exact: true }),
    });

describe.skipIf(!hasChromium || !built)('the media library while files are processed', () => {
  it('turns "Processing" into the video by itself, in the grid and in the open details', async () => {
    await page.goto('/dashboard/media');
    await page.getByRole('heading', { name: 'Media library', level: 1 }).waitFor();
    // Nothing is processed until the runner starts again: the library sees the file PENDING.
    await s.app.jobs.stop();
    await page
      .locator('input[type="file"][aria-label="Upload files"]')
      .setInputFiles([{ name: 'clip.mp4', mimeType: 'video/mp4', buffer: video }]);
    await page.getByRole('status').filter({ hasText: '1 of 1 file uploaded.' }).waitFor();
    await card('clip.mp4').getByText('Processing').waitFor();
    await card('clip.mp4').getByRole('link', { name: 'clip.mp4' }).click();
    const details = page.getByRole('dialog', { name: 'clip.mp4' });
    await details.getByText('Processing…').waitFor();
    await expectAccessible(page, 'details of a file being processed');

    s.app.jobs.start();
    // No reload: the open details and the grid read the file again until it is ready.
    await details.getByRole('img', { name: 'Preview of clip.mp4' }).waitFor({ timeout: 60_000 });
    await details.getByText('Ready', { exact: true }).waitFor();
    await details.getByRole('button', { name: 'Close', exact: true }).first().click();
    await card('clip.mp4').getByText('Video · ').waitFor();
    await expect.poll(() => card('clip.mp4').getByText('Processing').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => card('clip.mp4').locator('img').count()).toBe(1);
    await expectAccessible(page, 'media library after processing');
    expect(errors).toEqual([]);
  });

  it('says in words why a damaged picture failed, without the server’s paths, at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600, 1)]);
    await page
      .locator('input[type="file"][aria-label="Upload files"]')
      .setInputFiles([{ name: 'damaged.jpg', mimeType: 'image/jpeg', buffer: broken }]);
    await card('damaged.jpg').getByText('Failed').waitFor({ timeout: 60_000 });
    await card('damaged.jpg').getByRole('link', { name: 'damaged.jpg' }).click();
    const details = page.getByRole('dialog', { name: 'damaged.jpg' });
    const status = details.getByText(/^Failed\./);
    await status.waitFor();
    const words = await status.innerText();
    expect(words).toContain('could not be read');
    expect(words).not.toMatch(/\/|vips|original/i);
    const width = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
          .documentElement.scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'details of a failed file, 375 px');
  });
});
