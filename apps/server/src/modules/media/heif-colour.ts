/**
 * The colours a HEIF picture's pixels are in, from its container's `colr` property (ISO/IEC
 * 14496-12 §12.1.5): an ICC profile (`prof`, as iPhones write their Display P3 photos, or `rICC`)
 * or coded code points (`nclx`: primaries, transfer, matrix, as ITU-T H.273 numbers them). libheif
 * hands back RGB values in those colours and says nothing of them, so the web copy is tagged with
 * them (process.ts), and browsers and sharp's transforms show them as they were taken.
 *
 * The property is the primary item's (`pitm`, `ipma`); when the primary item has none of its own
 * (a grid whose tiles carry it), the first `colr` of the container is taken.
 */
export type HeifColour =
  { icc: Buffer } | { nclx: { primaries: number; transfer: number; matrix: number } } | undefined;

interface Box {
  type: string;
  /** The box's content (after its header). */
  body: Buffer;
}

/** The boxes laid end to end in `buf` (a box that runs past the end stops the walk). */
function boxes(buf: Buffer): Box[] {
  const out: Box[] = [];
  let at = 0;
  while (at + 8 <= buf.length) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let head = 8;
    if (size === 1) {
      if (at + 16 > buf.length) break;
      size = Number(buf.readBigUInt64BE(at + 8));
      head = 16;
    } else if (size === 0) size = buf.length - at;
    if (size < head || at + size > buf.length) break;
    out.push({ type, body: buf.subarray(at + head, at + size) });
    at += size;
  }
  return out;
}

const child = (list: Box[], type: string) => list.find((b) => b.type === type);

/** Property indices (1-based into `ipco`) associated with `item` by `ipma`. */
function associations(ipma: Buffer, item: number): number[] {
  const version = ipma[0]!;
  const flags = ipma.readUIntBE(1, 3);
  let at = 4;
  const entries = ipma.readUInt32BE(at);
  at += 4;
  for (let e = 0; e < entries && at < ipma.length; e++) {
    const id = version < 1 ? ipma.readUInt16BE(at) : ipma.readUInt32BE(at);
    at += version < 1 ? 2 : 4;
    const count = ipma[at]!;
    at += 1;
    const indices: number[] = [];
    for (let i = 0; i < count; i++) {
      indices.push(flags & 1 ? ipma.readUInt16BE(at) & 0x7fff : ipma[at]! & 0x7f);
      at += flags & 1 ? 2 : 1;
    }
    if (id === item) return indices;
  }
  return [];
}

function colourOf(colr: Buffer): HeifColour {
  const kind = colr.toString('latin1', 0, 4);
  if ((kind === 'prof' || kind === 'rICC') && colr.length > 4) return { icc: Buffer.from(colr.subarray(4)) };
  if (kind === 'nclx' && colr.length >= 10)
    return {
      nclx: { primaries: colr.readUInt16BE(4), transfer: colr.readUInt16BE(6), matrix: colr.readUInt16BE(8) },
    };
  return undefined;
}

export function heifColour(file: Buffer): HeifColour {
  try {
    const meta = child(boxes(file), 'meta');
    if (!meta) return undefined;
    const inMeta = boxes(meta.body.subarray(4));
    const ipco = child(boxes(child(inMeta, 'iprp')?.body ?? Buffer.alloc(0)), 'ipco');
    if (!ipco) return undefined;
    const properties = boxes(ipco.body);
    const ipma = child(boxes(child(inMeta, 'iprp')!.body), 'ipma');
    const pitm = child(inMeta, 'pitm');
    if (ipma && pitm) {
      const primary = pitm.body[0] === 0 ? pitm.body.readUInt16BE(4) : pitm.body.readUInt32BE(4);
      const own = associations(ipma.body, primary)
        .map((i) => properties[i - 1])
        .filter((b): b is Box => b?.type === 'colr')
        .map((b) => colourOf(b.body))
        .find(Boolean);
      if (own) return own;
    }
    const first = properties.find((b) => b.type === 'colr');
    return first ? colourOf(first.body) : undefined;
  } catch {
    // A container too damaged to read its colours is decoded (or refused) by libheif as it is.
    return undefined;
  }
}

/** H.273 colour primaries of Display P3 (SMPTE EG 432-1, D65 white). */
const P3_PRIMARIES = 12;
/** Transfers that are the sRGB curve (or close enough to show): unspecified, BT.709, sRGB. */
const SRGB_LIKE_TRANSFERS = new Set([1, 2, 6, 13]);

/**
 * The profile the web copy is tagged with: the container's ICC profile, Display P3 (`p3`) for P3
 * code points, or nothing for sRGB and for what this store does not convert (BT.2020 and HDR
 * transfers: taken as sRGB, as before).
 */
export function profileOf(c: HeifColour): { icc: Buffer } | 'p3' | undefined {
  if (!c) return undefined;
  if ('icc' in c) return c;
  return c.nclx.primaries === P3_PRIMARIES && SRGB_LIKE_TRANSFERS.has(c.nclx.transfer) ? 'p3' : undefined;
}

const ICC_MARKER = Buffer.from('ICC_PROFILE\0', 'latin1');
/** An APP2 segment holds 65,535 bytes with its length, marker name and chunk numbers. */
const CHUNK = 65_535 - 2 - ICC_MARKER.length - 2;

/**
 * `jpeg` tagged with the ICC profile `icc` (APP2 `ICC_PROFILE` segments right after SOI, as many as
 * the profile needs), its pixels unchanged. sharp has no such call: `withIccProfile` converts the
 * pixels into the profile it attaches, and these pixels already are in it.
 */
export function tagJpeg(jpeg: Buffer, icc: Buffer): Buffer {
  const count = Math.ceil(icc.length / CHUNK);
  const segments = Array.from({ length: count }, (_, i) => {
    const part = icc.subarray(i * CHUNK, (i + 1) * CHUNK);
    const head = Buffer.alloc(4);
    head.writeUInt16BE(0xffe2, 0);
    head.writeUInt16BE(2 + ICC_MARKER.length + 2 + part.length, 2);
    return Buffer.concat([head, ICC_MARKER, Buffer.from([i + 1, count]), part]);
  });
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}
