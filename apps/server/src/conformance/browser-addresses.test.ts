/**
 * Saved addresses in real Chromium, storefront and hosted checkout together: a member saves an
 * address (apartment and state) in the account's address book, the kit's address form, the same
 * as the checkout's (axe at 375 and 1280 px); the checkout offers it and fills it in, the member
 * pays, and the order holds it (admin API). A member with no saved address has the address typed
 * at checkout saved to their account ("Save this address to my account", on by default), shown in
 * the book as one saved there is. Screenshots in test-artifacts/addresses (git-ignored).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { cartCount, checkNarrow, expectAccessible, hydrated, shopper } from '../test/storefront.ts';

// A new member's cart answers 404 until it holds something: the browser logs that as a failed load.

const built =
  existsSync(join(appDist('storefront'), 'server', 'entry-server.js')) &&
  existsSync(join(appDist('hosted'), 'index.html'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'addresses');
const PASSWORD = 'Correct-Horse-42';
const SPRINGFIELD = '12 Main Street, Apt 4B, Springfield, IL 62701, United States';

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium || !built) return;
  s = await startTestServer({
    env: { DEMO_DATA: 'true', PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' },
  });
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

/** A new member, signed in with the storefront's form, on their account page. */
async function signedInMember(page: Page, name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.test`;
  const r = await s.request('POST', '/_api/iam/authentication/v2/register', {
    body: { loginId: { email }, password: PASSWORD },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).press('Enter');
  await page.waitForURL(/\/account$/, { timeout: 30_000 });
  return email;
}

/** A mug in the cart, then the storefront's "Check out" to the hosted checkout. */
async function checkOut(page: Page) {
  await page.goto('/product-page/stoneware-coffee-mug');
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).press('Enter');
  await expect.poll(() => cartCount(page)).toBe(1);
  await page.goto('/cart');
  await hydrated(page);
  await page.getByRole('button', { name: 'Check out' }).press('Enter');
  await page.waitForURL(/\/checkout\?/);
  await page.getByLabel('E-mail').waitFor();
}

/** From the filled contact step: on to shipping and payment, pays with the test card; the order's id. */
async function pay(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Continue to shipping' }).press('Enter');
  const toPayment = page.getByRole('button', { name: /Continue to payment/ });
  await page.getByLabel('Card number').or(toPayment).first().waitFor();
  if (await toPayment.count()) await toPayment.press('Enter');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /place order/i }).press('Enter');
  await page.waitForURL(/\/thank-you\?orderId=/, { timeout: 30_000 });
  return new URL(page.url()).searchParams.get('orderId')!;
}

/** The address fields of the form on the page, as their values. */
const fieldValues = async (page: Page) => ({
  country: await page.getByLabel('Country', { exact: true }).inputValue(),
  streetName: await page.getByLabel('Street name').inputValue(),
  streetNumber: await page.getByLabel('House number').inputValue(),
  apartment: await page.getByLabel('Apartment, suite, etc. (optional)').inputValue(),
  city: await page.getByLabel('City').inputValue(),
  state: await page.getByLabel('State / province').inputValue(),
  postalCode: await page.getByLabel('Postal code').inputValue(),
});

const SAVED_FIELDS = {
  country: 'US',
  streetName: 'Main Street',
  streetNumber: '12',
  apartment: 'Apt 4B',
  city: 'Springfield',
  state: 'US-IL',
  postalCode: '62701',
};

/** The saved addresses in the account's book, each as its lines joined by ", ". */
const bookEntries = async (page: Page) =>
  (await page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem').allInnerTexts()).map((t) =>
    t
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !/^(Default at checkout|Make default|Edit|Remove)$/.test(l))
      .join(', '),
  );

describe.skipIf(!hasChromium || !built)('saved addresses, account and checkout', () => {
  it('a member saves an address in the account; the checkout offers it and fills it in; the order holds it', async () => {
    const sh = await shopper(browser, s.url, 1280);
    const { page } = sh;
    const email = await signedInMember(page, 'book');
    await page.goto('/account/addresses');
    await page.getByRole('heading', { name: 'Add an address' }).waitFor();
    await expectAccessible(page, 'empty address book');

    // The checkout's form: the country as a list, the state as a list, the apartment.
    await page.getByRole('button', { name: 'Save address' }).press('Enter');
    await page.getByText('Please check the highlighted fields.').waitFor();
    await page.getByText('Enter the street name.').waitFor();
    await page.getByLabel('Country', { exact: true }).selectOption('US');
    await page.getByLabel('Street name').fill('Main Street');
    await page.getByLabel('House number').fill('12');
    await page.getByLabel('Apartment, suite, etc. (optional)').fill('Apt 4B');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('State / province').selectOption('US-IL');
    await page.getByLabel('Postal code').fill('62701');
    await page.getByRole('button', { name: 'Save address' }).press('Enter');
    await expect.poll(() => bookEntries(page)).toEqual([SPRINGFIELD]);
    // The form is empty again for the next one.
    expect(await page.getByLabel('Street name').inputValue()).toBe('');
    await expectAccessible(page, 'address book');
    await page.screenshot({ path: join(ARTIFACTS, 'address-book-1280.png'), fullPage: true });
    await checkNarrow(browser, page, { name: 'address-book', dir: ARTIFACTS });

    // Stored as the platform writes addresses: the street, and the line written from it.
    const mine = await s.admin<{ members: { contact: { addresses?: unknown[] } }[] }>(
      'POST',
      '/members/v1/members/query',
      { query: { filter: { loginEmail: email } }, fieldsets: ['FULL'] },
    );
    expect(mine.body.members[0]?.contact.addresses).toEqual([
      expect.objectContaining({
        addressLine: '12 Main Street',
        addressLine2: 'Apt 4B',
        streetAddress: { name: 'Main Street', number: '12' },
        city: 'Springfield',
        subdivision: 'US-IL',
        postalCode: '62701',
        country: 'US',
      }),
    ]);

    await checkOut(page);
    // The saved address is offered above the address, chosen, and in the fields.
    const saved = page.getByLabel('Saved addresses');
    await expect.poll(() => saved.locator('option:checked').innerText()).toBe(SPRINGFIELD);
    expect(await saved.locator('option').allInnerTexts()).toEqual([SPRINGFIELD, 'A new address']);
    expect(await fieldValues(page)).toEqual(SAVED_FIELDS);
    // Nothing to save: it is saved already.
    expect(await page.getByLabel('Save this address to my account').count()).toBe(0);
    await expectAccessible(page, 'checkout with a saved address');
    await page.screenshot({ path: join(ARTIFACTS, 'checkout-saved-1280.png'), fullPage: true });

    // "A new address" empties the fields; choosing the saved one fills them again.
    await saved.selectOption({ label: 'A new address' });
    expect(await page.getByLabel('Street name').inputValue()).toBe('');
    expect(await page.getByLabel('Postal code').inputValue()).toBe('');
    await saved.selectOption({ label: SPRINGFIELD });
    expect(await fieldValues(page)).toEqual(SAVED_FIELDS);
    // Editable afterwards: another apartment is a new address (offered to be saved, off: one is saved).
    await page.getByLabel('Apartment, suite, etc. (optional)').fill('Apt 5C');
    expect(await saved.locator('option:checked').innerText()).toBe('A new address');
    expect(await page.getByLabel('Save this address to my account').isChecked()).toBe(false);
    await page.getByLabel('Apartment, suite, etc. (optional)').fill('Apt 4B');
    expect(await saved.locator('option:checked').innerText()).toBe(SPRINGFIELD);

    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    const orderId = await pay(page);
    const order = await s.admin<{
      order: { shippingInfo: { logistics: { shippingDestination: { address: unknown } } } };
    }>('GET', `/ecom/v1/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.body.order.shippingInfo.logistics.shippingDestination.address).toMatchObject({
      addressLine: '12 Main Street',
      addressLine2: 'Apt 4B',
      streetAddress: { name: 'Main Street', number: '12' },
      city: 'Springfield',
      subdivision: 'US-IL',
      postalCode: '62701',
      country: 'US',
    });
    // The book is as it was: the address was saved already.
    await page.goto('/account/addresses');
    await expect.poll(() => bookEntries(page)).toEqual([SPRINGFIELD]);
    expect(sh.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await sh.close();
  });

  it('a member with no saved address has the address typed at checkout saved to the account', async () => {
    const sh = await shopper(browser, s.url, 375);
    const { page } = sh;
    await signedInMember(page, 'first-order');
    await checkOut(page);
    expect(await page.getByLabel('Saved addresses').count()).toBe(0);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Country', { exact: true }).selectOption('US');
    await page.getByLabel('Street name').fill('Harbour Road');
    await page.getByLabel('House number').fill('5');
    await page.getByLabel('Apartment, suite, etc. (optional)').fill('Suite 200');
    await page.getByLabel('City').fill('Arlington');
    await page.getByLabel('State / province').selectOption('US-VA');
    await page.getByLabel('Postal code').fill('22201');
    const keep = page.getByLabel('Save this address to my account');
    expect(await keep.isChecked()).toBe(true);
    await expectAccessible(page, 'checkout, first address');
    await pay(page);

    await page.goto('/account/addresses');
    await expect
      .poll(() => bookEntries(page))
      .toEqual(['5 Harbour Road, Suite 200, Arlington, VA 22201, United States']);
    // The next checkout offers it.
    await checkOut(page);
    await expect
      .poll(() => page.getByLabel('Saved addresses').locator('option:checked').innerText())
      .toBe('5 Harbour Road, Suite 200, Arlington, VA 22201, United States');
    expect(await page.getByLabel('Street name').inputValue()).toBe('Harbour Road');

    // The book edits an address in its place: the form fills with it and takes the focus; Cancel
    // leaves it as it was, and saved, the change survives a reload.
    await page.goto('/account/addresses');
    await hydrated(page);
    const harbour = '5 Harbour Road, Suite 200, Arlington, VA 22201, United States';
    await page.getByRole('button', { name: `Edit address ${harbour}` }).click();
    await expect
      .poll(() => page.evaluate<string | undefined>('document.activeElement?.textContent'))
      .toBe('Edit the address');
    expect(await page.getByLabel('Apartment, suite, etc. (optional)').inputValue()).toBe('Suite 200');
    await expectAccessible(page, 'address book, editing');
    await page.getByLabel('Apartment, suite, etc. (optional)').fill('Suite 300');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('heading', { name: 'Add an address' }).count()).toBe(1);
    expect(await page.getByLabel('Apartment, suite, etc. (optional)').inputValue()).toBe('');
    await page.getByRole('button', { name: `Edit address ${harbour}` }).click();
    await page.getByLabel('Apartment, suite, etc. (optional)').fill('Suite 300');
    await page.getByLabel('Postal code').fill('22202');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Address updated.' }).waitFor();
    const changed = '5 Harbour Road, Suite 300, Arlington, VA 22202, United States';
    await expect.poll(() => bookEntries(page)).toEqual([changed]);
    await page.reload();
    await expect.poll(() => bookEntries(page)).toEqual([changed]);
    expect(sh.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await sh.close();
  });
});
