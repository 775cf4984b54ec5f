/**
 * The merchant dashboard's marketing, customers, reviews and settings (apps/dashboard) in real
 * Chromium against a real server. The owner replies to a review and approves it (the reply then
 * shows on the shop's product page), rejects two others in bulk; blocks a member, whose token is
 * then refused; reports a restocked size to the shoppers waiting for it; creates a coupon (and sees
 * it in the list), a discount rule and a gift card; turns on delayed capture; makes and revokes an
 * API key; invites a contributor, who joins from the link, cannot open Settings (the server refuses
 * them: 403 OWNER_ONLY, and the page says so) but can open Reviews; an owner demoted while signed in
 * is told the same as soon as the server refuses them. axe-core on every page and dialog; screenshots
 * at 1280 and 768 px in test-artifacts/dashboard (git-ignored).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { WireBackInStockRequest, WireReview } from '@vitrine/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIALS_REFRESH_MS } from '../modules/oauth/index.ts';
import { appDist } from '../platform/http/static.ts';
import { askToBeNotified, untilStatus } from '../test/back-in-stock.ts';
import { hasChromium, launchBrowser, staffContext } from '../test/browser.ts';
import { memberTokens, shopClient } from '../test/oauth.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { checkBothWidths, expectAccessible, NARROW, phoneLike } from '../test/storefront.ts';
import { shopProduct, visitorOf } from '../test/shop.ts';
import { invited, setUpOwner, STAFF_PASSWORD, StaffBrowser } from '../test/staff.ts';

const built =
  existsSync(join(appDist('dashboard'), 'index.html')) &&
  existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'dashboard');
const OWNER = { name: 'Olive Owner', email: 'olive@example.test' };
const REPLY = 'Thank you, Grace! Glad the shirt fits well.';

if (!built) console.warn('Dashboard admin browser tests SKIPPED: run "npm run build" first.');

let s: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
let shirt: { productId: string; slug: string };
const reviews = {} as Record<'grace' | 'alan' | 'spam', string>;
let shopper: { memberId: string; email: string; token: string };
const socks = {} as {
  productId: string;
  small: string;
  medium: string;
  requests: Record<'small' | 'medium', string>;
};
let inviteUrl = '';
let owner: StaffBrowser;

/** A review of the shirt written by a visitor with a name and e-mail (waiting for moderation). */
async function visitorReview(name: string, rating: number, title: string, body: string) {
  const r = await s.request<{ review: WireReview }>('POST', '/reviews/v1/reviews/contact', {
    auth: await visitorOf(s),
    body: {
      namespace: 'stores',
      entityId: shirt.productId,
      content: { rating, title, body },
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.review.moderation.moderationStatus).toBe('IN_MODERATION');
  return r.body.review.id;
}

const reviewStatus = async (id: string) =>
  (await s.admin<{ review: WireReview }>('GET', `/reviews/v1/reviews/${id}?returnPrivateReviews=true`)).body
    .review.moderation.moderationStatus;

function watch(p: Page) {
  p.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  // 4xx answers the page expects (a 403 to a contributor) are logged by Chromium as failed loads.
  p.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
}

beforeAll(async () => {
  if (!hasChromium || !built) return;
  s = await startTestServer({ env: { PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' } });

  const made = await shopProduct(s, { name: 'Linen shirt', price: '30', physical: true });
  const product = await s.admin<{ product: { slug: string } }>(
    'GET',
    `/stores/v3/products/${made.productId}`,
  );
  shirt = { productId: made.productId, slug: product.body.product.slug };
  reviews.grace = await visitorReview('Grace Hopper', 5, 'Fits perfectly', 'Soft linen, true to size.');
  reviews.alan = await visitorReview('Alan Turing', 2, 'Wrinkles', 'Wrinkles after one wash.');
  reviews.spam = await visitorReview('Spam Bot', 1, 'Cheap watches', 'Buy cheap watches now.');

  const tokens = await memberTokens(s, await shopClient(s), {
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  shopper = { memberId: tokens.memberId, email: tokens.email, token: tokens.tokens.access_token };
  expect((await s.request('GET', '/members/v1/members/my', { auth: shopper.token })).status).toBe(200);
  const withAddress = await s.admin('PATCH', `/members/v1/members/${shopper.memberId}`, {
    member: {
      id: shopper.memberId,
      contact: {
        addresses: [{ addressLine: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin', country: 'DE' }],
      },
    },
  });
  expect(withAddress.status, JSON.stringify(withAddress.body)).toBe(200);

  // Wool socks: size S in stock, M sold out; a shopper waits for M, another for any size (a request of
  // the product as a whole, which no one variant's stock e-mails by itself: a request for S, in stock,
  // would be e-mailed at once).
  const sock = await s.admin<{ product: { id: string; variantsInfo: { variants: { id: string }[] } } }>(
    'POST',
    '/stores/v3/products',
    {
      product: {
        name: 'Wool socks',
        options: [{ name: 'Size', choicesSettings: { choices: [{ name: 'S' }, { name: 'M' }] } }],
        variantsInfo: {
          variants: (['S', 'M'] as const).map((size) => ({
            price: { actualPrice: { amount: '12' } },
            choices: [{ optionChoiceNames: { optionName: 'Size', choiceName: size } }],
            inventoryItem: { quantity: size === 'S' ? 5 : 0 },
          })),
        },
      },
    },
  );
  expect(sock.status, JSON.stringify(sock.body)).toBe(200);
  const [small, medium] = sock.body.product.variantsInfo.variants.map((v) => v.id) as [string, string];
  const ask = async (variantId: string | undefined, email: string) => {
    const r = await askToBeNotified(s, await visitorOf(s), {
      productId: sock.body.product.id,
      ...(variantId ? { variantId } : {}),
      email,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.request.id;
  };
  Object.assign(socks, {
    productId: sock.body.product.id,
    small,
    medium,
    requests: {
      small: await ask(undefined, 'sock-s@example.test'),
      medium: await ask(medium, 'sock-m@example.test'),
    },
  });

  // The owner, signed in: the session cookie goes into the browser.
  owner = await setUpOwner(s, OWNER.email, OWNER.name);
  browser = await launchBrowser();
  context = await staffContext(browser, s, owner);
  page = await context.newPage();
  watch(page);
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

/** axe on the page, then full-page screenshots at 1280 px (this page) and at a phone's width (a second window, same session). */
const checkPage = (p: Page, name: string) => checkBothWidths(browser, p, { name, dir: ARTIFACTS, watch });

const status = (p: Page, text: string | RegExp) =>
  p.getByRole('status').filter({ hasText: text }).first().waitFor();
const nav = (p: Page) => p.getByRole('navigation', { name: 'Dashboard' });

describe.skipIf(!hasChromium || !built)('the dashboard: marketing, customers, reviews and settings', () => {
  it('replies to a review and approves it (the reply shows in the shop), and rejects two in bulk', async () => {
    await page.goto('/dashboard');
    await nav(page).getByRole('link', { name: 'Reviews' }).click();
    await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Reviews to show' });
    await tabs.getByRole('link', { name: 'To moderate (3)' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'To moderate (3)' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await page.getByRole('heading', { name: /Fits perfectly/ }).waitFor();
    await checkPage(page, 'admin-reviews-queue');

    // The reply: its dialog is in the URL.
    await page.getByRole('link', { name: 'Reply to the review by Grace Hopper' }).click();
    await page.waitForURL(/[?&]reply=/);
    const dialog = page.getByRole('dialog', { name: 'Reply to the review' });
    await dialog.getByLabel('Reply').fill(REPLY);
    await expectAccessible(page, 'reply dialog');
    await dialog.getByRole('button', { name: 'Save reply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(REPLY).waitFor();
    await status(page, 'Reply saved');

    await page.getByRole('button', { name: 'Approve the review by Grace Hopper' }).click();
    await status(page, 'The review by Grace Hopper is approved.');
    await s.until(async () => (await reviewStatus(reviews.grace)) === 'APPROVED');

    // Bulk: the two others, selected and rejected at once.
    await page.getByLabel('Select the review by Alan Turing').check();
    await page.getByLabel('Select the review by Spam Bot').check();
    await page.getByRole('button', { name: 'Reject selected (2)' }).click();
    await status(page, '2 reviews rejected.');
    await status(page, 'Nothing to moderate');
    expect([await reviewStatus(reviews.alan), await reviewStatus(reviews.spam)]).toEqual([
      'REJECTED',
      'REJECTED',
    ]);

    // Filtered by the product (in the URL): its rating summary.
    await page.goto(`/dashboard/reviews?status=APPROVED&product=${shirt.productId}`);
    const summary = page.getByRole('region', { name: 'Rating of Linen shirt' });
    await summary.getByText('1 review', { exact: true }).waitFor();
    await page.getByText(REPLY).waitFor();
    await checkPage(page, 'admin-reviews-product');

    // The shop's product page shows the published review with the store's reply.
    await page.goto(`/product-page/${shirt.slug}`);
    await page.getByText('Fits perfectly').first().waitFor();
    await page.getByText(REPLY).waitFor();
  });

  it('signs a member out everywhere, blocks them (their token then refused), and mutes them', async () => {
    await page.goto('/dashboard');
    await nav(page).getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await page.getByRole('search', { name: 'Members' }).getByLabel('Search').fill(shopper.email);
    await page.getByRole('search', { name: 'Members' }).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/customers\?q=/);
    await status(page, 'Showing 1–1 of 1 member');
    await checkPage(page, 'admin-members');
    const link = page.getByRole('table', { name: 'Members' }).getByRole('link');
    const name = (await link.innerText()).trim();
    await link.click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    // The login e-mail is the account's; the contact lists no "other" e-mail that is the same one.
    await page.getByText(`${shopper.email} (verified)`).waitFor();
    expect(await page.locator('main').innerText()).not.toContain('Other e-mails');
    // Their address as the German post writes it, the country named (as on the order pages).
    expect(await page.locator('main').innerText()).toContain('Hauptstraße 5, 10115 Berlin, Germany');
    await checkPage(page, 'admin-member');

    // Signed out everywhere (a lost phone): the session ends within seconds; signed in again, it works.
    const myStatus = async (token: string) =>
      (await s.request('GET', '/members/v1/members/my', { auth: token })).status;
    // Where they are signed in: the phone they signed in on.
    const where = page.getByRole('region', { name: 'Where they are signed in' });
    await expect
      .poll(() => where.getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringMatching(/^Safari on iOS · Phone\s*Signed in .* · Last active /)]);
    await where.getByRole('button', { name: 'Sign them out everywhere' }).click();
    await status(page, `${name} is signed out everywhere; they can sign in again with their password.`);
    // The list is read again: nowhere now, and nothing left to sign out of.
    await where.getByText('Not signed in anywhere.').waitFor();
    expect(await where.getByRole('button').count()).toBe(0);
    s.clock.advance(DENIALS_REFRESH_MS);
    expect(await myStatus(shopper.token)).toBe(401);
    const again = await memberTokens(s, await shopClient(s), { email: shopper.email });
    expect(await myStatus(again.tokens.access_token)).toBe(200);
    shopper.token = again.tokens.access_token;

    await page.getByRole('link', { name: 'Block', exact: true }).click();
    await page.waitForURL(/\?dialog=block$/);
    const block = page.getByRole('dialog', { name: `Block ${name}?` });
    await expectAccessible(page, 'block dialog');
    await block.getByRole('button', { name: 'Block member' }).click();
    await block.waitFor({ state: 'detached' });
    await status(page, `${name} is blocked and signed out everywhere.`);
    await page.getByText('Blocked', { exact: true }).waitFor();
    s.clock.advance(DENIALS_REFRESH_MS);
    await s.until(async () => {
      const r = await myStatus(shopper.token);
      return r === 401 || r === 403;
    });

    await page.getByRole('button', { name: 'Mute', exact: true }).click();
    await page.getByText('Muted', { exact: true }).waitFor();
    await status(page, 'is muted');
    const m = await s.admin<{ member: { status: string; activityStatus: string } }>(
      'GET',
      `/members/v1/members/${shopper.memberId}?fieldsets=FULL`,
    );
    expect(m.body.member).toMatchObject({ status: 'BLOCKED', activityStatus: 'MUTED' });
  });

  it('shows who waits for an item and e-mails them when the size is back', async () => {
    await page.goto('/dashboard/customers');
    await page
      .getByRole('navigation', { name: 'Customers' })
      .getByRole('link', { name: 'Back in stock' })
      .click();
    await page.getByRole('heading', { name: 'Back in stock', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: /Wool socks/ });
    await row.getByRole('cell', { name: '2', exact: true }).waitFor();
    await checkPage(page, 'admin-back-in-stock');

    await row.getByRole('link', { name: 'Wool socks' }).click();
    await page.getByRole('heading', { name: 'Wool socks', level: 1 }).waitFor();
    await page.getByText('2 shoppers waiting.').waitFor();
    await page.getByRole('table', { name: 'Requests' }).getByText('sock-s@example.test').waitFor();
    await checkPage(page, 'admin-back-in-stock-item');

    await page.getByRole('link', { name: 'Report back in stock' }).click();
    const report = page.getByRole('dialog', { name: 'Report back in stock' });
    // M is still sold out: it cannot be chosen.
    await expect(report.getByLabel(/^M .*sold out/).isDisabled()).resolves.toBe(true);
    await report.getByLabel(/^S /).check();
    await expectAccessible(page, 'report dialog');
    await report.getByRole('button', { name: 'E-mail them' }).click();
    await report.waitFor({ state: 'detached' });
    await status(page, /waiting for Wool socks \(S\) will be e-mailed/);
    await untilStatus(s, [socks.requests.small], 'NOTIFICATION_SENT');
    const told = page.getByRole('row', { name: /sock-s@example\.test/ });
    await page.getByRole('link', { name: 'All', exact: true }).click();
    await told.getByText('Told').waitFor();
    const medium = await s.admin<{ request: WireBackInStockRequest }>(
      'GET',
      `/back-in-stock-service/v1/back-in-stock-notification-requests/${socks.requests.medium}`,
    );
    expect(medium.body.request.status).toBe('RECEIVED');
  });

  it('creates a coupon and sees it in the list, switches it off; adds a discount rule and issues a gift card', async () => {
    await page.goto('/dashboard');
    await nav(page).getByRole('link', { name: 'Marketing' }).click();
    await page.waitForURL(/\/dashboard\/marketing\/coupons$/);
    await page.getByRole('heading', { name: 'Coupons', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New coupon' }).click();
    await page.waitForURL(/\?dialog=new$/);
    const form = page.getByRole('dialog', { name: 'New coupon' });
    await form.getByLabel('Code').fill('SPRING15');
    await form.getByLabel('Name').fill('Spring sale');
    await form.getByLabel('Percent', { exact: true }).fill('15');
    await form.getByLabel('Uses in all').fill('100');
    await expectAccessible(page, 'coupon dialog');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await form.waitFor({ state: 'detached' });
    await status(page, 'Coupon SPRING15 created.');
    const row = page.getByRole('row', { name: /SPRING15/ });
    await row.getByText('15% off').waitFor();
    await row.getByText('0 of 100 uses').waitFor();
    await checkPage(page, 'admin-coupons');

    // Switched off at once (optimistic), and by the server.
    await row.getByRole('button', { name: 'Switch off SPRING15' }).click();
    await row.getByText('Off', { exact: true }).waitFor();
    await s.until(async () => {
      const q = await s.admin<{ coupons: { specification: { code: string; active: boolean } }[] }>(
        'POST',
        '/stores/v2/coupons/query',
        {
          query: { filter: { 'specification.code': 'SPRING15' } },
        },
      );
      return q.body.coupons[0]?.specification.active === false;
    });

    // Edited in its dialog (the URL names it), from the revision it was read at.
    await row.getByRole('link', { name: 'Edit SPRING15' }).click();
    await page.waitForURL(/\?dialog=edit&id=/);
    const edit = page.getByRole('dialog', { name: 'Edit coupon SPRING15' });
    await expect(edit.getByLabel('Percent', { exact: true }).inputValue()).resolves.toBe('15');
    await edit.getByLabel('Uses in all').fill('200');
    await edit.getByRole('button', { name: 'Save coupon' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('0 of 200 uses').waitFor();

    await page
      .getByRole('navigation', { name: 'Marketing' })
      .getByRole('link', { name: 'Discount rules' })
      .click();
    await page.getByRole('heading', { name: 'Discount rules', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New discount rule' }).click();
    const rule = page.getByRole('dialog', { name: 'New discount rule' });
    await rule.getByLabel('Name').fill('Summer 10');
    await rule.getByLabel('Percent', { exact: true }).fill('10');
    await rule.getByRole('button', { name: 'Create rule' }).click();
    await rule.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Summer 10/ })
      .getByText('10% off the order')
      .waitFor();
    await checkPage(page, 'admin-discount-rules');

    await page
      .getByRole('navigation', { name: 'Marketing' })
      .getByRole('link', { name: 'Gift cards' })
      .click();
    await page.getByRole('heading', { name: 'Gift cards', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New gift card' }).click();
    const card = page.getByRole('dialog', { name: 'New gift card' });
    await card.getByLabel(/^Value/).fill('25');
    await card.getByRole('button', { name: 'Issue gift card' }).click();
    const issued = page.getByRole('dialog', { name: 'Gift card issued' });
    const code = (await issued.locator('output').innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    await expectAccessible(page, 'gift card issued');
    await issued.getByRole('link', { name: 'Open the card' }).click();
    await page.getByRole('heading', { name: /^Gift card \*{4}/, level: 1 }).waitFor();
    await page.getByText('$25.00').first().waitFor();
    await page.getByText('Not used yet.').waitFor();
    await checkPage(page, 'admin-gift-card');
    await page.getByRole('link', { name: 'Gift cards', exact: true }).first().click();
    await page.getByRole('table', { name: 'Gift cards' }).getByText('$25.00').first().waitFor();
    await checkPage(page, 'admin-gift-cards');

    // Deleted from its page (the dialog in the URL), back to the list.
    await page.getByRole('table', { name: 'Gift cards' }).getByRole('link').first().click();
    await page.getByRole('link', { name: 'Delete', exact: true }).click();
    await page.waitForURL(/\?dialog=delete$/);
    await page
      .getByRole('dialog', { name: /^Delete gift card/ })
      .getByRole('button', { name: 'Delete gift card' })
      .click();
    await page.waitForURL(/\/dashboard\/marketing\/gift-cards$/);
    await status(page, 'No gift cards here.');
  });

  it('on a phone, shows each coupon as a card with its actions in view, still a table to a screen reader, and edits one there', async () => {
    const phone = await phoneLike(browser, context, s.url);
    try {
      const q = await phone.newPage();
      watch(q);
      await q.goto('/dashboard/marketing/coupons');
      const row = q.getByRole('row', { name: /SPRING15/ });
      const edit = row.getByRole('link', { name: 'Edit SPRING15' });
      await edit.waitFor();
      // Every action of the row is on the screen, not past its edge in a region scrolled sideways.
      for (const action of [edit, row.getByRole('button', { name: 'Switch on SPRING15' })]) {
        const box = (await action.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(NARROW);
      }
      // Each value sits under its column's name, shown beside it.
      const usage = row.getByRole('cell').filter({ hasText: '0 of 200 uses' });
      expect(await usage.getAttribute('data-label')).toBe('Usage');
      const shown = `getComputedStyle(document.querySelector('td[data-label="Usage"]'), '::before').content`;
      expect(await q.evaluate<string>(shown)).toMatch(/data-label|Usage/);
      const [cell, header] = await Promise.all([
        usage.boundingBox(),
        row.getByRole('rowheader').boundingBox(),
      ]);
      expect(cell!.y).toBeGreaterThan(header!.y);

      // Chromium's own accessibility tree still has the table, its column headers and its cells.
      const cdp = await phone.newCDPSession(q);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as unknown as {
        nodes: { nodeId: string; role?: { value: string }; name?: { value: string }; childIds?: string[] }[];
      };
      const byId = new Map(nodes.map((n) => [n.nodeId, n]));
      const table = nodes.find((n) => n.role?.value === 'table' && n.name?.value === 'Coupons');
      expect(table, 'the coupons table in the accessibility tree').toBeDefined();
      const within: typeof nodes = [];
      const walk = (id: string) => {
        const n = byId.get(id);
        if (!n) return;
        within.push(n);
        n.childIds?.forEach(walk);
      };
      walk(table!.nodeId);
      const named = (role: string) => within.filter((n) => n.role?.value === role).map((n) => n.name?.value);
      expect(named('columnheader')).toEqual(expect.arrayContaining(['Code', 'Discount', 'Usage', 'Status']));
      expect(named('rowheader').some((n) => n?.includes('SPRING15'))).toBe(true);
      expect(named('cell').some((n) => n?.startsWith('0 of 200 uses'))).toBe(true);

      // And the merchant works from the card: edits the coupon, then switches it on.
      await edit.click();
      const dialog = q.getByRole('dialog', { name: 'Edit coupon SPRING15' });
      await dialog.getByLabel('Uses in all').fill('250');
      await dialog.getByRole('button', { name: 'Save coupon' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row.getByText('0 of 250 uses').waitFor();
      await row.getByRole('button', { name: 'Switch on SPRING15' }).click();
      await row.getByText('On', { exact: true }).waitFor();
      await s.until(async () => {
        const c = await s.admin<{ coupons: { specification: { active: boolean } }[] }>(
          'POST',
          '/stores/v2/coupons/query',
          { query: { filter: { 'specification.code': 'SPRING15' } } },
        );
        return c.body.coupons[0]?.specification.active === true;
      });
      await expectAccessible(q, 'coupons on a phone');
    } finally {
      await phone.close();
    }
  });

  it('changes the store settings (delayed capture), visits every settings page, makes and revokes an API key, invites a contributor', async () => {
    await page.goto('/dashboard');
    await nav(page).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Store settings', level: 1 }).waitFor();
    await page.getByLabel('Store name').fill('Olive & Co');
    await page.getByRole('checkbox', { name: /Delayed capture/ }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await status(page, 'Store settings saved.');
    const settings = await s.request<{ settings: { storeName: string; captureOnFulfillment: boolean } }>(
      'GET',
      '/platform/v1/store-settings',
    );
    expect(settings.body.settings).toMatchObject({ storeName: 'Olive & Co', captureOnFulfillment: true });
    await checkPage(page, 'admin-settings-store');

    const tabs = page.getByRole('navigation', { name: 'Settings' });
    for (const [tab, heading, name] of [
      ['Tax', 'Tax', 'admin-settings-tax'],
      ['Reviews', 'Review settings', 'admin-settings-reviews'],
      ['Jobs', 'Jobs', 'admin-settings-jobs'],
    ] as const) {
      await tabs.getByRole('link', { name: tab, exact: true }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await checkPage(page, name);
    }

    // Reviews published at once from now on.
    await tabs.getByRole('link', { name: 'Reviews', exact: true }).click();
    await page.getByRole('radio', { name: /Publish at once/ }).check();
    await page.getByRole('button', { name: 'Save review settings' }).click();
    await status(page, 'Review settings saved.');
    expect(
      (await s.admin<{ settings: { moderation: string } }>('GET', '/reviews/v1/settings')).body.settings
        .moderation,
    ).toBe('AUTO_PUBLISH');

    // A shipping region, through its dialog.
    await tabs.getByRole('link', { name: 'Shipping', exact: true }).click();
    await page.getByRole('link', { name: 'New region' }).click();
    const region = page.getByRole('dialog', { name: 'New shipping region' });
    await region.getByLabel('Name').fill('United States');
    await region.getByLabel('Ships to').fill('US');
    await region.getByLabel('Title').fill('Standard');
    await region.getByLabel(/^Price/).fill('5.99');
    await expectAccessible(page, 'region dialog');
    await region.getByRole('button', { name: 'Create region' }).click();
    await region.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Shipping regions' }).getByText('Standard: $5.99').waitFor();
    await checkPage(page, 'admin-settings-shipping');

    // E-mail: a test message lands in the outbox.
    await tabs.getByRole('link', { name: 'E-mail', exact: true }).click();
    await page.getByRole('heading', { name: 'E-mail', level: 1 }).waitFor();
    await page.getByLabel('Send to').fill('olive@example.test');
    await page.getByRole('button', { name: 'Send test' }).click();
    await status(page, 'Test message queued for olive@example.test');
    await page
      .getByRole('list', { name: 'Messages' })
      .getByText('Test message from Olive & Co', { exact: true })
      .waitFor();
    await checkPage(page, 'admin-settings-mail');

    // API keys: shown once, then revoked.
    await tabs.getByRole('link', { name: 'Apps & API keys' }).click();
    await page.getByRole('heading', { name: 'Apps & API keys', level: 1 }).waitFor();
    await page.getByLabel("New key's name").fill('Warehouse app');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('code').filter({ hasText: /^vk_/ }).innerText()).trim();
    expect((await s.request('POST', '/platform/v1/api-keys/query', { auth: key, body: {} })).status).toBe(
      200,
    );
    await checkPage(page, 'admin-settings-apps');
    await page.getByRole('link', { name: 'Revoke Warehouse app' }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke Warehouse app?' });
    await revoke.getByRole('button', { name: 'Revoke key' }).click();
    await revoke.waitFor({ state: 'detached' });
    await page
      .getByRole('row', { name: /Warehouse app/ })
      .getByText(/^Revoked/)
      .waitFor();

    // Staff: an invitation for a contributor, its link shown once.
    await tabs.getByRole('link', { name: 'Staff', exact: true }).click();
    await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    const invite = page.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('Name').fill('Casey Contributor');
    await invite.getByLabel('E-mail').fill('casey@example.test');
    await invite.getByRole('button', { name: 'Invite' }).click();
    inviteUrl = (await page.getByTestId('invite-link').getAttribute('href')) ?? '';
    expect(inviteUrl).toMatch(/\/dashboard\/invite\?token=/);
    await page
      .getByRole('row', { name: /Casey Contributor/ })
      .getByText('Invited')
      .waitFor();
    await checkPage(page, 'admin-settings-staff');
  });

  it('lets the invited contributor join, refuses them Settings (the server says 403 OWNER_ONLY) but opens Reviews', async () => {
    const casey = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: s.url });
    try {
      const p = await casey.newPage();
      watch(p);
      await p.goto(inviteUrl);
      await p.getByLabel('Password').fill(STAFF_PASSWORD);
      await p.getByRole('button', { name: 'Join' }).click();
      await p.waitForURL(/\/dashboard$/);
      await nav(p).getByRole('link', { name: 'Reviews' }).waitFor();
      await expect(nav(p).getByRole('link', { name: 'Settings' }).count()).resolves.toBe(0);

      await p.goto('/dashboard/settings');
      await p.getByText('Only owners can change settings.').waitFor();
      // The server is the judge: a contributor's change of settings is refused.
      const refused = await p.evaluate(async () => {
        const me = (await (await fetch('/staff/v1/me')).json()) as { csrfToken: string };
        const r = await fetch('/platform/v1/store-settings', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrfToken },
          body: JSON.stringify({ settings: { storeName: 'Casey was here' } }),
        });
        const body = (await r.json()) as { details: { applicationError?: { code: string } } };
        return [r.status, body.details.applicationError?.code];
      });
      expect(refused).toEqual([403, 'OWNER_ONLY']);
      await checkPage(p, 'admin-settings-contributor');

      await nav(p).getByRole('link', { name: 'Reviews' }).click();
      await p.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
      await p
        .getByRole('navigation', { name: 'Reviews to show' })
        .getByRole('link', { name: 'Published' })
        .click();
      await p.getByRole('heading', { name: /Fits perfectly/ }).waitFor();
    } finally {
      await casey.close();
    }
    expect(errors).toEqual([]);
  });

  it('shows an owner demoted meanwhile that only owners can change settings, when the server refuses them', async () => {
    const otto = await invited(owner, 'otto@example.test', 'OWNER', 'Otto Owner');
    const ctx = await staffContext(browser, s, otto);
    try {
      const p = await ctx.newPage();
      watch(p);
      await p.goto('/dashboard/settings/staff');
      await p.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
      await p.getByRole('row', { name: /Otto Owner \(you\)/ }).waitFor();

      // Another owner makes Otto a contributor; Otto's page still believes in the old role.
      const demoted = await owner.request('PATCH', `/staff/v1/staff/${otto.staff!.id}`, {
        body: { role: 'CONTRIBUTOR' },
      });
      expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
      await p
        .getByRole('navigation', { name: 'Settings' })
        .getByRole('link', { name: 'Apps & API keys' })
        .click();
      await p.getByText('Only owners can change settings.').waitFor();
      // The session is read again: Settings leaves the navigation.
      await p.getByRole('region', { name: 'Your account' }).getByText('Contributor').waitFor();
      await expect(nav(p).getByRole('link', { name: 'Settings' }).count()).resolves.toBe(0);
    } finally {
      await ctx.close();
    }
    expect(errors).toEqual([]);
  });

  it("opens the owner's own account: where they are signed in (another session signed out), and a new password", async () => {
    // Another session of the owner's, on a laptop.
    const laptop = new StaffBrowser(s);
    laptop.secret = owner.secret;
    laptop.userAgent =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect((await laptop.login(OWNER.email)).status).toBe(200);

    await page.goto('/dashboard');
    await page
      .getByRole('region', { name: 'Your account' })
      .getByRole('link', { name: `Your account: ${OWNER.name}` })
      .click();
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    await page.getByText('Authenticator app').waitFor();
    const where = page.getByRole('region', { name: 'Where you are signed in' });
    const sessions = where.getByRole('listitem');
    // This session first (the set-up's, opened without a browser header), then the laptop's.
    await expect
      .poll(() => sessions.allInnerTexts())
      .toEqual([
        expect.stringMatching(
          /^An unknown browser\s*This session\s*127\.0\.0\.1 · Signed in .* · Active now$/,
        ),
        expect.stringMatching(
          /^Chrome on macOS · Computer\s*127\.0\.0\.1 · Signed in .* · Last active .*\s*Sign out$/,
        ),
      ]);
    await checkPage(page, 'account');
    await sessions.filter({ hasText: 'Chrome on macOS' }).getByRole('button', { name: 'Sign out' }).click();
    await status(page, 'Signed out of Chrome on macOS.');
    await expect.poll(() => sessions.count()).toBe(1);
    expect(await where.getByRole('button', { name: 'Sign out everywhere else' }).count()).toBe(0);
    expect((await laptop.request('GET', '/staff/v1/me')).status).toBe(401);

    // A new password: a wrong current one, then two that differ, are refused; then it is saved.
    const form = page.getByRole('region', { name: 'Password' });
    const fill = async (current: string, next: string, repeat = next) => {
      await form.getByLabel('Current password').fill(current);
      await form.getByLabel('New password', { exact: true }).fill(next);
      await form.getByLabel('Repeat the new password').fill(repeat);
      await form.getByRole('button', { name: 'Change password' }).click();
    };
    const NEW = 'Lantern-Harbour-58';
    await fill('Not-My-Password-1', NEW);
    await form.getByRole('alert').filter({ hasText: 'The current password is wrong.' }).waitFor();
    await fill(STAFF_PASSWORD, NEW, `${NEW}!`);
    await form.getByRole('alert').filter({ hasText: 'The two new passwords differ.' }).waitFor();
    await fill(STAFF_PASSWORD, NEW);
    await status(page, 'Your new password is saved. Your other sessions are signed out.');
    expect(await form.getByLabel('Current password').inputValue()).toBe('');
    // This session goes on; the laptop signs in with the new password only.
    await page.reload();
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    expect((await laptop.login(OWNER.email, STAFF_PASSWORD)).status).toBe(401);
    expect((await laptop.login(OWNER.email, NEW)).status).toBe(200);
    await expect.poll(() => sessions.count()).toBe(1);
    await page.reload();
    await expect.poll(() => sessions.count()).toBe(2);

    // A contributor's laptop is lost: the owner signs them out everywhere from the staff list.
    const casey = await invited(owner, 'casey.lost@example.test', 'CONTRIBUTOR', 'Casey Lost');
    expect((await casey.request('GET', '/staff/v1/me')).status).toBe(200);
    await page.goto('/dashboard/settings/staff');
    await page.getByRole('button', { name: 'Sign Casey Lost out everywhere' }).click();
    await status(page, 'Casey Lost is signed out everywhere (1 session); they can sign in again.');
    expect((await casey.request('GET', '/staff/v1/me')).status).toBe(401);
    // Not offered for oneself (Your account has that).
    expect(await page.getByRole('button', { name: `Sign ${OWNER.name} out everywhere` }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
