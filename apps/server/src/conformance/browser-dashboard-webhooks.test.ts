/**
 * Webhooks, the whole journey in real Chromium against a real server, with a receiver written as a
 * merchant would write one: a `node:http` server on 127.0.0.1 that verifies every body with the
 * official `@wix/sdk` (`AppStrategy({ appId, publicKey })` with the key the merchant copies from
 * the page) and hands it to `client.webhooks.process(body)`, whose `client.orders.onOrderCreated`
 * handler records the order. The merchant finds Webhooks empty, is refused a private address, adds
 * a webhook for every order event, sends a test event (the receiver answers 500: the page says so in
 * words); a shopper's order reaches the SDK handler and the deliveries page lists it delivered; the
 * receiver then fails with 503: the delivery waits with its status code, is tried again on its own
 * until it has failed, and "Redeliver" delivers it once the receiver is fixed; 20 deliveries show
 * at a time, "Load more" brings the rest (the next cursor); paused, the webhook gets nothing (not
 * even later); deleted, it is gone. A contributor is refused. axe on every page and dialog, 375 px
 * checks and screenshots in test-artifacts/dashboard.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  listWebhooksResponse,
  queryWebhookDeliveriesResponse,
  webhookSigningKeyResponse,
  type WebhookDelivery,
} from '@vitrine/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser, staffContext } from '../test/browser.ts';
import type { TestServer } from '../test/server.ts';
import { placeShopOrder, shopProduct, visitorOf } from '../test/shop.ts';
import { invited, setUpOwner, staffServer, type StaffBrowser } from '../test/staff.ts';
import { checkBothWidths, checkNarrowDialog, expectAccessible, watchErrors } from '../test/storefront.ts';
import { webhookReceiver } from '../test/webhooks.ts';

const built = existsSync(join(appDist('dashboard'), 'index.html'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'dashboard');
if (!built) console.warn('Webhooks browser tests SKIPPED: run "npm run build" first.');

const TEST_EVENT = 'vitrine.webhooks.v1.webhook_test';
const ORDER_CREATED = 'wix.ecom.v1.order_created';
const NAME = 'Order sync';

let s: TestServer;
let owner: StaffBrowser;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let product: { productId: string; variantId: string };
let webhookId = '';
let appId = '';
let instanceId = '';
const errors: string[] = [];
const watch = (p: Page) => watchErrors(p, errors, { failedLoads: false });

beforeAll(async () => {
  if (!hasChromium || !built) return;
  // The receiver listens on loopback, which the fetch guard refuses unless told.
  s = await staffServer({ env: { FETCH_GUARD_ALLOW: '127.0.0.1' } });
  owner = await setUpOwner(s);
  const made = await shopProduct(s, { name: 'Enamel mug', price: '14.00' });
  product = { productId: made.productId, variantId: made.variantId };
  receiver = await webhookReceiver();

  browser = await launchBrowser();
  context = await staffContext(browser, s, owner);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url });
  page = await context.newPage();
  watch(page);
  mkdirSync(ARTIFACTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
  await receiver?.close();
});

const checkPage = (p: Page, name: string) => checkBothWidths(browser, p, { name, dir: ARTIFACTS, watch });

/** A shopper's order (create-order from a checkout, not paid: `order_created` is its one order event). */
async function placeOrder(email: string) {
  const placed = await placeShopOrder(s, { auth: await visitorOf(s), product, email });
  // The fan-out runs once a second of the server's clock.
  s.clock.advance(1500);
  return placed.orderId;
}

/** The webhook's deliveries as the API answers them (checked against the contract). */
async function deliveriesOf(entityId: string): Promise<WebhookDelivery[]> {
  const r = await owner.request('POST', '/webhooks/v1/deliveries/query', {
    body: { webhookId, cursorPaging: { limit: 100 } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return queryWebhookDeliveriesResponse.parse(r.body).deliveries.filter((d) => d.entityId === entityId);
}

const receivedFor = (entityId: string) => receiver.received.filter((r) => r.entityId === entityId);
const table = (name: string) => page.getByRole('table', { name });
const deliveryRow = (entityId: string) => table('Deliveries').getByRole('row').filter({ hasText: entityId });
const statusTab = (name: string) =>
  page.getByRole('navigation', { name: 'Deliveries to show' }).getByRole('link', { name, exact: true });

describe.skipIf(!hasChromium || !built)(
  'webhooks: the merchant, a receiver on the official SDK, a shopper',
  () => {
    it('finds Webhooks in the settings, empty, and copies the signing key into the receiver', async () => {
      await page.goto('/dashboard/settings');
      await page
        .getByRole('navigation', { name: 'Settings' })
        .getByRole('link', { name: 'Webhooks' })
        .click();
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'No webhooks yet' }).waitFor();
      await page.getByRole('button', { name: 'Copy public key' }).waitFor();
      await checkPage(page, 'webhooks-empty');

      await page.getByRole('button', { name: 'Copy public key' }).click();
      await page.getByText('Public key copied.').waitFor();
      const publicKey = await page.evaluate<string>('navigator.clipboard.readText()');
      expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
      appId = (await page.getByTestId('webhook-app-id').innerText()).trim();
      // The page shows what the API answers.
      const key = await owner.request('GET', '/webhooks/v1/signing-key');
      expect(key.status, JSON.stringify(key.body)).toBe(200);
      const signing = webhookSigningKeyResponse.parse(key.body);
      expect(signing).toMatchObject({ publicKey, appId });
      instanceId = signing.instanceId;
      expect(await page.locator('main').innerText()).toContain(instanceId);
      // The example receiver names the app id.
      await page.getByText(`appId: '${appId}'`).first().waitFor();
      receiver.useKey(appId, publicKey);
    });

    it('adds a webhook for every order event: a private address is refused in words, a bad event type too', async () => {
      await page.getByRole('link', { name: 'Add webhook' }).click();
      await page.waitForURL(/\?dialog=new-webhook$/);
      const dialog = page.getByRole('dialog', { name: 'Add webhook' });
      await dialog.getByRole('checkbox', { name: 'All Order events' }).waitFor();
      await expectAccessible(page, 'add webhook dialog');
      await page.screenshot({ path: join(ARTIFACTS, 'webhook-dialog-1280.png') });
      await checkNarrowDialog(browser, context, {
        url: page.url(),
        dialog: 'Add webhook',
        name: 'webhook-dialog',
        dir: ARTIFACTS,
        watch,
      });

      // Nothing chosen, no URL: said on the fields.
      await dialog.getByRole('button', { name: 'Add webhook' }).click();
      await dialog.getByText('Please check the highlighted fields.').waitFor();
      await dialog.getByText('Choose at least one event.').waitFor();

      // An exact type, checked as the contract's pattern checks it.
      const exact = dialog.getByLabel('Add an exact event type');
      await exact.fill('orders were created');
      await exact.press('Enter');
      await dialog.getByRole('alert').filter({ hasText: '“orders were created” must be *' }).waitFor();
      await exact.fill('wix.ecom.v1.order_canceled');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      const canceled = dialog.getByRole('checkbox', { name: 'wix.ecom.v1.order_canceled' });
      expect(await canceled.isChecked()).toBe(true);
      await canceled.uncheck();

      await dialog.getByRole('checkbox', { name: 'All Order events' }).check();
      await dialog.getByLabel('URL').fill('http://10.1.2.3/hooks');
      await dialog.getByLabel('Description (optional)').fill(NAME);
      await dialog.getByRole('button', { name: 'Add webhook' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Events cannot be sent to this URL' }).waitFor();
      expect(await dialog.getByLabel('URL').getAttribute('aria-invalid')).toBe('true');

      await dialog.getByLabel('URL').fill(receiver.url);
      await dialog.getByRole('button', { name: 'Add webhook' }).click();
      await dialog.waitFor({ state: 'detached' });
      const host = receiver.url.replace('http://', '');
      await page.getByText(`Webhook to ${host} added.`).waitFor();
      const row = table('Webhooks').getByRole('row').filter({ hasText: host });
      await expect.poll(() => row.innerText()).toMatch(/Every order event[\s\S]*Active[\s\S]*None yet/);

      const list = await owner.request('GET', '/webhooks/v1/webhooks');
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      const [made] = listWebhooksResponse.parse(list.body).webhooks;
      expect(made).toMatchObject({
        url: receiver.url,
        description: NAME,
        eventTypes: ['wix.ecom.v1.order_*'],
        status: 'ACTIVE',
        lastDelivery: null,
      });
      webhookId = made!.id;
    });

    it('sends a test event: the receiver verifies it and answers 500, and the page says so in words', async () => {
      receiver.respond = (type) =>
        type === TEST_EVENT ? [500, 'Test events are not handled here'] : [200, 'ok'];
      await page.getByRole('button', { name: `Send test event to ${NAME}` }).click();
      const outcome = page.getByRole('status').filter({ hasText: 'Test event not delivered' });
      await outcome.waitFor();
      const words = await outcome.innerText();
      expect(words).toMatch(/The receiver answered 500 Internal Server Error after \d+ ms\./);
      expect(words).toMatch(/Answer\s+500 Internal Server Error/);
      expect(words).toMatch(/Time\s+\d+ ms/);
      expect(words).toMatch(/Error\s+The receiver answered 500/);
      expect(words).toContain('Test events are not handled here');
      // It came signed: the SDK verified it with the key from the page.
      expect(receiver.refused).toEqual([]);
      expect(receiver.received).toEqual([
        { eventType: TEST_EVENT, instanceId, entityId: webhookId, status: 500 },
      ]);
      const row = table('Webhooks').getByRole('row').filter({ hasText: NAME });
      await expect
        .poll(() => row.innerText())
        .toMatch(/1 failed[\s\S]*Failed[\s\S]*500 Internal Server Error/);
      await checkPage(page, 'webhooks');
    });

    it("a shopper's order reaches the SDK's onOrderCreated handler; the deliveries page lists it delivered", async () => {
      receiver.respond = () => [200, 'thanks'];
      const orderId = await placeOrder('ada@example.test');
      const created = await s.until(async () => receiver.created.find((o) => o.id === orderId), 15_000);
      expect(created).toMatchObject({ id: orderId, instanceId, number: expect.stringMatching(/^\d+$/) });
      expect(receivedFor(orderId)).toEqual([
        { eventType: ORDER_CREATED, instanceId, entityId: orderId, status: 200 },
      ]);

      await table('Webhooks')
        .getByRole('link', { name: receiver.url.replace('http://', '') })
        .click();
      await page
        .getByRole('heading', { name: `Webhook to ${receiver.url.replace('http://', '')}`, level: 1 })
        .waitFor();
      const row = deliveryRow(orderId);
      await expect
        .poll(() => row.innerText(), { timeout: 10_000 })
        .toMatch(new RegExp(`${ORDER_CREATED}[\\s\\S]*Delivered[\\s\\S]*1 of 12[\\s\\S]*200 OK`));
      // The test event is listed too, failed.
      await expect
        .poll(() => table('Deliveries').getByRole('row').filter({ hasText: TEST_EVENT }).innerText())
        .toMatch(/Failed[\s\S]*500 Internal Server Error/);
      await checkPage(page, 'webhook-deliveries');

      await row.getByRole('link', { name: /^Details of the wix\.ecom\.v1\.order_created delivery/ }).click();
      const dialog = page.getByRole('dialog', { name: `Delivery of ${ORDER_CREATED}` });
      await dialog.waitFor();
      const details = await dialog.innerText();
      expect(details).toContain(orderId);
      expect(details).toMatch(/The receiver answered 200 OK in \d+ ms\./);
      expect(details).toContain('thanks');
      await expectAccessible(page, 'delivery dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // The entity leads to the order's page, and back.
      await row.getByRole('link', { name: orderId }).click();
      await page.waitForURL(new RegExp(`/dashboard/orders/${orderId}$`));
      await page.getByRole('heading', { name: `Order #${created.number}` }).waitFor();
      await page.goBack();
      await page
        .getByRole('heading', { name: `Webhook to ${receiver.url.replace('http://', '')}`, level: 1 })
        .waitFor();
    });

    it('the receiver fails with 503: the delivery waits with its status code, is retried until it has failed, and Redeliver delivers it once fixed', async () => {
      receiver.respond = () => [503, 'Down for maintenance'];
      const orderId = await placeOrder('grace@example.test');
      await s.until(async () => receivedFor(orderId).length === 1 || undefined, 15_000);
      expect(receiver.created.map((o) => o.id)).not.toContain(orderId);

      await statusTab('Pending').click();
      await page.waitForURL(/\?status=PENDING$/);
      const row = deliveryRow(orderId);
      await expect
        .poll(async () => ((await row.count()) ? row.innerText() : ''), { timeout: 10_000 })
        .toMatch(/Pending[\s\S]*1 of 12[\s\S]*503 Service Unavailable/);
      const [waiting] = await deliveriesOf(orderId);
      expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1, lastAttempt: { statusCode: 503 } });
      expect(waiting!.nextAttemptDate).not.toBeNull();

      // Left alone, it is tried again when due, each time later, until its 12 attempts are spent.
      for (let n = 2; n <= 12; n++) {
        const [d] = await deliveriesOf(orderId);
        expect(d).toMatchObject({ status: 'PENDING', attempts: n - 1 });
        s.clock.set(new Date(new Date(d!.nextAttemptDate!).getTime() + 1));
        await s.until(async () => receivedFor(orderId).length === n || undefined, 15_000);
      }
      await s.until(async () => (await deliveriesOf(orderId))[0]?.status === 'FAILED' || undefined);
      expect(receivedFor(orderId).map((r) => r.status)).toEqual(Array(12).fill(503));

      await statusTab('Failed').click();
      await page.waitForURL(/\?status=FAILED$/);
      await expect
        .poll(async () => ((await row.count()) ? row.innerText() : ''), { timeout: 10_000 })
        .toMatch(/Failed[\s\S]*12 of 12[\s\S]*503 Service Unavailable/);

      // Fixed: one more attempt, by hand.
      receiver.respond = () => [200, 'back again'];
      await row.getByRole('button', { name: /^Redeliver the wix\.ecom\.v1\.order_created delivery/ }).click();
      const outcome = page
        .getByRole('status')
        .filter({ hasText: `Redelivered ${ORDER_CREATED}: delivered.` });
      await outcome.waitFor();
      expect(await outcome.innerText()).toMatch(/The receiver answered 200 OK in \d+ ms\./);
      expect(receiver.created.map((o) => o.id)).toContain(orderId);
      await statusTab('Delivered').click();
      await expect
        .poll(async () => ((await row.count()) ? row.innerText() : ''))
        .toMatch(/Delivered[\s\S]*200 OK/);
      expect((await deliveriesOf(orderId))[0]).toMatchObject({ status: 'DELIVERED', attempts: 13 });
    });

    it('lists 20 deliveries at a time and loads the next ones from the cursor', async () => {
      for (let i = 0; i < 19; i++) {
        const r = await owner.request('POST', `/webhooks/v1/webhooks/${webhookId}/test`, { body: {} });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      const all = await owner.request('POST', '/webhooks/v1/deliveries/query', {
        body: { webhookId, cursorPaging: { limit: 100 } },
      });
      const total = queryWebhookDeliveriesResponse.parse(all.body).deliveries.length;
      expect(total).toBe(22);

      await page.goto(`/dashboard/settings/webhooks/${webhookId}`);
      const rows = table('Deliveries').locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(20);
      await page.getByText('Showing 20 deliveries, newest first.').waitFor();
      await page.getByRole('button', { name: 'Load more deliveries' }).click();
      await expect.poll(() => rows.count()).toBe(total);
      await page.getByText(`Showing ${total} deliveries, newest first.`).waitFor();
      expect(await page.getByRole('button', { name: 'Load more deliveries' }).count()).toBe(0);
      // The 19 test events just sent first; the two orders' and the first test event, the oldest, after.
      const types = await table('Deliveries').locator('tbody th').allInnerTexts();
      expect(types.slice(0, 19)).toEqual(Array(19).fill(TEST_EVENT));
      expect(types.slice(19)).toEqual([ORDER_CREATED, ORDER_CREATED, TEST_EVENT]);
    });

    it('paused, the webhook gets nothing, not even later; resumed, the next order arrives; deleted, it is gone', async () => {
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Webhooks' })
        .click();
      await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
      const row = table('Webhooks').getByRole('row').filter({ hasText: NAME });

      await page.getByRole('button', { name: `Pause ${NAME}` }).click();
      await page.getByText(/^Paused: nothing is sent to /).waitFor();
      await expect.poll(() => row.innerText()).toMatch(/Paused/);
      const whilePaused = await placeOrder('alan@example.test');
      // A few passes of the fan-out, by the server's clock.
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 300));
        s.clock.advance(1000);
      }

      await page.getByRole('button', { name: `Resume ${NAME}` }).click();
      await page.getByText(/^Resumed: events from now on are sent to /).waitFor();
      await expect.poll(() => row.innerText()).toMatch(/Active/);
      const afterResume = await placeOrder('mary@example.test');
      await s.until(async () => receiver.created.find((o) => o.id === afterResume), 15_000);
      // The fan-out passed the paused order's event on its way to this one.
      expect(receivedFor(whilePaused)).toEqual([]);
      expect(await deliveriesOf(whilePaused)).toEqual([]);

      await page.getByRole('link', { name: `Delete ${NAME}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this webhook?' });
      await dialog.waitFor();
      await expectAccessible(page, 'delete webhook dialog');
      await dialog.getByRole('button', { name: 'Delete webhook' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(/^Webhook to .* deleted\.$/).waitFor();
      await page.getByRole('heading', { name: 'No webhooks yet' }).waitFor();
      const gone = await owner.request<{ details: { applicationError: { code: string } } }>(
        'GET',
        `/webhooks/v1/webhooks/${webhookId}`,
      );
      expect([gone.status, gone.body.details.applicationError.code]).toEqual([404, 'WEBHOOK_NOT_FOUND']);

      // Nothing more arrives.
      const seen = receiver.received.length;
      await placeOrder('charles@example.test');
      await new Promise((r) => setTimeout(r, 1000));
      expect(receiver.received.length).toBe(seen);
      expect(receiver.refused).toEqual([]);
    });

    it('replaces the signing key after saying what it means for receivers; the page and the API give the new key', async () => {
      const before = webhookSigningKeyResponse.parse(
        (await owner.request('GET', '/webhooks/v1/signing-key')).body,
      );
      await page.getByRole('button', { name: 'Replace the key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Replace the signing key?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('will refuse them until you give them the new one');
      await expectAccessible(page, 'replace signing key dialog');
      await dialog.getByRole('button', { name: 'Replace the key' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('status')
        .filter({ hasText: /^The key was replaced/ })
        .waitFor();
      const after = webhookSigningKeyResponse.parse(
        (await owner.request('GET', '/webhooks/v1/signing-key')).body,
      );
      expect(after.publicKey).not.toBe(before.publicKey);
      expect(after.appId).toBe(before.appId);
      await page.getByRole('button', { name: 'Copy public key' }).click();
      await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(after.publicKey);
      expect(await page.locator('main').innerText()).toContain(after.publicKey.trim().split('\n')[1]!);
    });

    it('refuses a contributor: the API answers 403 OWNER_ONLY and the page says only owners may', async () => {
      const casey = await invited(owner, 'casey@example.test', 'CONTRIBUTOR');
      const refused = await casey.request<{ details: { applicationError: { code: string } } }>(
        'GET',
        '/webhooks/v1/webhooks',
      );
      expect([refused.status, refused.body.details.applicationError.code]).toEqual([403, 'OWNER_ONLY']);
      const c = await staffContext(browser, s, casey);
      try {
        const p = await c.newPage();
        watch(p);
        await p.goto('/dashboard/settings/webhooks');
        await p.getByText('Only owners can change settings.').waitFor();
      } finally {
        await c.close();
      }
      expect(errors).toEqual([]);
    });
  },
);
