/**
 * Abandoned checkouts, the whole journey in real Chromium against a real server: two shoppers leave
 * their checkouts with an e-mail address; an hour later each gets the recovery e-mail through a real
 * SMTP server. One follows its link on another device, finds the items on the hosted checkout page
 * and pays; the merchant's dashboard then shows that checkout recovered and the figures say so. For
 * the other, the merchant opens its page, sends the e-mail again an hour later (the shopper gets a
 * second one), copies the link and deletes the record. Turned off in the settings, the e-mail is not
 * sent for the next one. axe and screenshots at 1280 and 375 px.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { received, smtpSink, type SmtpSink } from '../test/back-in-stock.ts';
import { advanceBoth, hasChromium, launchBrowser, staffContext } from '../test/browser.ts';
import type { TestServer } from '../test/server.ts';
import { shopperKit } from '../test/shop.ts';
import { setUpOwner, staffServer } from '../test/staff.ts';
import { checkBothWidths, expectAccessible, watchErrors } from '../test/storefront.ts';

const built = existsSync(join(appDist('dashboard'), 'index.html'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'dashboard');
if (!built) console.warn('Abandoned-checkout browser tests SKIPPED: run "npm run build" first.');

let s: TestServer;
let sink: SmtpSink;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let kit: Awaited<ReturnType<typeof shopperKit>>;
const errors: string[] = [];
const watch = (p: Page) => watchErrors(p, errors, { failedLoads: false });

/** A visitor's checkout of `quantity` notebooks, with the shopper's e-mail and name, left as it is. */
async function leave(
  kit: Awaited<ReturnType<typeof shopperKit>>,
  email: string,
  firstName: string,
  quantity: number,
) {
  const auth = await kit.visitor();
  const made = await s.request<{ checkout: { id: string } }>('POST', '/ecom/v1/checkouts', {
    auth,
    body: { channelType: 'WEB', lineItems: [{ ...kit.line, quantity }] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = made.body.checkout.id;
  const patched = await s.request('PATCH', `/ecom/v1/checkouts/${id}`, {
    auth,
    body: {
      checkout: {
        buyerInfo: { email },
        shippingInfo: { shippingDestination: { contactDetails: { firstName, lastName: 'Shopper' } } },
      },
    },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  return id;
}
/** The recovery link in the latest e-mail to `to`. */
const linkIn = (to: string) => {
  const mails = received(sink, to);
  return /Finish your purchase: (\S+)/.exec(mails[mails.length - 1] ?? '')?.[1] ?? '';
};

beforeAll(async () => {
  if (!hasChromium || !built) return;
  sink = await smtpSink();
  s = await staffServer({ env: { SMTP_URL: sink.url, MAIL_FROM: 'shop@example.test' } });
  const owner = await setUpOwner(s);
  kit = await shopperKit(s, '14.00');
  await leave(kit, 'mary@example.test', 'Mary', 2);
  await leave(kit, 'charles@example.test', 'Charles', 1);
  s.clock.advance(61 * 60_000);
  await s.until(async () => linkIn('mary@example.test') && linkIn('charles@example.test'), 20_000);

  browser = await launchBrowser();
  context = await staffContext(browser, s, owner);
  await advanceBoth(s, context);
  page = await context.newPage();
  watch(page);
  mkdirSync(ARTIFACTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await sink?.close();
});

const checkPage = (p: Page, name: string) => checkBothWidths(browser, p, { name, dir: ARTIFACTS, watch });

describe.skipIf(!hasChromium || !built)('abandoned checkouts, shopper and merchant', () => {
  it('the shopper follows the e-mailed link on another device, finds the items and pays; the dashboard shows it recovered', async () => {
    const mail = received(sink, 'mary@example.test').join('\n');
    expect(mail).toContain('Subject: You left something at');
    expect(mail).toContain('Total: $28.00');

    // Another device: nothing but the link.
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
    try {
      const q = await phone.newPage();
      watch(q);
      await q.goto(linkIn('mary@example.test'));
      await q.waitForURL(/\/checkout\?/);
      const summary = q.getByRole('complementary', { name: 'Order summary' });
      await expect.poll(() => summary.innerText()).toMatch(/\$28\.00/);
      // Their details as they left them: straight on to the payment.
      await q.getByLabel('Name on card').waitFor();
      const main = await q.locator('main').innerText();
      expect(main).toContain('mary@example.test');
      expect(main).toContain('Mary Shopper');
      await q.getByLabel('Name on card').fill('Mary Shopper');
      await q.getByLabel('Card number').fill('4242424242424242');
      await q.getByLabel('Expiry date (MM/YY)').fill('01/40');
      await q.getByLabel('Security code (CVC)').fill('123');
      await q.getByRole('button', { name: /place order/ }).click();
      await q.waitForURL(/\/checkout\/thank-you\?/, { timeout: 15_000 });
      await q.getByTestId('order-number').waitFor();
    } finally {
      await phone.close();
    }

    // Within a minute the record says so.
    await advanceBoth(s, context, 61_000);
    await page.goto('/dashboard/orders');
    await page
      .getByRole('navigation', { name: 'Orders sections' })
      .getByRole('link', { name: 'Abandoned checkouts' })
      .click();
    await page.getByRole('heading', { name: 'Abandoned checkouts', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Abandoned checkouts' });
    await expect
      .poll(
        async () => {
          await page.reload();
          return table.getByRole('row', { name: /Mary Shopper/ }).innerText();
        },
        { timeout: 15_000 },
      )
      .toMatch(/Recovered/);
    // One of the two came back.
    await expect.poll(() => page.locator('main').innerText()).toMatch(/Recovery rate\s+50(\.0)?%/);
    await checkPage(page, 'abandoned-checkouts');
  });

  it('the merchant opens the other, sends the e-mail again an hour later, copies the link and deletes it', async () => {
    await page
      .getByRole('table', { name: 'Abandoned checkouts' })
      .getByRole('link', { name: /Charles Shopper/ })
      .click();
    await page.getByRole('heading', { name: 'Abandoned checkout of Charles Shopper', level: 1 }).waitFor();
    await page.getByText('Recovery e-mail sent').first().waitFor();
    await checkPage(page, 'abandoned-checkout');

    // Within the hour of the first e-mail the server says no, in words.
    const send = page.getByRole('button', { name: 'Send recovery e-mail' });
    await send.click();
    await page.getByRole('alert').filter({ hasText: 'No e-mail was sent' }).waitFor();
    await advanceBoth(s, context, 60 * 60_000);
    await send.click();
    await page.getByText('Recovery e-mail sent to charles@example.test.').waitFor();
    await s.until(async () => received(sink, 'charles@example.test').length === 2);
    // The second e-mail's link works like the first.
    const r = await fetch(linkIn('charles@example.test'), { redirect: 'manual' });
    expect(r.status).toBe(302);

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url });
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied.').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toMatch(
      /\/redirect-to-checkout\?token=/,
    );

    await page.getByRole('link', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this abandoned checkout?' });
    await expectAccessible(page, 'abandoned checkout delete dialog');
    await dialog.getByRole('button', { name: 'Delete abandoned checkout' }).click();
    await page.waitForURL(/\/dashboard\/orders\/abandoned$/);
    await page.getByText('The abandoned checkout of Charles Shopper was deleted.').waitFor();
    expect(
      await page
        .getByRole('table', { name: 'Abandoned checkouts' })
        .getByRole('row', { name: /Charles/ })
        .count(),
    ).toBe(0);

    // Charles's e-mailed link now leads nowhere: his browser says so and leads to the shop.
    const shopper = await browser.newPage();
    try {
      await shopper.goto(linkIn('charles@example.test'));
      await shopper
        .getByRole('heading', { name: 'This link no longer opens a checkout', level: 1 })
        .waitFor();
      await expectAccessible(shopper, 'dead recovery link');
      await shopper.getByRole('link', { name: /^Continue shopping at / }).click();
      await shopper.waitForURL(`${s.url}/`);
    } finally {
      await shopper.close();
    }
  });

  it('the merchant turns the automatic e-mail off in the settings: the next checkout left is listed, not mailed', async () => {
    await page.goto('/dashboard/settings');
    const off = page.getByRole('checkbox', { name: /E-mail them a link back to their checkout/ });
    expect(await off.isChecked()).toBe(true);
    await off.uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Store settings saved.').waitFor();
    await page.reload();
    expect(await off.isChecked()).toBe(false);

    await leave(kit, 'ada@example.test', 'Ada', 3);
    await advanceBoth(s, context, 61 * 60_000);
    await page.goto('/dashboard/orders/abandoned');
    const row = page
      .getByRole('table', { name: 'Abandoned checkouts' })
      .getByRole('row', { name: /Ada Shopper/ });
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await row.count()) ? row.innerText() : '';
        },
        { timeout: 15_000 },
      )
      .toMatch(/Automatic e-mail skipped/);
    expect(received(sink, 'ada@example.test')).toEqual([]);
    expect(errors).toEqual([]);
  });
});
