import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FFMPEG } from './media.ts';

/**
 * Makes a HEIC picture as an iPhone stores one, for tests: one HEVC still (ffmpeg's libx265) in a
 * HEIF container (ISO/IEC 23008-12: `ftyp heic`, a `meta` box naming one `hvc1` item with its
 * decoder configuration `hvcC` and size `ispe`, the coded picture in `mdat`). ffmpeg writes no HEIF
 * of its own, so the boxes are written here; `irot` (a rotation) and `colr` (the pixels' colours: an
 * ICC profile, as iPhones write Display P3, or H.273 code points) are added when asked for.
 */
export interface HeicOptions {
  width: number;
  height: number;
  colour: string;
  rotate?: 90 | 180 | 270;
  colr?: { icc: Buffer } | { nclx: { primaries: number; transfer: number; matrix: number } };
}

export async function heic(o: HeicOptions) {
  const dir = await mkdtemp(join(tmpdir(), 'vitrine-heic-'));
  try {
    const out = join(dir, 'still.hevc');
    await promisify(execFile)(FFMPEG, [
      '-hide_banner', '-loglevel', 'error',
      '-f', 'lavfi', '-i', `color=c=${o.colour}:s=${o.width}x${o.height}`,
      '-frames:v', '1', '-pix_fmt', 'yuv420p',
      '-c:v', 'libx265', '-x265-params', 'log-level=error:keyint=1',
      '-f', 'hevc', out,
    ]); // prettier-ignore
    return wrapHeif(nalUnits(await readFile(out)), o);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The NAL units of an Annex B stream (start codes removed). */
function nalUnits(stream: Buffer): Buffer[] {
  const starts: number[] = [];
  for (let i = 0; i + 2 < stream.length; i++)
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) {
      starts.push(i + 3);
      i += 2;
    }
  return starts.map((s, k) => {
    let end = k + 1 < starts.length ? starts[k + 1]! - 3 : stream.length;
    while (end > s && stream[end - 1] === 0) end--; // a four-byte start code's leading zero
    return stream.subarray(s, end);
  });
}

const nalType = (n: Buffer) => (n[0]! >> 1) & 0x3f;
const u8 = (v: number) => Buffer.from([v]);
const u16 = (v: number) => Buffer.from([v >> 8, v & 0xff]);
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, flags: number, ...parts: Buffer[]) =>
  box(type, u32((version << 24) | flags), ...parts);

/** The SPS without emulation prevention bytes (00 00 03 → 00 00). */
function rbsp(n: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < n.length; i++) {
    if (i >= 2 && n[i] === 3 && n[i - 1] === 0 && n[i - 2] === 0) continue;
    out.push(n[i]!);
  }
  return Buffer.from(out);
}

function hvcC(vps: Buffer, sps: Buffer, pps: Buffer): Buffer {
  // profile_tier_level follows the SPS's two-byte header and its first byte.
  const ptl = rbsp(sps).subarray(3, 3 + 12);
  const array = (n: Buffer) => Buffer.concat([u8(0x80 | nalType(n)), u16(1), u16(n.length), n]);
  return box(
    'hvcC',
    u8(1),
    ptl.subarray(0, 1), // profile space, tier, profile
    ptl.subarray(1, 5), // profile compatibility flags
    ptl.subarray(5, 11), // constraint indicator flags
    ptl.subarray(11, 12), // level
    u16(0xf000), // min_spatial_segmentation_idc
    u8(0xfc), // parallelismType
    u8(0xfd), // chroma format 4:2:0
    u8(0xf8), // luma bit depth 8
    u8(0xf8), // chroma bit depth 8
    u16(0), // average frame rate
    u8(0x0f), // one temporal layer, nested, four-byte NAL lengths
    u8(3),
    array(vps),
    array(sps),
    array(pps),
  );
}

const colrBox = (c: NonNullable<HeicOptions['colr']>) =>
  'icc' in c
    ? box('colr', Buffer.from('prof', 'latin1'), c.icc)
    : box(
        'colr',
        Buffer.from('nclx', 'latin1'),
        u16(c.nclx.primaries),
        u16(c.nclx.transfer),
        u16(c.nclx.matrix),
        u8(0),
      );

function wrapHeif(nals: Buffer[], o: HeicOptions): Buffer {
  const of = (t: number) => nals.find((n) => nalType(n) === t)!;
  const slices = nals.filter((n) => nalType(n) < 32); // VCL units
  const data = Buffer.concat(slices.flatMap((n) => [u32(n.length), n]));
  const properties = [
    hvcC(of(32), of(33), of(34)),
    fullBox('ispe', 0, 0, u32(o.width), u32(o.height)),
    ...(o.rotate ? [box('irot', u8(o.rotate / 90))] : []),
    ...(o.colr ? [colrBox(o.colr)] : []),
  ];
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1'));
  const meta = (offset: number) =>
    fullBox(
      'meta',
      0,
      0,
      fullBox('hdlr', 0, 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), u8(0)),
      fullBox('pitm', 0, 0, u16(1)),
      fullBox('iloc', 0, 0, u8(0x44), u8(0), u16(1), u16(1), u16(0), u16(1), u32(offset), u32(data.length)),
      fullBox(
        'iinf',
        0,
        0,
        u16(1),
        fullBox('infe', 2, 0, u16(1), u16(0), Buffer.from('hvc1', 'latin1'), u8(0)),
      ),
      box(
        'iprp',
        box('ipco', ...properties),
        fullBox(
          'ipma',
          0,
          0,
          u32(1),
          u16(1),
          u8(properties.length),
          ...properties.map((_, i) => u8((i === 0 ? 0x80 : 0) | (i + 1))),
        ),
      ),
    );
  // The picture's offset is known once the boxes before it are: their sizes do not depend on it.
  const head = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(head), box('mdat', data)]);
}
