import type sharpType from 'sharp';

let loading: Promise<typeof sharpType> | undefined;

/**
 * sharp (libvips, about 27 MiB resident) is loaded the first time a picture is processed or
 * transformed, so a server that only sells does not carry it. Without libvips's operation cache
 * (up to 50 MiB of decoded pictures by default): a picture is read once when processed and once
 * per new transform (whose result is kept on disk, serve.ts), so the cache has little to reuse,
 * and what it held stayed in the process's allocator after it was dropped (processing
 * the demo catalog's 28 pictures left the process 78 MiB larger with it, 38 MiB without it and
 * one picture at a time).
 */
export const loadSharp = (): Promise<typeof sharpType> =>
  (loading ??= import('sharp').then((m) => {
    m.default.cache(false);
    return m.default;
  }));
