/**
 * The dashboard's media library while files are processed, in real Chromium against a real server:
 * a video uploaded in the library shows "Processing" (the server's job runner is held back), then,
 * once processed, its poster appears by itself — in the grid, and in the open details as the
 * poster of a player — without a reload. A file that cannot be read says why in words, without the
 * server's file paths. The ready video plays its HLS stream in its details (`<video controls>`,
 * reached and started with the keyboard): by hls.js through Media Source Extensions (this Chromium
 * decodes the rendition's H.264, so frames are really decoded), natively where MSE is missing, and
 * from the original file when the stream cannot be had. A private video plays there too, and a
 * private image shows in the grid and the details, through short-lived signed links (the same URLs
 * without their signature are refused), asked for again when the player is refused one. Renaming a file or a folder to nothing is refused beside the field, and the
 * name stays. At 1280 and 375 px; axe-core on the library and the details; a screenshot of the
 * player in test-artifacts/dashboard (git-ignored).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { FFMPEG, mediaServer, png, ready, upload } from '../test/media.ts';
import type { TestServer } from '../test/server.ts';
import { setUpOwner } from '../test/staff.ts';
import { expectAccessible } from '../test/storefront.ts';
import { expectFramesDecoded, expectHlsByHlsJs, mediaRequests, playByKeyboard } from '../test/video.ts';

const built = existsSync(join(appDist('dashboard'), 'index.html'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'dashboard');
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
    await details.locator('video[poster]').waitFor({ timeout: 60_000 });
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

  it('plays the ready video as its HLS stream by hls.js: a player with its poster, reached and started with the keyboard', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // What the page fetches of the video: the playlist, its init segment and media segments.
    const fetched = mediaRequests(page);
    await page.goto('/dashboard/media');
    await card('clip.mp4').getByRole('link', { name: 'clip.mp4' }).click();
    const details = page.getByRole('dialog', { name: 'clip.mp4' });
    // A <video> has no ARIA role to find it by: its accessible name, then.
    const player = details.locator('video[aria-label="Video: clip.mp4"]');
    await player.waitFor();
    expect(await player.getAttribute('controls')).not.toBeNull();
    const file = await fileNamed('clip.mp4');
    const media = file.media.video as {
      posters: { url: string }[];
      resolutions: { url: string; format: string }[];
    };
    const hls = media.resolutions.find((r) => r.format === 'hls')!.url;
    expect(await player.getAttribute('poster')).toBe(media.posters[0]!.url);
    const poster = await fetch(media.posters[0]!.url);
    expect([poster.status, poster.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    // This Chromium has Media Source Extensions and decodes the rendition's H.264 (av.ts: libx264
    // in fMP4): hls.js plays the stream through a MediaSource (a blob: source), not the original.
    await expectHlsByHlsJs(player, { hls, fileUrl: file.url, fetched: fetched.paths });
    await expectAccessible(page, 'details of a ready video');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'media-video-details-1280.png') });

    // With Tab alone, from the top of the dialog, the player is reached; Space starts it, and the
    // stream's frames are decoded (time passes, frames are shown).
    await details.getByRole('heading', { name: 'clip.mp4' }).click();
    await playByKeyboard(page, player);
    await expectFramesDecoded(player);
    fetched.stop();
    await details.getByRole('button', { name: 'Close', exact: true }).first().click();
    expect(errors).toEqual([]);
  });

  it('plays the stream natively where there is no MediaSource, and the original when the stream fails', async () => {
    const file = await fileNamed('clip.mp4');
    const hls = (file.media.video as { resolutions: { url: string; format: string }[] }).resolutions.find(
      (r) => r.format === 'hls',
    )!.url;
    const open = async (p: Page) => {
      await p.goto('/dashboard/media');
      await p
        .getByRole('list', { name: 'Files' })
        .getByRole('link', { name: 'clip.mp4', exact: true })
        .click();
      return p.getByRole('dialog', { name: 'clip.mp4' }).locator('video[aria-label="Video: clip.mp4"]');
    };
    const loaded = (player: ReturnType<Page['locator']>) =>
      expect
        .poll(() => player.evaluate((v) => (v as unknown as { readyState: number }).readyState))
        .toBeGreaterThanOrEqual(1);
    const src = (player: ReturnType<Page['locator']>) =>
      player.evaluate((v) => (v as unknown as { currentSrc: string }).currentSrc);

    // A browser without Media Source Extensions that plays HLS itself (as Safari on an iPhone):
    // this Chromium says "maybe" to the HLS type and plays the playlist as the video's source.
    const native = await context.newPage();
    await native.addInitScript(() => {
      const w = globalThis as unknown as Record<string, unknown>;
      delete w.MediaSource;
      delete w.ManagedMediaSource;
    });
    const nativePlayer = await open(native);
    await expect.poll(() => nativePlayer.getAttribute('data-source')).toBe('native-hls');
    await loaded(nativePlayer);
    expect(await src(nativePlayer)).toBe(hls);
    await native.close();

    // The stream cannot be had (its playlist answers 404): the original file plays instead.
    const broken = await context.newPage();
    await broken.route('**/hls/index.m3u8', (route) => route.fulfill({ status: 404, body: 'gone' }));
    const fallback = await open(broken);
    await expect.poll(() => fallback.getAttribute('data-source')).toBe('original');
    await loaded(fallback);
    expect(await src(fallback)).toBe(file.url);
    expect(await fallback.evaluate((v) => Math.round((v as unknown as { duration: number }).duration))).toBe(
      2,
    );
    await broken.close();
    expect(errors).toEqual([]);
  });

  it('refuses to rename a file or a folder to nothing, beside the field, and keeps the old name', async () => {
    await page.goto('/dashboard/media');
    await card('clip.mp4').getByRole('link', { name: 'clip.mp4' }).click();
    const details = page.getByRole('dialog', { name: 'clip.mp4' });
    const name = details.getByLabel('Name', { exact: true });
    await name.fill('   ');
    await details.getByRole('button', { name: 'Rename' }).click();
    await expectRefused(
      name,
      'Enter a name: it cannot be empty or only spaces. The file is still called clip.mp4.',
    );
    await expectAccessible(page, 'a file renamed to nothing');
    // Nothing was sent: the file, its details' title and its card keep the name.
    expect((await fileNamed('clip.mp4')).displayName).toBe('clip.mp4');
    await page.getByRole('dialog', { name: 'clip.mp4' }).waitFor();
    // Typing again clears the error; a real name is saved.
    await name.fill('clip, summer.mp4');
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    await details.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('dialog', { name: 'clip, summer.mp4' }).getByText('Name saved.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).first().click();
    await card('clip, summer.mp4').waitFor();

    const made = await s.admin<{ folder: { id: string } }>('POST', '/site-media/v1/folders', {
      displayName: 'Summer',
    });
    await page.goto(`/dashboard/media?folder=${made.body.folder.id}`);
    await page.getByRole('link', { name: 'Rename folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename folder' });
    const field = dialog.getByLabel('Folder name');
    expect(await field.inputValue()).toBe('Summer');
    await field.fill('');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expectRefused(
      field,
      'Enter a name: it cannot be empty or only spaces. The folder is still called Summer.',
    );
    await expectAccessible(page, 'a folder renamed to nothing');
    const folder = await s.admin<{ folder: { displayName: string } }>(
      'GET',
      `/site-media/v1/folders/${made.body.folder.id}`,
    );
    expect(folder.body.folder.displayName).toBe('Summer');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('navigation', { name: 'Folder' }).getByText('Summer', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!hasChromium || !built)('private files in the media library', () => {
  const unsigned = (url: string) => url.split('?')[0]!;
  const status = async (url: string) => (await fetch(url)).status;
  const loadedWidth = (img: ReturnType<Page['locator']>) =>
    expect
      .poll(() => img.evaluate((i) => (i as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
  let videoId: string;
  let imageId: string;

  beforeAll(async () => {
    if (!hasChromium || !built) return;
    const v = await upload(s, video, { mimeType: 'video/mp4', fileName: 'secret.mp4', private: true });
    const i = await upload(s, await png(400, 300), { fileName: 'secret.png', private: true });
    expect([v.status, i.status]).toEqual([200, 200]);
    videoId = (await ready(s, v.body.file.id)).id;
    imageId = (await ready(s, i.body.file.id)).id;
  }, 120_000);

  it('shows a private image and a private video’s poster in the grid through signed links, refused unsigned', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/dashboard/media');
    const image = card('secret.png').locator('img');
    const poster = card('secret.mp4').locator('img');
    await loadedWidth(image);
    await loadedWidth(poster);
    const imageSrc = (await image.getAttribute('src'))!;
    const posterSrc = (await poster.getAttribute('src'))!;
    expect(imageSrc).toContain(`/media/${imageId}/v1/fill/`);
    expect(posterSrc).toContain(`/media/${videoId}/`);
    for (const url of [imageSrc, posterSrc]) {
      expect(new URL(url).searchParams.get('sig'), url).toBeTruthy();
      // Short-lived: at most 15 minutes from now.
      expect(Number(new URL(url).searchParams.get('exp')) * 1000).toBeLessThanOrEqual(
        Date.now() + 15.5 * 60_000,
      );
      expect(await status(url)).toBe(200);
      expect(await status(unsigned(url)), `${url} without its signature`).toBe(403);
    }
    await expectAccessible(page, 'media library with private files');
    expect(errors).toEqual([]);
  });

  it('previews a private image in its details and offers it through a signed download link', async () => {
    await page.goto('/dashboard/media');
    await card('secret.png').getByRole('link', { name: 'secret.png' }).click();
    const details = page.getByRole('dialog', { name: 'secret.png' });
    const preview = details.getByRole('img', { name: 'Preview of secret.png' });
    await loadedWidth(preview);
    const download = details.getByRole('link', { name: 'Download secret.png' });
    const href = (await download.getAttribute('href'))!;
    const got = await fetch(href);
    expect([got.status, got.headers.get('content-disposition')?.startsWith('attachment')]).toEqual([
      200,
      true,
    ]);
    expect(await status(unsigned(href))).toBe(403);
    expect(await status(unsigned((await preview.getAttribute('src'))!))).toBe(403);
    await expectAccessible(page, 'details of a private image');
    await details.getByRole('button', { name: 'Close', exact: true }).first().click();
    expect(errors).toEqual([]);
  });

  it('plays a private video’s signed HLS stream by hls.js; its playlist, segments and poster are refused unsigned', async () => {
    const urls: string[] = [];
    const listen = (r: { url(): string }) => void (r.url().includes('/media/') && urls.push(r.url()));
    page.on('request', listen);
    const fetched = mediaRequests(page);
    await page.goto('/dashboard/media');
    await card('secret.mp4').getByRole('link', { name: 'secret.mp4' }).click();
    const details = page.getByRole('dialog', { name: 'secret.mp4' });
    const player = details.locator('video[aria-label="Video: secret.mp4"]');
    await player.waitFor();
    const file = await fileNamed('secret.mp4');
    const hls = (file.media.video as { resolutions: { url: string; format: string }[] }).resolutions.find(
      (r) => r.format === 'hls',
    )!.url;
    await expectHlsByHlsJs(player, { hls, fileUrl: file.url, fetched: fetched.paths });
    await details.getByRole('heading', { name: 'secret.mp4' }).click();
    await playByKeyboard(page, player);
    await expectFramesDecoded(player);
    fetched.stop();
    page.off('request', listen);

    const playlist = urls.find((u) => u.includes('/hls/index.m3u8'))!;
    const segment = urls.find((u) => u.endsWith('.m4s') || u.includes('.m4s?'))!;
    const poster = (await player.getAttribute('poster'))!;
    for (const url of [playlist, segment, poster]) {
      expect(new URL(url).searchParams.get('sig'), url).toBeTruthy();
      expect(await status(url)).toBe(200);
      expect(await status(unsigned(url)), `${url} without its signature`).toBe(403);
    }
    const download = await details.getByRole('link', { name: 'Download secret.mp4' }).getAttribute('href');
    expect(await status(unsigned(download!))).toBe(403);
    await expectAccessible(page, 'details of a private video');
    await details.getByRole('button', { name: 'Close', exact: true }).first().click();
    expect(errors).toEqual([]);
  });

  it('asks for a new stream link when the stream is refused (403), and plays', async () => {
    const p = await context.newPage();
    let refusals = 0;
    let signings = 0;
    p.on('request', (r) => void (r.url().includes('/generate-video-stream-url') && signings++));
    // The first playlist request is refused as an expired link would be.
    await p.route(
      (url) => url.pathname.endsWith('/hls/index.m3u8'),
      (route) => {
        if (refusals++ === 0) return route.fulfill({ status: 403, body: '{"message":"LINK_EXPIRED"}' });
        return route.continue();
      },
    );
    await p.goto(`/dashboard/media?file=${videoId}`);
    const player = p
      .getByRole('dialog', { name: 'secret.mp4' })
      .locator('video[aria-label="Video: secret.mp4"]');
    await player.waitFor();
    await expect.poll(() => refusals, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect(signings).toBeGreaterThanOrEqual(2);
    await expect.poll(() => player.getAttribute('data-source')).toBe('hls.js');
    await expect
      .poll(() => player.evaluate((v) => (v as unknown as { readyState: number }).readyState))
      .toBeGreaterThanOrEqual(1);
    await p.getByRole('heading', { name: 'secret.mp4' }).click();
    await playByKeyboard(p, player);
    await expectFramesDecoded(player);
    await p.close();
  });
});

/** The library's file of that name, as the API describes it. */
async function fileNamed(name: string) {
  const r = await s.admin<{ files: { displayName: string; url: string; media: Record<string, unknown> }[] }>(
    'POST',
    '/site-media/v1/files/search',
    { search: name.split(/\W/)[0] },
  );
  const file = r.body.files.find((f) => f.displayName === name);
  expect(file, `a file named ${name}`).toBeDefined();
  return file!;
}

/** The field is marked invalid and the error it points to (aria-describedby) says `words`. */
async function expectRefused(field: ReturnType<Page['getByLabel']>, words: string) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const ids = (await field.getAttribute('aria-describedby'))!.split(' ');
  const said = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
  expect(said).toContain(words);
}
