import { randomFillSync } from 'node:crypto';

/** A UUID written out (any version, either case): ids taken from requests are checked with it. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID.test(s);

/**
 * Entity ids: UUIDv7 (RFC 9562), time-ordered so that keyset paging by id follows creation order.
 * Within one millisecond a 12-bit counter (rand_a, started at a random value below 2048) keeps the
 * ids of this process increasing; it rolls over into the next millisecond. The random bits come
 * from a pool refilled 4 KiB at a time (one call into the CSPRNG per 512 ids, not one per id).
 */

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const pool = Buffer.allocUnsafe(4096);
let offset = pool.length;
let lastMs = -1;
let counter = 0;

function random(n: number): number {
  if (offset + n > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const at = offset;
  offset += n;
  return at;
}

export function newId(): string {
  let ms = Date.now();
  if (ms > lastMs) {
    const r = random(2);
    counter = ((pool[r]! << 8) | pool[r + 1]!) & 0x7ff;
    lastMs = ms;
  } else {
    counter++;
    if (counter > 0xfff) {
      lastMs++;
      counter = 0;
    }
    ms = lastMs;
  }
  const hi = Math.floor(ms / 0x10000);
  const r = random(8);
  const b = pool;
  return (
    HEX[(hi >>> 24) & 0xff]! +
    HEX[(hi >>> 16) & 0xff]! +
    HEX[(hi >>> 8) & 0xff]! +
    HEX[hi & 0xff]! +
    '-' +
    HEX[(ms >>> 8) & 0xff]! +
    HEX[ms & 0xff]! +
    '-' +
    HEX[0x70 | (counter >>> 8)]! +
    HEX[counter & 0xff]! +
    '-' +
    HEX[0x80 | (b[r]! & 0x3f)]! +
    HEX[b[r + 1]!]! +
    '-' +
    HEX[b[r + 2]!]! +
    HEX[b[r + 3]!]! +
    HEX[b[r + 4]!]! +
    HEX[b[r + 5]!]! +
    HEX[b[r + 6]!]! +
    HEX[b[r + 7]!]!
  );
}

/** The smallest UUIDv7 of a millisecond: the ids made at or after `at` sort at or above it. */
export function firstIdAt(at: Date): string {
  const hex = Math.max(0, at.getTime()).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}
