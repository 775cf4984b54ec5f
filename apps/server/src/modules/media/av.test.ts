import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server.ts';
import { FFMPEG, FFPROBE } from './av.ts';
import { mediaServer, ready, upload } from '../../test/media.ts';

const exec = promisify(execFile);
let s: TestServer;
let dir: string;
beforeAll(async () => {
  s = await mediaServer();
  dir = mkdtempSync(join(tmpdir(), 'vitrine-av-'));
});
afterAll(async () => {
  await s?.stop();
});

/** A tiny clip made locally: 1.5 s of test pattern at 160×120 with a tone. */
async function clip(): Promise<Buffer> {
  const out = join(dir, 'clip.mp4');
  await exec(FFMPEG, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=1.5:size=160x120:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=1.5',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    '-y',
    out,
  ]);
  return readFileSync(out);
}

describe('video and audio', () => {
  it('gives a short video a poster and an HLS playlist that ffprobe reads, with seeking by Range', async () => {
    const bytes = await clip();
    const up = await upload(s, bytes, { mimeType: 'video/mp4', fileName: 'clip.mp4' });
    expect(up.status).toBe(200);
    const f = await ready(s, up.body.file.id);
    expect(f.operationStatus).toBe('READY');
    const video = f.media.video as {
      posters: { url: string; width: number }[];
      resolutions: { url: string }[];
    };
    expect(video.posters[0]!.width).toBe(160);
    const poster = await fetch(video.posters[0]!.url);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    expect((await poster.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const stream = await s.admin<{ downloadUrl: { url: string; assetKey: string } }>(
      'POST',
      '/site-media/v1/files/generate-video-stream-url',
      { fileId: f.id, format: 'HLS' },
    );
    expect(stream.body.downloadUrl.assetKey).toBe('hls');
    // The playlist and its segments are fetched over HTTP, then probed from disk (the packaged static
    // ffprobe cannot open network URLs on this machine: it crashes resolving them).
    const playlist = await (await fetch(stream.body.downloadUrl.url)).text();
    const hls = mkdtempSync(join(dir, 'hls-'));
    writeFileSync(join(hls, 'index.m3u8'), playlist);
    const parts = playlist
      .split('\n')
      .map((l) => /^#EXT-X-MAP:URI="([^"]+)"/.exec(l)?.[1] ?? l)
      .filter((l) => l && !l.startsWith('#'));
    expect(parts[0]).toBe('init.mp4');
    for (const line of parts) {
      const seg = await fetch(new URL(line, stream.body.downloadUrl.url));
      expect(seg.status).toBe(200);
      writeFileSync(join(hls, line.split('?')[0]!), Buffer.from(await seg.arrayBuffer()));
    }
    const probe = JSON.parse(
      (
        await exec(FFPROBE, [
          '-v',
          'error',
          '-print_format',
          'json',
          '-show_format',
          '-show_streams',
          join(hls, 'index.m3u8'),
        ])
      ).stdout,
    ) as { format: { format_name: string; duration: string }; streams: { codec_type: string }[] };
    expect(probe.format.format_name).toBe('hls');
    expect(Number(probe.format.duration)).toBeGreaterThan(1);
    expect(probe.streams.some((x) => x.codec_type === 'video')).toBe(true);

    // DASH: the same fragments under a manifest, which ffmpeg plays over HTTP (loopback).
    const dash = await s.admin<{ downloadUrl: { url: string; assetKey: string } }>(
      'POST',
      '/site-media/v1/files/generate-video-stream-url',
      { fileId: f.id, format: 'DASH' },
    );
    expect(dash.body.downloadUrl).toMatchObject({ assetKey: 'dash' });
    const mpd = await fetch(dash.body.downloadUrl.url);
    expect(mpd.headers.get('content-type')).toContain('application/dash+xml');
    expect(await mpd.text()).toContain('<MPD');
    await exec(FFMPEG, ['-v', 'error', '-i', dash.body.downloadUrl.url, '-f', 'null', '-']);

    const part = await fetch(f.url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('streams a private video only through signed playlists whose segments carry the link', async () => {
    const up = await upload(s, readFileSync(join(dir, 'clip.mp4')), {
      mimeType: 'video/mp4',
      fileName: 'private.mp4',
      private: true,
    });
    const f = await ready(s, up.body.file.id);
    for (const format of ['HLS', 'DASH'] as const) {
      const stream = await s.admin<{ downloadUrl: { url: string } }>(
        'POST',
        '/site-media/v1/files/generate-video-stream-url',
        { fileId: f.id, format },
      );
      const url = stream.body.downloadUrl.url;
      expect(url).toContain('sig=');
      expect((await fetch(url.split('?')[0]!)).status).toBe(403);
      const text = await (await fetch(url)).text();
      const refs =
        format === 'HLS'
          ? [...text.matchAll(/^(?!#)(\S+)$|URI="([^"]+)"/gm)].map((m) => m[1] ?? m[2]!)
          : [...text.matchAll(/(?:initialization|media)="([^"]+)"/g)].map((m) =>
              m[1]!.replace(/&amp;/g, '&').replace('$RepresentationID$', '0').replace('$Number%03d$', '001'),
            );
      expect(refs.length).toBeGreaterThan(1);
      for (const ref of refs) {
        expect(ref).toContain('sig=');
        expect((await fetch(new URL(ref, url))).status, ref).toBe(200);
      }
    }
  });

  it('reads the duration of audio, and ends a broken video FAILED with the reason', async () => {
    const wav = join(dir, 'tone.wav');
    await exec(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-y', wav]);
    const a = await upload(s, readFileSync(wav), { mimeType: 'audio/wav', fileName: 'tone.wav' });
    const audio = await ready(s, a.body.file.id);
    expect(audio.operationStatus).toBe('READY');
    expect((audio.media.audio as { duration: number }).duration).toBeCloseTo(1, 1);

    const broken = Buffer.concat([readFileSync(join(dir, 'clip.mp4')).subarray(0, 64), Buffer.alloc(500, 7)]);
    writeFileSync(join(dir, 'broken.mp4'), broken);
    const b = await upload(s, broken, { mimeType: 'video/mp4', fileName: 'broken.mp4' });
    const failed = await ready(s, b.body.file.id);
    expect(failed.operationStatus).toBe('FAILED');
  });
});
