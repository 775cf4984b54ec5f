/**
 * `npm run bench:storefront` (after `npm run build`): the storefront's product page on the
 * production build, served by a real server with the demo store.
 *  - initial JavaScript: every script the server-rendered HTML loads or preloads, gzipped (-9),
 *    against the 100 KB budget; plus what the page loads after hydration (the OAuth client);
 *  - Lighthouse (the `lighthouse` package driving /usr/bin/chromium with its simulated throttling):
 *    performance score (target ≥ 95), LCP (target < 1.4 s), FCP, TBT, CLS, for the product page and
 *    the home page on its mobile preset, and for the product page on its desktop preset.
 *  - the same pages loaded by Chromium throttled for real (`throttled-load.ts`), five times each:
 *    the medians of LCP and of the moment React had hydrated the page (when "Add to cart" works),
 *    since what speeds the pictures can slow the scripts.
 * BENCH_PAGES (comma-separated paths) overrides the pages; CHROMIUM_PATH the browser; BENCH_LH_JSON
 * (a directory) keeps each Lighthouse report as JSON.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startProcess } from './lib.ts';
import { checkoutLink } from './checkout-link.ts';
import { throttledLoads } from './throttled-load.ts';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PRODUCT = '/product-page/linen-button-down-shirt';
const pages = (process.env.BENCH_PAGES ?? `${PRODUCT},/,/shop`)
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const BUDGET = 100 * 1024;

if (!existsSync(join(root, 'apps/storefront/dist/server/entry-server.js'))) {
  console.error('The storefront is not built: run "npm run build" first.');
  process.exit(1);
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startProcess(
  ['--import', 'tsx', join(root, 'apps/server/src/main.ts')],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-bench-sf-')),
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
  },
  /listening on http:\/\/[^:]+:(\d+)/,
);

try {
  // Initial JavaScript of the product page.
  const html = await (await fetch(base + PRODUCT, { headers: { accept: 'text/html' } })).text();
  const scripts = [
    ...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g),
  ].map((m) => m[1]!);
  let initial = 0;
  const rows: string[] = [];
  for (const src of [...new Set(scripts)]) {
    const body = Buffer.from(await (await fetch(base + src)).arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    initial += gz;
    rows.push(
      `    ${src.padEnd(48)} ${(body.length / 1024).toFixed(1).padStart(7)} KB raw ${(gz / 1024).toFixed(1).padStart(6)} KB gzip`,
    );
  }
  console.log(
    `\nProduct page (${PRODUCT}) initial JavaScript: ${(initial / 1024).toFixed(1)} KB gzipped (${initial} bytes; budget ${BUDGET / 1024} KB) ${initial <= BUDGET ? 'OK' : 'OVER BUDGET'}`,
  );
  console.log(rows.join('\n'));

  // Lighthouse.
  const chrome = await chromeLauncher.launch({
    chromePath: chromium,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const runs = [
      ...pages.map((path) => ({ path, form: 'mobile' as const })),
      { path: PRODUCT, form: 'desktop' as const },
    ];
    for (const { path, form } of runs) {
      // A first visit warms the server (compiled code paths, the embedded database's caches).
      await fetch(base + path, { headers: { accept: 'text/html' } });
      const flags = {
        port: chrome.port,
        output: 'json' as const,
        logLevel: 'error' as const,
        onlyCategories: ['performance'],
        // BENCH_LH_THROTTLING=devtools throttles the browser for real (network and CPU) instead of
        // Lighthouse's default simulation, which estimates from an unthrottled load.
        ...(process.env.BENCH_LH_THROTTLING === 'devtools' ? { throttlingMethod: 'devtools' as const } : {}),
      };
      const result =
        form === 'desktop'
          ? await lighthouse(base + path, flags, desktopConfig)
          : await lighthouse(base + path, flags);
      if (!result) throw new Error('Lighthouse returned nothing');
      const { lhr } = result;
      const audit = (id: string) => lhr.audits[id]?.displayValue ?? '—';
      const scriptBytes = (
        (
          lhr.audits['resource-summary']?.details as
            { items?: { resourceType: string; transferSize: number }[] } | undefined
        )?.items ?? []
      ).find((i) => i.resourceType === 'script')?.transferSize;
      console.log(
        `\nLighthouse ${lhr.lighthouseVersion}, ${path}, ${form} (${form === 'mobile' ? 'Moto G power, slow 4G, 4× CPU slowdown' : '1350×940, 40 ms RTT, 10 Mbps'}): performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)} (target ≥ 95)`,
      );
      console.log(
        `    LCP ${audit('largest-contentful-paint')} (target < 1.4 s)   FCP ${audit('first-contentful-paint')}   TBT ${audit('total-blocking-time')}   CLS ${audit('cumulative-layout-shift')}   Speed Index ${audit('speed-index')}`,
      );
      if (process.env.BENCH_LH_JSON)
        writeFileSync(
          join(process.env.BENCH_LH_JSON, `${path.replace(/\W+/g, '_') || 'home'}-${form}.json`),
          JSON.stringify(lhr),
        );
      if (scriptBytes !== undefined)
        console.log(
          `    JavaScript transferred until the page settled (after hydration too, compressed as served): ${(scriptBytes / 1024).toFixed(1)} KB`,
        );
    }
  } finally {
    await chrome.kill();
  }

  const runs = Number(process.env.BENCH_THROTTLED_RUNS ?? 5);
  if (runs > 0) {
    console.log(
      `\nThrottled for real (DevTools: slow 4G, 4× CPU, 412×823 at 2.625×), medians of ${runs} loads:`,
    );
    /** One line: the medians, and each load's LCP and readiness in brackets. */
    const line = (name: string, ready: string, r: Awaited<ReturnType<typeof throttledLoads>>) => {
      const each = (k: keyof typeof r.median) => r.all.map((x) => x[k].toFixed(0)).join(' ');
      console.log(
        `    ${name}: FCP ${r.median.fcp.toFixed(0)} ms   LCP ${r.median.lcp.toFixed(0)} ms (${each('lcp')})   ${ready} ${r.median.hydrated.toFixed(0)} ms (${each('hydrated')})`,
      );
    };
    for (const path of pages) line(path, 'hydrated', await throttledLoads(chromium, base, path, runs));
    // The hosted checkout a shopper lands on from the cart (a fresh single-use link each time),
    // until its first step's e-mail field shows.
    line(
      'hosted checkout',
      'first step shown (its e-mail field)',
      await throttledLoads(chromium, base, () => checkoutLink(base), runs, 'input[type=email]'),
    );
  }
} finally {
  await server.stop();
}
