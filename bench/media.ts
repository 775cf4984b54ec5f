/**
 * `npm run bench:media`: the media library against same-run baselines (ratios, not absolute times).
 *  - upload throughput: generate-upload-url + PUT to Vitrine against PUT to a bare Node
 *    stream-to-disk server (bench/media-baseline-server.ts), sequential and 4 at a time;
 *  - transforms: first-time renders (each URL new) and cached renders against serving the original
 *    (autocannon on one URL each);
 *  - peak server memory (VmHWM) while one large file is uploaded, against the baseline server doing
 *    the same: it must not grow with the file. BENCH_MEDIA_LARGE_MIB sets the size (default 1024).
 * BENCH_DURATION (seconds per autocannon run, default 5).
 */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { BENCH_ADMIN_KEY, api, load, startProcess, startVitrine } from './lib.ts';

const MiB = 1024 * 1024;
const UPLOADS = Number(process.env.BENCH_MEDIA_UPLOADS ?? 16);
const duration = Number(process.env.BENCH_DURATION ?? 5);
const largeMiB = Number(process.env.BENCH_MEDIA_LARGE_MIB ?? 1024);
const root = new URL('..', import.meta.url).pathname;

/** `size` bytes made on the fly (never held whole): a repeating 1 MiB pattern. */
function bytes(size: number): ReadableStream<Uint8Array> {
  const chunk = Buffer.alloc(MiB, 'vitrine-media-bench ');
  let left = size;
  return Readable.toWeb(
    Readable.from(
      (function* () {
        while (left > 0) {
          const n = Math.min(left, MiB);
          left -= n;
          yield n === MiB ? chunk : chunk.subarray(0, n);
        }
      })(),
    ),
  ) as ReadableStream<Uint8Array>;
}

const put = async (url: string, size: number, type = 'application/octet-stream') => {
  const r = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': type, 'content-length': String(size) },
    body: bytes(size),
    duplex: 'half',
  } as RequestInit);
  const text = await r.text();
  if (!r.ok) throw new Error(`PUT ${r.status} ${text}`);
  return JSON.parse(text) as { file?: { id: string } };
};

const vitrine = await startVitrine(undefined, {
  DEMO_DATA: 'false',
  MEDIA_MAX_UPLOAD_BYTES: String(4 * 1024 * MiB),
});
const base = `http://127.0.0.1:${vitrine.port}`;
const baseline = await startProcess(
  ['--import', 'tsx', `${root}bench/media-baseline-server.ts`],
  {},
  /listening on http:\/\/[^:]+:(\d+)/,
);
const baselineUrl = `http://127.0.0.1:${baseline.port}`;

async function vitrineUpload(size: number) {
  const g = await api<{ uploadUrl: string }>(base, '/site-media/v1/files/generate-upload-url', {
    auth: BENCH_ADMIN_KEY,
    body: { mimeType: 'application/octet-stream', fileName: 'bench.bin', sizeInBytes: String(size) },
  });
  const u = new URL(g.uploadUrl);
  return put(`${base}${u.pathname}${u.search}&filename=bench.bin`, size);
}

async function throughput(
  name: string,
  fn: (size: number) => Promise<unknown>,
  count: number,
  size: number,
  parallel: number,
) {
  const t0 = performance.now();
  for (let i = 0; i < count; i += parallel)
    await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, () => fn(size)));
  const s = (performance.now() - t0) / 1000;
  const mibs = (count * size) / MiB / s;
  console.log(`${name.padEnd(44)} ${mibs.toFixed(0).padStart(6)} MiB/s`);
  return mibs;
}

console.log(`vitrine peak RSS after start: ${vitrine.peakRssMiB()} MiB`);
console.log(`# upload throughput (${UPLOADS} × 16 MiB)`);
const rows: [string, number, number][] = [];
for (const parallel of [1, 4]) {
  const b = await throughput(
    `baseline stream-to-disk, ${parallel} at a time`,
    (n) => put(`${baselineUrl}/`, n),
    16,
    16 * MiB,
    parallel,
  );
  const v = await throughput(
    `vitrine generate-upload-url + PUT, ${parallel} at a time`,
    vitrineUpload,
    16,
    16 * MiB,
    parallel,
  );
  rows.push([`upload, ${parallel} at a time`, v, b]);
}

console.log(`vitrine peak RSS after uploads: ${vitrine.peakRssMiB()} MiB`);
console.log('\n# transforms (a 2000×1500 JPEG)');
const jpeg = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#6a8' } })
  .composite([
    {
      input: Buffer.from(
        '<svg width="2000" height="1500"><circle cx="1000" cy="750" r="600" fill="#a46"/></svg>',
      ),
    },
  ])
  .jpeg({ quality: 90 })
  .toBuffer();
const g = await api<{ uploadUrl: string }>(base, '/site-media/v1/files/generate-upload-url', {
  auth: BENCH_ADMIN_KEY,
  body: { mimeType: 'image/jpeg', fileName: 'photo.jpg', sizeInBytes: String(jpeg.length) },
});
const up = new URL(g.uploadUrl);
const uploaded = (await (
  await fetch(`${base}${up.pathname}${up.search}&filename=photo.jpg`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: jpeg,
  })
).json()) as { file: { id: string } };
const id = uploaded.file.id;
for (;;) {
  const f = await api<{ file: { operationStatus: string } }>(
    base,
    `/site-media/v1/files/get-file-by-id?fileId=${encodeURIComponent(id)}`,
    { auth: BENCH_ADMIN_KEY },
  );
  if (f.file.operationStatus !== 'PENDING') break;
  await new Promise((r) => setTimeout(r, 50));
}
const original = await load('original /media/<id>', `${base}/media/${encodeURIComponent(id)}`, {
  duration,
  connections: 8,
});
const cachedUrl = `${base}/media/${encodeURIComponent(id)}/v1/fill/w_400,h_300,al_c,q_85,enc_auto/${encodeURIComponent(id)}`;
await fetch(cachedUrl, { headers: { accept: 'image/webp' } });
const cached = await load('cached transform (webp 400×300)', cachedUrl, {
  duration,
  connections: 8,
  headers: { accept: 'image/webp' },
});
const firstCount = 40;
const t0 = performance.now();
for (let i = 0; i < firstCount; i += 2)
  await Promise.all(
    [i, i + 1].map((k) =>
      fetch(
        `${base}/media/${encodeURIComponent(id)}/v1/fill/w_${300 + k},h_200,al_c,q_85,enc_auto/${encodeURIComponent(id)}`,
        { headers: { accept: 'image/webp' } },
      ).then((r) => r.arrayBuffer()),
    ),
  );
const firstPerSec = firstCount / ((performance.now() - t0) / 1000);
for (const r of [original, cached])
  console.log(
    `${r.name.padEnd(44)} ${String(r.reqPerSec).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors + r.non2xx}`,
  );
console.log(
  `${'first-time transform (each size new)'.padEnd(44)} ${firstPerSec.toFixed(1).padStart(6)} req/s`,
);

console.log(`\n# peak server memory while uploading ${largeMiB} MiB`);
const vBefore = vitrine.peakRssMiB();
const bBefore = baseline.peakRssMiB();
await put(`${baselineUrl}/`, largeMiB * MiB);
await vitrineUpload(largeMiB * MiB);
const vAfter = vitrine.peakRssMiB();
const bAfter = baseline.peakRssMiB();
console.log(
  `baseline peak RSS ${bBefore} → ${bAfter} MiB (+${bAfter - bBefore}); vitrine peak RSS ${vBefore} → ${vAfter} MiB (+${vAfter - vBefore})`,
);

console.log('\n# ratios (Vitrine / same-run baseline)');
for (const [name, v, b] of rows) console.log(`${name.padEnd(44)} ${(v / b).toFixed(2)}`);
console.log(
  `${'cached transform / original'.padEnd(44)} ${(cached.reqPerSec / original.reqPerSec).toFixed(2)}`,
);
console.log(
  `${'first-time transform / original'.padEnd(44)} ${(firstPerSec / original.reqPerSec).toFixed(3)}`,
);
console.log(
  `${`peak RSS growth over ${largeMiB} MiB (MiB)`.padEnd(44)} ${vAfter - vBefore} (baseline ${bAfter - bBefore})`,
);

await vitrine.stop();
await baseline.stop();
