/**
 * `npm run bench:dashboard` (after `npm run build`): the merchant dashboard's initial JavaScript,
 * served by a real server (embedded database, no demo data).
 *  - the sign-in page's first load: the script and module preloads of `/dashboard/` (what every
 *    visit downloads before it knows whether a session is open);
 *  - Home (`/dashboard`), signed in: that, plus Home's page chunk and the chunks it imports
 *    (from the build's manifest). The charts (recharts) are a chunk Home loads after its first
 *    render: reported apart, not counted.
 * Sizes are gzip -9 of the files as served.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startProcess } from './lib.ts';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/dashboard/dist');
const manifestFile = join(dist, '.vite/manifest.json');
const HOME = 'src/features/home/home-page.tsx';
const CHARTS = 'src/features/home/charts.tsx';
/** Home's first JavaScript: the budget this measure keeps (gzipped). */
const BUDGET = 150 * 1024;

if (!existsSync(manifestFile)) {
  console.error('The dashboard is not built: run "npm run build" first.');
  process.exit(1);
}
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;

/** A chunk and everything it imports statically (not its dynamic imports), as served paths. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const c = manifest[key];
  if (!c || seen.has(`/dashboard/${c.file}`)) return seen;
  seen.add(`/dashboard/${c.file}`);
  for (const i of c.imports ?? []) closure(i, seen);
  return seen;
}

const port = await new Promise<number>((resolve, reject) => {
  const srv = createServer();
  srv.once('error', reject);
  srv.listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as AddressInfo;
    srv.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = await startProcess(
  ['--import', 'tsx', join(root, 'apps/server/src/main.ts')],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-bench-dash-')),
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
  },
  /listening on http:\/\/[^:]+:(\d+)/,
);

async function measure(paths: Iterable<string>) {
  let total = 0;
  const rows: string[] = [];
  for (const path of paths) {
    const res = await fetch(base + path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    total += gz;
    rows.push(
      `    ${path.padEnd(52)} ${(body.length / 1024).toFixed(1).padStart(7)} KB raw ${(gz / 1024).toFixed(1).padStart(6)} KB gzip`,
    );
  }
  return { total, rows };
}

try {
  const html = await (await fetch(`${base}/dashboard`, { headers: { accept: 'text/html' } })).text();
  const first = [
    ...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g),
  ].map((m) => m[1]!);
  const entry = await measure(new Set(first));
  console.log(
    `\nDashboard entry (/dashboard/, any page): ${(entry.total / 1024).toFixed(1)} KB gzipped (${entry.total} bytes)`,
  );
  console.log(entry.rows.join('\n'));

  const home = await measure(closure(HOME, new Set(first)));
  console.log(
    `\nHome page initial JavaScript: ${(home.total / 1024).toFixed(1)} KB gzipped (${home.total} bytes; budget ${BUDGET / 1024} KB) ${home.total <= BUDGET ? 'OK' : 'OVER BUDGET'}`,
  );
  console.log(home.rows.join('\n'));

  const charts = await measure([...closure(CHARTS)].filter((p) => !closure(HOME, new Set(first)).has(p)));
  console.log(
    `\nHome's charts, loaded after its first render: ${(charts.total / 1024).toFixed(1)} KB gzipped`,
  );
  console.log(charts.rows.join('\n'));
} finally {
  await server.stop();
}
