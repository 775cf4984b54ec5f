import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import type { FileMeta } from './wire.ts';

export const FFMPEG = ffmpegInstaller.path;
export const FFPROBE = ffprobeInstaller.path;

/** Runs a tool; resolves with its standard output, rejects with the end of its standard error. */
export function run(cmd: string, args: string[], timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    const timer = setTimeout(() => p.kill('SIGKILL'), timeoutMs);
    p.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    p.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(err.trim().split('\n').slice(-2).join(' ') || `${cmd} exited with ${code}`));
    });
  });
}

interface Probe {
  streams?: { codec_type?: string; width?: number; height?: number; codec_name?: string }[];
  format?: { duration?: string; bit_rate?: string; format_name?: string };
}
export async function probe(file: string): Promise<Probe> {
  return JSON.parse(
    await run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]),
  ) as Probe;
}

/** Duration, bitrate and format of an audio file. */
export async function audioMeta(file: string): Promise<FileMeta> {
  const p = await probe(file);
  const audio = p.streams?.find((s) => s.codec_type === 'audio');
  if (!audio) throw new Error('no audio stream');
  return {
    duration: Number(p.format?.duration ?? 0),
    ...(p.format?.bit_rate ? { bitrate: Number(p.format.bit_rate) } : {}),
    format: audio.codec_name ?? p.format?.format_name ?? 'unknown',
  };
}

const RENDITION_HEIGHT = 360;

/**
 * A video's duration and size, a poster frame (JPEG) and an HLS rendition (H.264 at most 360p,
 * 4-second fragmented-MP4 segments, HLS version 7) written to `out`: `poster.jpg`, `hls/index.m3u8` and its segments.
 */
export async function videoAssets(file: string, out: string): Promise<FileMeta> {
  const p = await probe(file);
  const video = p.streams?.find((s) => s.codec_type === 'video');
  if (!video?.width || !video.height) throw new Error('no video stream');
  const duration = Number(p.format?.duration ?? 0);
  const at = duration > 2 ? 1 : 0;
  await run(FFMPEG, [
    '-v',
    'error',
    '-ss',
    String(at),
    '-i',
    file,
    '-frames:v',
    '1',
    '-q:v',
    '4',
    '-y',
    join(out, 'poster.jpg'),
  ]);
  await mkdir(join(out, 'hls'), { recursive: true });
  const height = Math.min(RENDITION_HEIGHT, video.height - (video.height % 2));
  const width = Math.round((video.width * height) / video.height / 2) * 2;
  const hasAudio = p.streams?.some((s) => s.codec_type === 'audio');
  await run(
    FFMPEG,
    [
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      `scale=${width}:${height}`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '26',
      '-pix_fmt',
      'yuv420p',
      ...(hasAudio ? ['-c:a', 'aac', '-b:a', '96k'] : ['-an']),
      '-f',
      'hls',
      '-hls_segment_type',
      'fmp4',
      '-hls_fmp4_init_filename',
      'init.mp4',
      '-hls_time',
      '4',
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      join(out, 'hls', 'segment-%03d.m4s'),
      '-y',
      join(out, 'hls', 'index.m3u8'),
    ],
    600_000,
  );
  // DASH: the same fragments remuxed (no second encode), with a manifest next to them.
  await mkdir(join(out, 'dash'), { recursive: true });
  await run(FFMPEG, [
    '-v',
    'error',
    '-i',
    join(out, 'hls', 'index.m3u8'),
    '-c',
    'copy',
    '-f',
    'dash',
    '-seg_duration',
    '4',
    '-init_seg_name',
    'init-$RepresentationID$.m4s',
    '-media_seg_name',
    'chunk-$RepresentationID$-$Number%03d$.m4s',
    '-y',
    join(out, 'dash', 'manifest.mpd'),
  ]);
  return {
    width: video.width,
    height: video.height,
    duration,
    format: video.codec_name ?? 'unknown',
    posters: [{ key: 'poster.jpg', width: video.width, height: video.height }],
    resolutions: [
      { key: 'hls/index.m3u8', width, height, format: 'hls' },
      { key: 'dash/manifest.mpd', width, height, format: 'dash' },
    ],
    hls: 'hls/index.m3u8',
    dash: 'dash/manifest.mpd',
  };
}
