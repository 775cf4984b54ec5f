import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Shopper {
  context: BrowserContext;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

/**
 * A fresh shopper (own cookies and storage) at a viewport width. Every red line of the console is
 * collected, failed loads included ("Failed to load resource: … 404"), and uncaught page errors.
 */
export async function shopper(
  browser: Browser,
  baseURL: string,
  width = 1280,
  o: { userAgent?: string } = {},
): Promise<Shopper> {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 800 : 900 },
    baseURL,
    ...(o.userAgent ? { userAgent: o.userAgent } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  watchErrors(page, errors);
  return { context, page, errors, close: () => context.close() };
}

/**
 * Collects a page's console errors and uncaught errors into `errors` (with the page's URL).
 * `o.failedLoads: false` leaves out Chromium's "Failed to load resource" lines: the 4xx answers a
 * page expects (a refused save, a new visitor's missing cart).
 */
export function watchErrors(page: Page, errors: string[], o: { failedLoads?: boolean } = {}) {
  page.on('pageerror', (e) => errors.push(`pageerror on ${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (o.failedLoads === false && m.text().startsWith('Failed to load resource')) return;
    errors.push(`console on ${page.url()}: ${m.text()} (${m.location().url})`);
  });
}

/** Waits until the storefront page has hydrated (React attached its listeners). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = (
      globalThis as unknown as { document: { getElementById(id: string): object | null } }
    ).document.getElementById('root');
    return Object.keys(root ?? {}).some((k) => k.startsWith('__reactContainer'));
  });
}

/** axe-core in the page: no serious or critical violations. */
export async function expectAccessible(page: Page, what: string) {
  // Evaluated through the DevTools protocol: the page's CSP (no inline scripts) does not apply.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            o?: object,
          ): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run({ resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
  expect(violations, `axe on ${what}`).toEqual([]);
}

/**
 * The error shown beside a form field: the text of the `…-error` element its `aria-describedby`
 * names, when it is marked `aria-invalid` (the kit's Field); null when it has none.
 */
export async function fieldError(field: Locator): Promise<string | null> {
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const id = (await field.getAttribute('aria-describedby'))?.split(' ').find((i) => i.endsWith('-error'));
  return id ? field.page().locator(`[id="${id}"]`).innerText() : null;
}

/** The number on the header's cart button. */
export async function cartCount(page: Page): Promise<number> {
  // includeHidden: while the cart drawer (a modal dialog) is open, the page behind it is aria-hidden.
  const label = await page.getByRole('button', { name: /^Cart/, includeHidden: true }).innerText();
  return Number(/(\d+)\s*$/.exec(label)?.[1] ?? NaN);
}

/** The option labels of a <select> found by its label. */
export async function optionsOf(page: Page, label: string): Promise<string[]> {
  return page.getByLabel(label, { exact: true }).locator('option').allInnerTexts();
}

/** A phone's width: every page is checked at it as well as at 1280 px. */
export const NARROW = 375;

/** A second window `NARROW` px wide, signed in as `context` is (its cookies), on `baseURL`. */
export const phoneLike = async (browser: Browser, context: BrowserContext, baseURL?: string) =>
  browser.newContext({
    viewport: { width: NARROW, height: 812 },
    baseURL,
    storageState: await context.storageState(),
  });

/**
 * A dashboard page checked at both widths: settled (network idle), axe at 1280 px with a full-page
 * screenshot `${name}-1280.png` in `dir`, then `checkNarrow` at 375 px.
 */
export async function checkBothWidths(
  browser: Browser,
  page: Page,
  o: { name: string; dir: string; watch?: (p: Page) => void },
) {
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, o.name);
  await page.screenshot({ path: join(o.dir, `${o.name}-1280.png`), fullPage: true });
  await checkNarrow(browser, page, o);
}

/**
 * The page again in a second window `NARROW` px wide with the same session: nothing is wider than
 * the window, not even inside a table's own scrolling region (the kit's tables stack their rows as
 * cards on a phone), axe finds nothing serious, and a full-page
 * screenshot `${name}-375.png` lands in `dir`. `watch` sees the new page first (its errors).
 */
export async function checkNarrow(
  browser: Browser,
  page: Page,
  o: { name: string; dir: string; watch?: (p: Page) => void },
) {
  const narrow = await phoneLike(browser, page.context());
  try {
    const q = await narrow.newPage();
    o.watch?.(q);
    await q.goto(page.url());
    await q.getByRole('heading', { level: 1 }).waitFor();
    await q.waitForLoadState('networkidle');
    const overflow = await q.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow, `${o.name} fits ${NARROW} px`).toBeLessThanOrEqual(0);
    const tables = await q.evaluate<number[]>(
      `[...document.querySelectorAll('[role=region]:has(> table)')].map((r) => r.scrollWidth - r.clientWidth)`,
    );
    expect(
      tables.filter((n) => n > 0),
      `${o.name}: no table scrolls sideways at ${NARROW} px`,
    ).toEqual([]);
    await expectAccessible(q, `${o.name} at ${NARROW} px`);
    await q.screenshot({ path: join(o.dir, `${o.name}-${NARROW}.png`), fullPage: true });
  } finally {
    await narrow.close();
  }
}

/**
 * A dialog opened from its URL in a second window `NARROW` px wide signed in as `context` is:
 * once `ready` (a text inside it) shows, nothing is wider than the dialog or the window, axe finds
 * nothing serious, and a screenshot `${name}-375.png` lands in `dir`.
 */
export async function checkNarrowDialog(
  browser: Browser,
  context: BrowserContext,
  o: {
    url: string;
    dialog: string;
    name: string;
    dir: string;
    ready?: string;
    baseURL?: string;
    watch?: (p: Page) => void;
  },
) {
  const narrow = await phoneLike(browser, context, o.baseURL);
  try {
    const q = await narrow.newPage();
    o.watch?.(q);
    await q.goto(o.url);
    const dialog = q.getByRole('dialog', { name: o.dialog });
    await (o.ready ? dialog.getByText(o.ready).first() : dialog).waitFor();
    await q.waitForLoadState('networkidle');
    const overflow = await dialog.evaluate((d) => {
      const box = d as unknown as { scrollWidth: number; clientWidth: number };
      return box.scrollWidth - box.clientWidth;
    });
    expect(overflow, `${o.name} fits ${NARROW} px`).toBeLessThanOrEqual(0);
    expect(
      await q.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'),
    ).toBeLessThanOrEqual(0);
    await expectAccessible(q, `${o.name} at ${NARROW} px`);
    await q.screenshot({ path: join(o.dir, `${o.name}-${NARROW}.png`) });
  } finally {
    await narrow.close();
  }
}

/** Contact and a US address (Springfield, NY 10001 unless told) on the hosted checkout, then on to its shipping options. */
export async function fillAddress(
  page: Page,
  email: string,
  where: { state: string; postalCode: string } = { state: 'US-NY', postalCode: '10001' },
) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('Street name').fill('Main Street');
  await page.getByLabel('House number').fill('1');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State / province').selectOption(where.state);
  await page.getByLabel('Postal code').fill(where.postalCode);
  await page.getByRole('button', { name: 'Continue to shipping' }).press('Enter');
  await page.getByRole('radio', { name: /Standard/ }).waitFor();
}

/** The text of the focused element (its label, aria-label or own text): evaluated in the page. */
export const focused = (page: Page) =>
  page.evaluate<string>(`(() => {
    const el = document.activeElement;
    if (!el) return '';
    const labels = [...(el.labels ?? [])].map((l) => l.innerText).join(' ');
    return ((el.getAttribute('aria-label') ?? labels) || el.innerText || '').trim();
  })()`);

/** Waits until the product page's reviews section (a chunk of its own, hydrated after the page) is live. */
export const reviewsHydrated = (page: Page) =>
  page.waitForFunction(() => {
    const section = (
      globalThis as unknown as { document: { getElementById(id: string): object | null } }
    ).document.getElementById('reviews');
    return Object.keys(section ?? {}).some((k) => k.startsWith('__reactFiber'));
  });

/** Signs in on the shop's sign-in page, which returns to `path` (a product page, the account…). */
export async function signInAt(page: Page, path: string, email: string, password: string): Promise<void> {
  await page.goto(`/login?returnTo=${encodeURIComponent(path)}`);
  await hydrated(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).press('Enter');
  await page.waitForURL((u) => u.pathname === path, { timeout: 30_000 });
  await hydrated(page);
}
