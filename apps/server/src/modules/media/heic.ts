import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * HEIC pictures (iPhone photos: HEVC stills in a HEIF container) are decoded by libheif built to
 * WebAssembly (`heic-decode` over `libheif-js`): sharp's prebuilt libvips reads the container but
 * carries no HEVC decoder. The WebAssembly runs on the thread that calls it, and a 12-megapixel
 * photo takes it a second or more, so each decode runs in a worker thread of its own (its memory
 * is returned when it ends), and the pixels come back as one transferred buffer.
 */
export interface Decoded {
  width: number;
  height: number;
  /** RGBA, 8 bits a channel, rows top to bottom, the container's rotation and mirroring applied. */
  data: Uint8Array;
}

/** A decode that has not answered in this time is given up (the job fails the file in plain words). */
const DECODE_TIMEOUT_MS = 120_000;
/** libheif refuses larger pictures itself; this keeps the RGBA buffer within sharp's pixel limit. */
const MAX_PIXELS = 268_402_689;

const decoderPath = createRequire(import.meta.url).resolve('heic-decode');

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.decoder);
decode({ buffer: require('node:fs').readFileSync(workerData.file) }).then(
  (img) => {
    const data = new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.byteLength);
    parentPort.postMessage({ width: img.width, height: img.height, data }, [data.buffer]);
  },
  (e) => parentPort.postMessage({ error: String((e && e.message) || e) }),
);`;

export function decodeHeic(file: string): Promise<Decoded> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { decoder: decoderPath, file } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('HEIC decoding timed out'));
    }, DECODE_TIMEOUT_MS);
    const settle = (fn: () => void) => {
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    worker.once('message', (m: Decoded | { error: string }) =>
      settle(() => {
        if ('error' in m) reject(new Error(`HEIC: ${m.error}`));
        else if (m.width * m.height > MAX_PIXELS) reject(new Error('Input image exceeds pixel limit'));
        else resolve(m);
      }),
    );
    worker.once('error', (e) => settle(() => reject(e)));
    worker.once('exit', (code) => settle(() => reject(new Error(`HEIC decoder stopped (${code})`))));
  });
}
