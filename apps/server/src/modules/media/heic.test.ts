/**
 * An iPhone photo (HEIC: an HEVC still in a HEIF container) becomes a picture every browser shows:
 * its public URL and its transforms serve JPEG, turned as the container says, while a download link
 * still gives the original bytes.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heic } from '../../test/heic.ts';
import { mediaServer, ready, upload } from '../../test/media.ts';
import type { TestServer } from '../../test/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await mediaServer();
});
afterAll(async () => {
  await s?.stop();
});

const pixelOf = async (bytes: Buffer) => {
  const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
};

describe('a HEIC picture', () => {
  it('is read, turned as its container says, and served as JPEG at its URL and in transforms', async () => {
    // 320 × 240 stored, turned a quarter by the container (`irot`): shown 240 × 320.
    const bytes = await heic({ width: 320, height: 240, colour: 'red', rotate: 90 });
    const up = await upload(s, bytes, { mimeType: 'image/heic', fileName: 'IMG_0042.HEIC' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const file = await ready(s, up.body.file.id);
    expect(file).toMatchObject({
      operationStatus: 'READY',
      mediaType: 'IMAGE',
      displayName: 'IMG_0042.HEIC',
    });
    const image = file.media.image as {
      image: { width: number; height: number; url: string };
      colors?: unknown;
    };
    expect(image.image).toMatchObject({ width: 240, height: 320 });
    expect(image.colors).toMatchObject({
      prominent: { hex: expect.stringMatching(/^#f[0-9a-f]0[0-9a-f]0[0-9a-f]$/i) },
    });

    const shown = await fetch(image.image.url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await shown.arrayBuffer());
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 240, height: 320 });
    const [r, g, b] = await pixelOf(jpeg);
    expect(r).toBeGreaterThan(230);
    expect(g).toBeLessThan(30);
    expect(b).toBeLessThan(30);

    const thumb = await fetch(`${image.image.url}/v1/fill/w_60,h_80,q_80/pic.jpg`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({
      width: 60,
      height: 80,
    });

    const link = await s.admin<{ downloadUrls: { url: string }[] }>(
      'POST',
      '/site-media/v1/files/generate-file-download-url',
      {
        fileId: file.id,
      },
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const original = await fetch(link.body.downloadUrls[0]!.url);
    expect(original.headers.get('content-type')).toBe('image/heic');
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("keeps its colours: a Display P3 photo's copy is tagged P3, and its transforms are converted to sRGB", async () => {
    // #c04040 in Display P3 is a redder red than #c04040 in sRGB: in sRGB, about (208, 49, 58).
    const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const enc = (c: number) =>
      Math.round(
        255 * ((c = Math.min(1, Math.max(0, c))) <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055),
      );
    const [r, g, b] = [192, 64, 64].map(lin) as [number, number, number];
    const inSrgb = [
      enc(1.2249 * r - 0.2247 * g),
      enc(-0.042 * r + 1.0419 * g),
      enc(-0.0197 * r - 0.0786 * g + 1.0979 * b),
    ];
    const p3 = (
      await sharp(
        await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
          .withIccProfile('p3')
          .jpeg()
          .toBuffer(),
      ).metadata()
    ).icc!;
    const close = (got: number[], want: number[]) =>
      got.forEach((x, i) => expect(Math.abs(x - want[i]!), `${got} against ${want}`).toBeLessThanOrEqual(6));

    const shown = async (colr: Parameters<typeof heic>[0]['colr'], name: string) => {
      const up = await upload(
        s,
        await heic({ width: 64, height: 64, colour: '#c04040', ...(colr ? { colr } : {}) }),
        {
          mimeType: 'image/heic',
          fileName: name,
        },
      );
      const file = await ready(s, up.body.file.id);
      const url = (file.media.image as { image: { url: string } }).image.url;
      const web = Buffer.from(await (await fetch(url)).arrayBuffer());
      const thumb = Buffer.from(await (await fetch(`${url}/v1/fill/w_8,h_8,q_95/pic.png`)).arrayBuffer());
      return { icc: (await sharp(web).metadata()).icc, thumb: await pixelOf(thumb) };
    };
    // Tagged by an ICC profile (as an iPhone does) or by code points (P3 primaries, sRGB transfer).
    for (const [colr, name] of [
      [{ icc: p3 }, 'IMG_P3.HEIC'],
      [{ nclx: { primaries: 12, transfer: 13, matrix: 6 } }, 'IMG_NCLX.HEIC'],
    ] as const) {
      const got = await shown(colr, name);
      expect(got.icc?.equals(p3), name).toBe(true);
      close(got.thumb, inSrgb);
    }
    // Untagged, or BT.709 code points: sRGB, as before.
    for (const colr of [undefined, { nclx: { primaries: 1, transfer: 1, matrix: 6 } }]) {
      const got = await shown(colr, 'IMG_SRGB.HEIC');
      expect(got.icc).toBeUndefined();
      close(got.thumb, [192, 64, 64]);
    }
  });

  it('that cannot be decoded fails in plain words, and says what to upload instead', async () => {
    const damaged = await heic({ width: 64, height: 64, colour: 'blue' });
    const cut = damaged.subarray(0, damaged.length - 40);
    const up = await upload(s, cut, { mimeType: 'image/heic', fileName: 'IMG_0043.HEIC' });
    expect(up.status).toBe(200);
    const file = (await ready(s, up.body.file.id)) as { operationStatus: string; failureReason?: string };
    expect(file.operationStatus).toBe('FAILED');
    expect(file.failureReason).toBe(
      'processing failed: the HEIC picture could not be read: the file is damaged or incomplete; upload the picture as JPEG or PNG',
    );
  });
});
