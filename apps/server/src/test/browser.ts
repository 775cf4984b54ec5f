import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import type { TestServer } from './server.ts';

/** Debian's Chromium (installed by .ci/run); Playwright never downloads a browser here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

if (!hasChromium) {
  console.warn(
    `Browser tests SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH).`,
  );
}

/** A headless Chromium with the flags this closed network needs (no background connections). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A desktop-sized context of the server's pages, signed in to the dashboard with a staff member's session cookie. */
export async function staffContext(
  browser: Browser,
  s: TestServer,
  staff: { cookie?: string | undefined },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: s.url });
  await context.addCookies([
    { name: 'vitrine_staff', value: staff.cookie!, url: s.url, httpOnly: true, sameSite: 'Strict' },
  ]);
  return context;
}

/**
 * Moves the server's test clock on by `ms` and sets the browser's clock (every page of `context`) to
 * the same instant, so that a day the page computes ("the last 30 days") is the server's day: a test
 * clock moved an hour on crosses midnight an hour before the real one, and a browser on real time
 * would then ask for the day before. The server's test clock stands still between moves; so does the
 * browser's `Date` (its timers still run).
 */
export async function advanceBoth(s: TestServer, context: BrowserContext, ms = 0): Promise<void> {
  s.clock.advance(ms);
  await context.clock.setFixedTime(s.clock.now());
}

/**
 * A "shop" on another origin (a page of its own, served by `page(url)`), registered as an OAuth
 * client of the test server with its /callback and origin: what a storefront hosted elsewhere is.
 */
export async function startShop(
  s: TestServer,
  page: (url: string) => { type: string; body: string },
): Promise<{ origin: string; clientId: string; close(): void }> {
  const server = createServer((req, res) => {
    const { type, body } = page(req.url ?? '/');
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const c = await s.admin<{ client: { id: string } }>('POST', '/oauth2/v1/clients', {
    client: { name: 'Shop', redirectUris: [`${origin}/callback`], allowedOrigins: [origin] },
  });
  if (c.status !== 200) throw new Error(`could not register the shop's client: ${JSON.stringify(c.body)}`);
  return { origin, clientId: c.body.client.id, close: () => server.close() };
}
