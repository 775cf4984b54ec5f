/**
 * SVG files at the transform paths the shop and the SDK's image helpers build: a product picture
 * uploaded as SVG must show as a picture, drawn at the size asked (not a 400 that leaves a broken image).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server.ts';
import { mediaServer, ready, upload } from '../../test/media.ts';
import { vectorDensity } from './transform.ts';

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><script>alert(1)</script>' +
    '<rect width="100" height="50" fill="#0000ff"/></svg>',
);

let s: TestServer;
beforeAll(async () => {
  s = await mediaServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('vector pictures', () => {
  it('are drawn at the sizes fill, fit and crop ask for, as PNG', async () => {
    const up = await upload(s, SVG, { mimeType: 'image/svg+xml', fileName: 'logo.svg' });
    expect(up.status).toBe(200);
    const file = await ready(s, up.body.file.id);
    expect(file).toMatchObject({ operationStatus: 'READY', mediaType: 'VECTOR' });
    const picture = async (path: string) => {
      const res = await fetch(`${s.url}/media/${file.id}/v1/${path}/logo.png`);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      return { meta: await sharp(bytes).metadata(), stats: await sharp(bytes).stats() };
    };
    const fill = await picture('fill/w_320,h_320,q_80');
    expect([fill.meta.width, fill.meta.height]).toEqual([320, 320]);
    expect(fill.stats.channels[2]!.mean).toBeGreaterThan(200);
    // Drawn larger, not stretched: a fit larger than the drawing's own size gets the box's size.
    const fit = await picture('fit/w_400,h_400');
    expect([fit.meta.width, fit.meta.height]).toEqual([400, 200]);
    const crop = await picture('crop/x_0,y_0,w_50,h_50');
    expect([crop.meta.width, crop.meta.height]).toEqual([50, 50]);
  });

  it('draws at the density that covers the first resize, at its own size when cropping first', () => {
    expect(vectorDensity([{ op: 'fill', w: 320, h: 320 }], { width: 100, height: 50 })).toBe(461);
    expect(vectorDensity([{ op: 'fit', w: 10, h: 10 }], { width: 100, height: 50 })).toBe(72);
    expect(vectorDensity([{ op: 'crop', w: 10, h: 10, x: 0, y: 0 }], { width: 100, height: 50 })).toBe(72);
    expect(vectorDensity([{ op: 'fill', w: 5000, h: 5000 }], { width: 10, height: 10 })).toBe(3600);
    expect(vectorDensity([{ op: 'fill', w: 200, h: 200 }], {})).toBe(72);
  });
});
