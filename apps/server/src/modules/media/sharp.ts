import type sharpType from 'sharp';

let loading: Promise<typeof sharpType> | undefined;

/**
 * sharp (libvips, about 27 MiB resident) is loaded the first time a picture is processed or
 * transformed, so a server that only sells does not carry it.
 */
export const loadSharp = (): Promise<typeof sharpType> =>
  (loading ??= import('sharp').then((m) => m.default));
