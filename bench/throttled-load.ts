/**
 * A page loaded by a real Chromium throttled for real (DevTools: slow 4G's 562.5 ms request latency
 * and 1.44 Mbps, as Lighthouse's `devtools` throttling; 4× CPU slowdown) at a phone's viewport:
 * when its largest picture or text painted (LCP, the browser's own `largest-contentful-paint`
 * entry) and when React had hydrated it (the root's container key), the two ends of the trade
 * between pictures and scripts sharing the connection. Medians of `runs` loads, each in a fresh
 * context (no cache).
 */
import { chromium } from 'playwright-core';

export interface ThrottledLoad {
  fcp: number;
  lcp: number;
  hydrated: number;
}

/**
 * Keeps the last LCP entry's time, and when the root got React's container key and, given a
 * selector, an element matching it is in the page (`__hydrated`).
 */
const init = (ready: string | undefined) => `
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    const root = document.getElementById('root');
    if (
      root &&
      Object.keys(root).some((k) => k.startsWith('__reactContainer')) &&
      (${JSON.stringify(ready ?? null)} === null || document.querySelector(${JSON.stringify(ready ?? '')}))
    )
      window.__hydrated = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function throttledLoads(
  executablePath: string,
  base: string,
  /** The page, or a function making a fresh one for each load (a single-use checkout link). */
  path: string | (() => Promise<string>),
  runs: number,
  /** When the page counts as drawn: React's root (the default), and this selector matching. */
  ready?: string,
): Promise<{ median: ThrottledLoad; all: ThrottledLoad[] }> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const all: ThrottledLoad[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 2.625,
        isMobile: true,
        // The hosted pages' policy forbids evaluating strings, which the waits here do.
        bypassCSP: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 562.5,
        downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
        uploadThroughput: (750 * 1024 * 0.9) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // A string, not a function: tsx names functions with a helper the page does not have.
      await page.addInitScript(init(ready));
      await page.goto(base + (typeof path === 'string' ? path : await path()), {
        waitUntil: 'load',
        timeout: 120_000,
      });
      await page.waitForFunction('window.__hydrated', null, { timeout: 120_000 });
      // A picture can still become the largest after hydration: let the page settle.
      await page.waitForTimeout(1000);
      all.push(
        (await page.evaluate(
          `({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, lcp: window.__lcp, hydrated: window.__hydrated })`,
        )) as ThrottledLoad,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    median: {
      fcp: median(all.map((r) => r.fcp)),
      lcp: median(all.map((r) => r.lcp)),
      hydrated: median(all.map((r) => r.hydrated)),
    },
    all,
  };
}
