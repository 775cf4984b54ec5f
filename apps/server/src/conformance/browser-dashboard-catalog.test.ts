/**
 * The dashboard's catalog and media library (apps/dashboard, features `catalog` and `media`) in
 * real Chromium against a real server. The owner (signed in over HTTP, the session cookie put in
 * the browser) creates a category; creates a product with a picture dropped onto the editor (a
 * real drag-and-drop `drop` event carrying a PNG made by sharp, uploaded with progress), a price,
 * a compare-at price and 3 units, in that category; the product then shows in the shop at its
 * product page with that picture. The low-stock view lists it, and a bulk adjustment restocks it.
 * In the media library: a folder is made, a file uploaded (and a 17 MiB one, resumable over TUS),
 * shown in grid and list, made private with a signed download link, moved into the folder,
 * trashed and restored. axe-core on every page and dialog; screenshots at 1280 and 768 px in
 * test-artifacts/dashboard (git-ignored).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import type { TestServer } from '../test/server.ts';
import { setUpOwner, staffServer } from '../test/staff.ts';
import { checkNarrow, expectAccessible, hydrated } from '../test/storefront.ts';

const built =
  existsSync(join(appDist('dashboard'), 'index.html')) &&
  existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'dashboard');
const BIG = 17 * 1024 * 1024;

if (!built) console.warn('Dashboard catalog browser tests SKIPPED: run "npm run build" first.');

let s: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cookie: { name: string; value: string; url: string; httpOnly: boolean; sameSite: 'Strict' };
const errors: string[] = [];
const product = { id: '', slug: '', fileId: '' };

interface AdminProduct {
  id: string;
  slug: string;
  handle: string;
  visible: boolean;
  media: { main: { image: { id?: string } } | null };
  directCategoriesInfo?: { categories: { id: string }[] };
  variantsInfo: {
    variants: {
      id: string;
      sku?: string;
      price: { actualPrice: { amount: string }; compareAtPrice?: { amount: string } };
    }[];
  };
}
interface FileAnswer {
  file: {
    id: string;
    displayName: string;
    state: string;
    parentFolderId: string;
    private: boolean;
    sizeInBytes: string;
    operationStatus: string;
  };
}

beforeAll(async () => {
  if (!hasChromium || !built) return;
  s = await staffServer();
  const owner = await setUpOwner(s);
  cookie = { name: 'vitrine_staff', value: owner.cookie!, url: s.url, httpOnly: true, sameSite: 'Strict' };
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: s.url });
  await context.addCookies([cookie]);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  // Failed loads (a picture asked for while the library still processes it: 409) are logged by Chromium too.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);

// A failing step leaves a picture of the page behind.
afterEach(async (t) => {
  if (t.task.result?.state === 'fail' && page)
    await page.screenshot({
      path: join(ARTIFACTS, `failed-${t.task.name.slice(0, 40).replace(/\W+/g, '-')}.png`),
      fullPage: true,
    });
});

afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

/** Full-page screenshots at 1280 px (this page) and at a phone's width (a second window with the same session). */
async function shots(p: Page, name: string) {
  await p.screenshot({ path: join(ARTIFACTS, `${name}-1280.png`), fullPage: true });
  await checkNarrow(browser, p, { name, dir: ARTIFACTS });
}

/** Drops files onto the page's drop zone, as a drag-and-drop from the desktop does (a `drop` event with a DataTransfer). */
async function dropFiles(p: Page, files: { name: string; type: string; base64: string }[]) {
  const zone = p.getByTestId('drop-zone').first();
  await zone.evaluate((el, list) => {
    // In the page (this file is typed without the DOM library).
    const g = globalThis as unknown as {
      DataTransfer: new () => { items: { add(f: unknown): void } };
      File: new (parts: unknown[], name: string, o: { type: string }) => unknown;
      DragEvent: new (type: string, init: object) => unknown;
      atob(s: string): string;
    };
    const dt = new g.DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(g.atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new g.File([bytes], f.name, { type: f.type }));
    }
    for (const type of ['dragenter', 'dragover', 'drop'])
      (el as unknown as { dispatchEvent(e: unknown): boolean }).dispatchEvent(
        new g.DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
  }, files);
}

describe.skipIf(!hasChromium || !built)('the dashboard catalog and media library in Chromium', () => {
  it('creates a category', async () => {
    await page.goto('/dashboard/catalog/categories');
    await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    await page.getByText('No categories yet.').waitFor();
    await page.getByRole('form', { name: 'New category' }).getByLabel('Name').fill('Posters');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('status').filter({ hasText: 'Category Posters was created.' }).waitFor();
    await page.getByRole('table', { name: 'Categories' }).getByRole('link', { name: 'Posters' }).waitFor();
    await expectAccessible(page, 'categories');
    await shots(page, 'catalog-categories');
  });

  it('creates a product with a dropped picture, price and stock, and the shop shows it with that picture', async () => {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Catalog' }).click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'No products yet.' }).waitFor();
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill('Sunset poster');
    await page.getByLabel('Handle').fill('PRINT-0042');
    await page.getByLabel('Description').fill('A warm print.\nPrinted on heavy paper.');
    await page.getByLabel('Price', { exact: true }).fill('24.50');
    await page.getByLabel('Compare-at price').fill('30');
    await page.getByLabel('SKU').fill('POSTER-SUN');
    await page.getByLabel('Units in stock').fill('3');
    await page.getByRole('checkbox', { name: 'Posters' }).check();

    // A PNG dropped onto the pictures' drop zone: uploaded into the library with a progress bar.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e0603a' } })
      .png()
      .toBuffer();
    await dropFiles(page, [{ name: 'sunset.png', type: 'image/png', base64: png.toString('base64') }]);
    await page.getByRole('status').filter({ hasText: '1 of 1 file uploaded.' }).waitFor();
    const bar = page.getByRole('progressbar', { name: 'Upload of sunset.png' });
    await expect(bar.getAttribute('value')).resolves.toBe('100');
    const pictures = page.getByRole('list', { name: 'Pictures of the product' });
    await pictures.getByRole('img', { name: /^Picture 1 \(sunset\.png\)$/ }).waitFor({ timeout: 15_000 });
    await expectAccessible(page, 'new product');
    await page.screenshot({ path: join(ARTIFACTS, 'catalog-new-product-1280.png'), fullPage: true });

    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL(/\/dashboard\/catalog\/products\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Sunset poster', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Sunset poster was created.' }).waitFor();
    product.id = page.url().split('/').pop()!;

    const read = await s.admin<{ product: AdminProduct }>(
      'GET',
      `/stores/v3/products/${product.id}?fields=DIRECT_CATEGORIES_INFO`,
    );
    expect(read.status).toBe(200);
    const p = read.body.product;
    product.slug = p.slug;
    product.fileId = p.media.main?.image.id ?? '';
    expect(product.slug).toBe('sunset-poster');
    expect(p.handle).toBe('PRINT-0042');
    // Set at creation, the handle is shown and cannot be edited after.
    await expect(page.getByLabel('Handle').inputValue()).resolves.toBe('PRINT-0042');
    await expect(page.getByLabel('Handle').getAttribute('readonly')).resolves.toBe('');
    expect(product.fileId).toMatch(/~mv2\.png$/);
    expect(p.variantsInfo.variants).toHaveLength(1);
    expect(p.variantsInfo.variants[0]).toMatchObject({
      sku: 'POSTER-SUN',
      price: { actualPrice: { amount: '24.50' }, compareAtPrice: { amount: '30.00' } },
    });
    expect(p.directCategoriesInfo?.categories).toHaveLength(1);
    const stock = await s.admin<{ inventoryItems: { trackQuantity: boolean; quantity: number }[] }>(
      'POST',
      '/stores/v3/inventory-items/query',
      { query: { filter: { productId: { $eq: product.id } } } },
    );
    expect(stock.body.inventoryItems).toMatchObject([{ trackQuantity: true, quantity: 3 }]);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'product editor');
    await shots(page, 'catalog-product');

    // The list finds it by a word of its name.
    await page.getByRole('link', { name: 'Products', exact: true }).first().click();
    await page.getByLabel('Search').fill('sun');
    await page.getByLabel('Search').press('Enter');
    await page.waitForURL(/\/dashboard\/catalog\?q=sun$/);
    await page.getByRole('status').filter({ hasText: 'Showing 1 product matching the filters' }).waitFor();
    await page
      .getByRole('table', { name: 'Products' })
      .getByRole('link', { name: 'Sunset poster' })
      .waitFor();
    await expectAccessible(page, 'products');
    await shots(page, 'catalog-products');

    // The shop's product page, with the uploaded picture (once the library has processed it).
    await s.until(async () => {
      const f = await s.admin<FileAnswer>(
        'GET',
        `/site-media/v1/files/get-file-by-id?fileId=${product.fileId}`,
      );
      return f.body.file.operationStatus === 'READY';
    }, 20_000);
    const shop = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: s.url });
    try {
      const q = await shop.newPage();
      await q.goto(`/product-page/${product.slug}`);
      await hydrated(q);
      await q.getByRole('heading', { name: 'Sunset poster', level: 1 }).waitFor();
      const img = q.locator(`section[aria-label="Product images"] img[src*="${product.fileId}"]`).first();
      await img.waitFor();
      await q.waitForFunction(
        `[...document.querySelectorAll('section[aria-label="Product images"] img')].some((i) => i.src.includes(${JSON.stringify(product.fileId)}) && i.complete && i.naturalWidth > 0)`,
      );
      await q.getByText('$24.50').first().waitFor();
      await q.screenshot({ path: join(ARTIFACTS, 'shop-new-product-1280.png') });
    } finally {
      await shop.close();
    }
  });

  it('lists the product in its category, and renames the category', async () => {
    await page.goto('/dashboard/catalog/categories');
    await page.getByRole('table', { name: 'Categories' }).getByRole('link', { name: 'Posters' }).click();
    await page.getByRole('heading', { name: 'Posters', level: 1 }).waitFor();
    await page
      .getByRole('table', { name: 'Products in this category' })
      .getByRole('link', { name: 'Sunset poster' })
      .waitFor();
    await page.getByRole('link', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename category' });
    await rename.getByLabel('Name', { exact: true }).fill('Wall posters');
    await expectAccessible(page, 'rename category dialog');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Wall posters', level: 1 }).waitFor();
    await expectAccessible(page, 'category');
    await shots(page, 'catalog-category');
  });

  it('restocks the product from the low-stock view with a bulk adjustment', async () => {
    // Home's "needs attention" leads there.
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Home' }).click();
    await page
      .getByRole('region', { name: 'Needs attention' })
      .getByRole('link', { name: '1 item low in stock' })
      .click();
    await page.waitForURL(/\/dashboard\/catalog\/low-stock$/);
    await page.getByRole('heading', { name: 'Low stock', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Items low in stock' });
    const row = table.getByRole('row').filter({ hasText: 'Sunset poster' });
    await expect(row.getByRole('cell').nth(2).innerText()).resolves.toBe('3');
    await expectAccessible(page, 'low stock');
    await shots(page, 'catalog-low-stock');

    // Too much taken away is refused before anything is sent; then +10 is applied.
    const change = page.getByLabel('Change stock of Sunset poster by');
    await change.fill('-4');
    await page.getByRole('button', { name: 'Apply stock changes' }).click();
    await page.getByText('Only 3 in stock.').waitFor();
    await change.fill('10');
    await expect(row.getByRole('cell').nth(4).innerText()).resolves.toBe('13');
    await page.getByRole('button', { name: 'Apply stock changes' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Stock changed for 1 item\./ })
      .waitFor();
    await page.getByText('Nothing is this low. Well stocked!').waitFor();
    const stock = await s.admin<{ inventoryItems: { quantity: number }[] }>(
      'POST',
      '/stores/v3/inventory-items/query',
      {
        query: { filter: { productId: { $eq: product.id } } },
      },
    );
    expect(stock.body.inventoryItems[0]?.quantity).toBe(13);
  });

  it('edits the product: a stale revision is refused in words, options make variants, leaving unsaved asks first', async () => {
    await page.goto(`/dashboard/catalog/products/${product.id}`);
    await page.getByRole('heading', { name: 'Sunset poster', level: 1 }).waitFor();
    await page.getByLabel('Description').waitFor();

    // Someone else saves meanwhile: this save is refused, and the page says what to do.
    const before = await s.admin<{ product: { revision: string } }>(
      'GET',
      `/stores/v3/products/${product.id}`,
    );
    const other = await s.admin('PATCH', `/stores/v3/products/${product.id}`, {
      product: { revision: before.body.product.revision, ribbon: { name: 'New' } },
    });
    expect(other.status).toBe(200);
    await page.getByLabel('Description').fill('Changed here too.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Someone else saved this product while you were editing it.' })
      .waitFor();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Sunset poster', level: 1 }).waitFor();

    // Leaving with unsaved changes asks first.
    await page.getByLabel('Name', { exact: true }).fill('Sunset poster (draft)');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Orders' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await expectAccessible(page, 'leave without saving dialog');
    await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/catalog/products/${product.id}`);
    await page.getByLabel('Name', { exact: true }).fill('Sunset poster');

    // An option with two choices: two variants, priced together.
    await page.getByRole('button', { name: 'Add an option' }).click();
    await page.getByLabel('Option name').fill('Size');
    await page.getByLabel('New choices').fill('A3, A2');
    await page.getByLabel('New choices').press('Enter');
    const variants = page.getByRole('table', { name: 'Variants' });
    await variants.getByRole('rowheader', { name: 'A2' }).waitFor();
    await page.getByLabel('One price for every variant').fill('35');
    await page.getByRole('button', { name: 'Fill in' }).click();
    await page.getByLabel('Units in stock of A3').fill('8');
    await page.getByLabel('SKU of A2').fill('POSTER-SUN-A2');
    await expectAccessible(page, 'product with variants');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Changes saved.' }).waitFor();
    await page.getByText('All changes saved').waitFor();
    await shots(page, 'catalog-product-variants');

    const read = await s.admin<{
      product: AdminProduct & { options: { name: string }[]; ribbon?: { name: string } };
    }>('GET', `/stores/v3/products/${product.id}`);
    expect(read.body.product.options.map((o) => o.name)).toEqual(['Size']);
    expect(read.body.product.ribbon).toEqual({ name: 'New' });
    expect(
      read.body.product.variantsInfo.variants.map((v) => [v.price.actualPrice.amount, v.sku ?? null]),
    ).toEqual([
      ['35.00', null],
      ['35.00', 'POSTER-SUN-A2'],
    ]);
    const stock = await s.admin<{ inventoryItems: { variantId: string; quantity: number }[] }>(
      'POST',
      '/stores/v3/inventory-items/query',
      { query: { filter: { productId: { $eq: product.id } } } },
    );
    const a3 = read.body.product.variantsInfo.variants[0]!.id;
    expect(stock.body.inventoryItems.find((i) => i.variantId === a3)?.quantity).toBe(8);
  });

  it('uploads files to the media library (a large one resumable), shows them as grid and list, and makes one private with a download link', async () => {
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Media library' })
      .click();
    await page.getByRole('heading', { name: 'Media library', level: 1 }).waitFor();
    // The product's picture is there already.
    await page.getByRole('link', { name: 'sunset.png' }).waitFor();

    // A new folder: the library opens it.
    await page.getByRole('link', { name: 'New folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'New folder' });
    await folderDialog.getByLabel('Folder name').fill('Price lists');
    await expectAccessible(page, 'new folder dialog');
    await folderDialog.getByRole('button', { name: 'Create folder' }).click();
    await page.getByRole('navigation', { name: 'Folder' }).getByText('Price lists').waitFor();
    await page.getByRole('status').filter({ hasText: 'No files in this folder yet.' }).waitFor();
    const folderId = new URL(page.url()).searchParams.get('folder');
    expect(folderId).toBeTruthy();
    await page.getByRole('navigation', { name: 'Folder' }).getByRole('link', { name: 'Library' }).click();
    await page.getByRole('link', { name: 'Price lists' }).waitFor();

    // A small PDF by the file button (PUT), and a 17 MiB file (TUS, in parts).
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await page.locator('input[type="file"][aria-label="Upload files"]').setInputFiles([
      { name: 'price-list.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'catalogue.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(BIG, 7) },
    ]);
    await page
      .getByText(/· resumable$/)
      .first()
      .waitFor();
    await page.getByRole('status').filter({ hasText: '2 of 2 files uploaded.' }).waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'price-list.pdf' }).waitFor();
    await page.getByRole('link', { name: 'catalogue.bin' }).waitFor();
    const big = await s.admin<{ files: { displayName: string; sizeInBytes: string }[] }>(
      'POST',
      '/site-media/v1/files/search',
      {
        search: 'catalogue',
      },
    );
    expect(big.body.files).toMatchObject([{ displayName: 'catalogue.bin', sizeInBytes: String(BIG) }]);
    await page.getByRole('button', { name: 'Clear finished uploads' }).click();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'media library, grid');
    await shots(page, 'media-grid');

    await page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'List' }).click();
    await page.waitForURL(/view=list/);
    await page.getByRole('table', { name: 'Files' }).getByRole('link', { name: 'price-list.pdf' }).waitFor();
    await expectAccessible(page, 'media library, list');
    await shots(page, 'media-list');

    // Details: private, with a signed link that serves it.
    await page.getByRole('table', { name: 'Files' }).getByRole('link', { name: 'price-list.pdf' }).click();
    await page.waitForURL(/file=/);
    const details = page.getByRole('dialog', { name: 'price-list.pdf' });
    await details.getByText('Document', { exact: true }).waitFor();
    await details.getByRole('button', { name: 'Make private' }).click();
    await details.getByText('Private (signed links only)').waitFor();
    await details.getByRole('button', { name: 'Make a download link' }).click();
    const link = details.getByRole('status').getByRole('link');
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const served = await fetch(href!);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    await expectAccessible(page, 'file details');
    await page.screenshot({ path: join(ARTIFACTS, 'media-file-details-1280.png') });
    await details.getByRole('button', { name: 'Close', exact: true }).first().click();
    await details.waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('file=');

    // Chosen with its checkbox, moved into the folder.
    await page.getByRole('checkbox', { name: 'Select price-list.pdf' }).check();
    await page
      .getByRole('region', { name: 'Chosen files' })
      .getByRole('link', { name: 'Move to folder' })
      .click();
    const move = page.getByRole('dialog', { name: 'Move 1 file' });
    await move.getByRole('button', { name: 'Open folder Price lists' }).click();
    await move.getByText('Library / Price lists').waitFor();
    await expectAccessible(page, 'move files dialog');
    await move.getByRole('button', { name: 'Move here' }).click();
    await move.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: '1 file was moved.' }).waitFor();
    const moved = await s.admin<{ files: FileAnswer['file'][] }>('POST', '/site-media/v1/files/search', {
      search: 'price',
    });
    expect(moved.body.files).toMatchObject([{ parentFolderId: folderId, private: true }]);
  });

  it('moves a file to the trash and restores it', async () => {
    await page.goto('/dashboard/media');
    await page.getByRole('link', { name: 'Price lists' }).click();
    await page.getByRole('link', { name: 'price-list.pdf' }).waitFor();
    await page.getByRole('checkbox', { name: 'Select price-list.pdf' }).check();
    await page
      .getByRole('region', { name: 'Chosen files' })
      .getByRole('button', { name: 'Move to trash' })
      .click();
    await page.getByRole('status').filter({ hasText: '1 file moved to the trash.' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'No files in this folder yet.' }).waitFor();
    const trashed = await s.admin<{ files: { displayName: string }[] }>(
      'GET',
      '/site-media/v1/trash-bin/files',
    );
    expect(trashed.body.files.map((f) => f.displayName)).toEqual(['price-list.pdf']);

    await page
      .getByRole('navigation', { name: 'Media sections' })
      .getByRole('link', { name: 'Trash' })
      .click();
    await page.getByRole('heading', { name: 'Trash', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Files in the trash' }).getByText('price-list.pdf').waitFor();
    await expectAccessible(page, 'trash');
    await shots(page, 'media-trash');
    await page.getByRole('button', { name: 'Restore price-list.pdf' }).click();
    await page.getByRole('status').filter({ hasText: '1 file restored.' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'The trash is empty.' }).waitFor();

    const back = await s.admin<{ files: FileAnswer['file'][] }>('POST', '/site-media/v1/files/search', {
      search: 'price',
    });
    expect(back.body.files).toMatchObject([{ displayName: 'price-list.pdf', state: 'OK' }]);
    await page.getByRole('link', { name: 'Library', exact: true }).click();
    await page.getByRole('link', { name: 'Price lists' }).click();
    await page.getByRole('link', { name: 'price-list.pdf' }).waitFor();
    expect(errors).toEqual([]);
  });
});
