/**
 * What the browser tests of the UI kit's VideoPlayer check of a `<video>` (the dashboard's file
 * details, the shop's review lightbox): that it plays the server's HLS stream through hls.js, and
 * that its frames are decoded. This Chromium (Debian's) has Media Source Extensions and decodes the
 * rendition's H.264 (media/av.ts: libx264 in fMP4), so these are real playback, not only requests.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The paths of the media files a page asks for from now on (the playlist, segments, the original). */
export function mediaRequests(page: Page) {
  const paths: string[] = [];
  const listen = (r: { url(): string }) => {
    if (r.url().includes('/media/')) paths.push(new URL(r.url()).pathname);
  };
  page.on('request', listen);
  return { paths, stop: () => page.off('request', listen) };
}

/**
 * The player plays `hls` by hls.js: a MediaSource (blob:) source with the 2-second 320-px test clip's
 * length and size, its playlist and at least one fMP4 segment fetched, and the original (`fileUrl`)
 * never fetched.
 */
export async function expectHlsByHlsJs(
  player: Locator,
  o: { hls: string; fileUrl: string; fetched: string[] },
) {
  await expect.poll(() => player.getAttribute('data-source')).toBe('hls.js');
  await expect
    .poll(() => player.evaluate((v) => (v as unknown as { readyState: number }).readyState))
    .toBeGreaterThanOrEqual(1);
  const read = await player.evaluate((v) => {
    const el = v as unknown as { duration: number; videoWidth: number; currentSrc: string };
    return { duration: Math.round(el.duration), width: el.videoWidth, src: el.currentSrc.slice(0, 5) };
  });
  expect(read).toEqual({ duration: 2, width: 320, src: 'blob:' });
  const playlist = new URL(o.hls).pathname;
  const folder = playlist.replace(/index\.m3u8$/, '');
  expect(o.fetched).toContain(playlist);
  expect(o.fetched.some((p) => p.startsWith(folder) && p.endsWith('.m4s'))).toBe(true);
  expect(o.fetched, 'the original file is not downloaded').not.toContain(new URL(o.fileUrl).pathname);
}

/** Tab (at most 10 presses) until the `<video>` has focus, then Space plays it. */
export async function playByKeyboard(page: Page, player: Locator) {
  const onPlayer = () =>
    page.evaluate(
      () =>
        (globalThis as unknown as { document: { activeElement: { tagName: string } | null } }).document
          .activeElement?.tagName === 'VIDEO',
    );
  for (let presses = 0; !(await onPlayer()) && presses < 10; presses++) await page.keyboard.press('Tab');
  expect(await onPlayer()).toBe(true);
  await page.keyboard.press('Space');
  await expect.poll(() => player.evaluate((v) => (v as unknown as { paused: boolean }).paused)).toBe(false);
}

/** Playing: time passes and frames were decoded and shown, without a media error. */
export async function expectFramesDecoded(player: Locator) {
  await expect
    .poll(() => player.evaluate((v) => (v as unknown as { currentTime: number }).currentTime))
    .toBeGreaterThan(0.2);
  const frames = await player.evaluate(
    (v) =>
      (v as unknown as { getVideoPlaybackQuality(): { totalVideoFrames: number } }).getVideoPlaybackQuality()
        .totalVideoFrames,
  );
  expect(frames).toBeGreaterThan(0);
  expect(await player.evaluate((v) => (v as unknown as { error: unknown }).error)).toBeNull();
}
