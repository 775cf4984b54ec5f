/**
 * The account's Security tab in the storefront, in real Chromium against a real server: a member
 * signed in on a phone and on a computer changes the password on the phone; the computer's session
 * ends within seconds, its unexpired access token with it (it lands on the sign-in page, and the old
 * password no longer works there), the phone's goes on. Signed in again there, the computer is
 * signed out by the phone's "Sign out of other devices". Then the member deletes the account:
 * signed out, told so on the home page, unable to sign in, and free to sign up again with the same
 * e-mail. A member sets up two-step sign-in with an authenticator app, signs in with its code and
 * with a recovery code, and turns it off. axe on each step; screenshots in test-artifacts/account
 * (git-ignored).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIALS_REFRESH_MS } from '../modules/oauth/index.ts';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { pastCaptchaWindow } from '../test/identity.ts';
import { checkNarrow, expectAccessible, fieldError, hydrated, shopper } from '../test/storefront.ts';

const built = existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', '..', 'test-artifacts', 'account');
const PASSWORD = 'Correct-Horse-42';
const NEW_PASSWORD = 'Battery-Staple-77';
const TOKENS_KEY = 'vitrine.shop.tokens';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium || !built) return;
  s = await startTestServer({ env: { PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1' } });
  browser = await launchBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

/** Fills the storefront's sign-in form and sends it. */
async function sendPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).press('Enter');
}

/** Lands on the account page after signing in. */
async function atAccount(page: Page) {
  await page.waitForURL(/\/account$/, { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Profile' }).waitFor();
}

const SIGNED_OUT = 'You were signed out. Please sign in again.';
const BLOCKED = 'This account was blocked by the store. Contact the store if you think this is a mistake.';

/**
 * Seconds later (each server process re-reads the ended sessions), a page of the account sends the
 * device whose session ended to sign-in, which says so (`notice`: why).
 */
async function signedOut(page: Page, path: string, notice = SIGNED_OUT) {
  s.clock.advance(DENIALS_REFRESH_MS);
  await page.goto(path);
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('returnTo') === path, {
    timeout: 30_000,
  });
  await hydrated(page);
  await expect.poll(() => page.getByRole('status').allInnerTexts()).toContainEqual(notice);
}

/** Signs in with the storefront's form and waits for the account page. */
async function signIn(page: Page, email: string, password: string) {
  await sendPassword(page, email, password);
  await atAccount(page);
}

async function signOut(page: Page) {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** The page's access token as if its lifetime had passed (the browser's clock moved on). */
async function expireAccessToken(page: Page) {
  await page.evaluate((key) => {
    const ls = (
      globalThis as unknown as {
        localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void };
      }
    ).localStorage;
    const tokens = JSON.parse(ls.getItem(key) ?? '{}') as { accessToken?: { expiresAt: number } };
    if (tokens.accessToken) tokens.accessToken.expiresAt = 0;
    ls.setItem(key, JSON.stringify(tokens));
  }, TOKENS_KEY);
}

describe.skipIf(!hasChromium || !built)("storefront: the account's security", () => {
  it('a new password ends the session on the other device and keeps this one; then the account is deleted for good', async () => {
    const email = `secure-${Date.now()}@example.test`;
    const registered = await s.request('POST', '/_api/iam/authentication/v2/register', {
      body: { loginId: { email }, password: PASSWORD },
    });
    expect(registered.status).toBe(200);
    const phone = await shopper(browser, s.url, 375, { userAgent: ANDROID });
    const computer = await shopper(browser, s.url, 1280, { userAgent: MAC });
    await signIn(phone.page, email, PASSWORD);
    await signIn(computer.page, email, PASSWORD);

    const { page } = phone;
    await page.getByRole('link', { name: 'Security' }).click();
    await page.waitForURL(/\/account\/security$/);
    await page.getByRole('heading', { name: 'Password' }).waitFor();
    await expectAccessible(page, 'security');
    const alerts = () => page.getByRole('alert').allInnerTexts();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Change password' }).press('Enter');
    await expect.poll(alerts).toContainEqual('The two passwords differ.');
    await page.getByLabel('New password', { exact: true }).fill('password123');
    await page.getByLabel('Repeat the new password').fill('password123');
    await page.getByRole('button', { name: 'Change password' }).press('Enter');
    await expect.poll(alerts).toContainEqual(expect.stringMatching(/^New password .*common/i));
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).press('Enter');
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContainEqual(expect.stringContaining('Your new password is saved.'));
    expect(await alerts()).toEqual([]);
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('');
    await page.screenshot({ path: join(ARTIFACTS, 'password-changed-375.png'), fullPage: true });

    // Seconds later the computer's session is over, its access token too (refused within
    // DENIALS_REFRESH_MS, far from its expiry): it lands on the sign-in page, where the old password
    // no longer works.
    await signedOut(computer.page, '/account/orders');
    expect(await computer.page.getByRole('link', { name: 'Sign in' }).count()).toBeGreaterThan(0);
    await computer.page.getByLabel('E-mail').fill(email);
    await computer.page.getByLabel('Password').fill(PASSWORD);
    await computer.page.getByRole('button', { name: 'Sign in' }).press('Enter');
    await expect
      .poll(() => computer.page.getByRole('alert').allInnerTexts())
      .toContainEqual('That e-mail and password do not match.');
    // The phone's session goes on.
    await expireAccessToken(page);
    await page.goto('/account/orders');
    await expect.poll(() => page.locator('main').innerText()).toContain('You have no orders yet.');

    // The computer signs in with the new password. The phone's list shows where the member is
    // signed in, this phone first; it signs the computer out by its name.
    pastCaptchaWindow(s);
    await signIn(computer.page, email, NEW_PASSWORD);
    await page.goto('/account/security');
    const devices = page.getByRole('region', { name: 'Where you are signed in' }).getByRole('listitem');
    // "today" by the browser's clock, which runs on while the server's test clock was moved past
    // the captcha windows: near midnight UTC the server's day is the next one, written as a date.
    const day = String.raw`(today|[A-Z][a-z]{2} \d{1,2}, \d{4})`;
    await expect
      .poll(() => devices.allInnerTexts())
      .toEqual([
        expect.stringMatching(
          new RegExp(String.raw`^Chrome on Android\s*This device\s*Phone\s*Signed in ${day} · Active now$`),
        ),
        expect.stringMatching(
          new RegExp(String.raw`^Chrome on macOS\s*Computer\s*Signed in ${day}\s*Sign out$`),
        ),
      ]);
    expect(await devices.first().getByRole('button').count()).toBe(0);
    await expectAccessible(page, 'devices');
    await page
      .getByRole('region', { name: 'Where you are signed in' })
      .screenshot({ path: join(ARTIFACTS, 'devices-375.png') });
    await devices.filter({ hasText: 'Chrome on macOS' }).getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContainEqual('Signed out of Chrome on macOS. It needs your password to sign in again.');
    await expect.poll(() => devices.count()).toBe(1);
    await signedOut(computer.page, '/account/addresses');
    // Signed in again there; the phone signs out of every other device at once.
    pastCaptchaWindow(s);
    await signIn(computer.page, email, NEW_PASSWORD);
    await page.reload();
    await expect.poll(() => devices.count()).toBe(2);
    await page.getByRole('button', { name: 'Sign out of other devices' }).click();
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContainEqual(expect.stringContaining('Signed out of one other session.'));
    await signedOut(computer.page, '/account/addresses');
    // Nowhere else now: the list holds this phone alone, and the button is gone.
    await expect.poll(() => devices.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Sign out of other devices' }).count()).toBe(0);
    await page.goto('/account/orders');
    await expect.poll(() => page.locator('main').innerText()).toContain('You have no orders yet.');

    // Delete the account: asked first, "Keep" changes nothing.
    await page.goto('/account/security');
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const question = page.getByRole('group', { name: 'Delete your account? This cannot be undone.' });
    await question.waitFor();
    const focused = page.locator(':focus');
    await expect.poll(() => focused.getAttribute('role')).toBe('group');
    await expectAccessible(page, 'delete question');
    await checkNarrow(browser, page, { name: 'security', dir: ARTIFACTS });
    await question.getByRole('button', { name: 'Keep my account' }).click();
    await expect.poll(() => focused.innerText()).toBe('Delete my account…');
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    await question.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });
    await expect
      .poll(() => page.getByRole('status').allInnerTexts())
      .toContainEqual('Your account is deleted. Thank you for shopping with us.');
    await expectAccessible(page, 'home after deletion');
    // Said once: not again after a reload; and the account asks to sign in.
    await page.reload();
    await hydrated(page);
    expect(await page.getByText('Your account is deleted.').count()).toBe(0);
    await page.goto('/account');
    await page.waitForURL(/\/login\?returnTo=%2Faccount$/);
    await hydrated(page);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).press('Enter');
    await expect.poll(alerts).toContainEqual('That e-mail and password do not match.');

    // The same e-mail may sign up again, as a new member with nothing of the old one. First with a
    // typo the browser lets through but the store refuses: the form says what is wrong with it.
    await page.goto('/signup');
    await hydrated(page);
    await page.getByLabel('E-mail').fill('shopper@example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).press('Enter');
    await expect
      .poll(() => fieldError(page.getByLabel('E-mail')))
      .toBe('E-mail must be a valid e-mail address.');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).press('Enter');
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await expect.poll(() => page.locator('main').innerText()).toContain(`Signed in as ${email}`);

    expect(phone.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    expect(computer.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await phone.close();
    await computer.close();
  });

  it("a member the store blocks: the next page says so, and so do the store's and the hosted sign-in", async () => {
    pastCaptchaWindow(s);
    const email = `blocked-${Date.now()}@example.test`;
    const registered = await s.request<{ identity: { id: string } }>(
      'POST',
      '/_api/iam/authentication/v2/register',
      { body: { loginId: { email }, password: PASSWORD } },
    );
    expect(registered.status).toBe(200);
    const member = await shopper(browser, s.url, 1280);
    const { page } = member;
    await signIn(page, email, PASSWORD);
    const blocked = await s.admin('POST', `/members/v1/members/${registered.body.identity.id}/block`, {});
    expect(blocked.status).toBe(200);

    // The next page of the account (its access token unexpired, refused within seconds) leads to
    // sign-in, which says the store blocked the account, not a mere "signed out".
    await signedOut(page, '/account/orders', BLOCKED);
    expect(await page.getByText(SIGNED_OUT).count()).toBe(0);
    await expectAccessible(page, 'blocked notice');
    // Signing in again says the same, here and on the hosted sign-in page.
    const alerts = () => page.getByRole('alert').allInnerTexts();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).press('Enter');
    await expect.poll(alerts).toEqual([BLOCKED]);
    await page.getByRole('button', { name: 'Continue with hosted login' }).click();
    await page.waitForURL(/\/auth\/login\?/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(alerts).toEqual([BLOCKED]);
    expect(member.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await member.close();
  });

  it('two-step sign-in: set up with the app, then a code or a recovery code at sign-in, then turned off', async () => {
    // The first test's wrong passwords came from this address too: past their captcha window.
    pastCaptchaWindow(s);
    const email = `two-step-${Date.now()}@example.test`;
    expect(
      (
        await s.request('POST', '/_api/iam/authentication/v2/register', {
          body: { loginId: { email }, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    const totp = (secret: string) => generate({ secret, epoch: Math.floor(s.clock.now().getTime() / 1000) });
    const shopper1 = await shopper(browser, s.url, 1280);
    const { page } = shopper1;
    await signIn(page, email, PASSWORD);
    await page.goto('/account/security');
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await section.getByRole('img', { name: 'QR code of your sign-in key' }).waitFor();
    // The button pressed gave way to the set-up: focus is on the section's heading.
    const focused = page.locator(':focus');
    await expect.poll(() => focused.innerText()).toBe('Two-step sign-in');
    const secret = (await section.getByTestId('totp-secret').innerText()).trim();
    await expectAccessible(page, 'two-step set-up');
    await section.getByLabel('Code from the app').fill('000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect
      .poll(() => section.getByRole('alert').allInnerTexts())
      .toEqual(['That code is not right. Check the app and try again.']);
    await section.getByLabel('Code from the app').fill(await totp(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const recovery = await codes.allInnerTexts();
    expect(await section.getByRole('alert').count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'recovery-codes-1280.png'), fullPage: true });
    await section.getByRole('button', { name: 'I saved them' }).click();
    await section.getByText('On: signing in asks for a code from your authenticator app.').waitFor();

    // Signing in now asks for a code from the app: a wrong one is refused, the next one opens the account.
    await signOut(page);
    s.clock.advance(30_000);
    await sendPassword(page, email, PASSWORD);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await expect.poll(() => focused.getAttribute('autocomplete')).toBe('one-time-code');
    await expectAccessible(page, 'second step');
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').allInnerTexts()).toEqual(['The code is wrong']);
    // A reload (a phone that dropped the tab while the shopper opened the app) keeps the step.
    await page.reload();
    await hydrated(page);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await page.getByLabel('Code from the app').fill(await totp(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await atAccount(page);

    // Or with a recovery code, once (the sign-in page starts with the password again: the step is over).
    await signOut(page);
    await sendPassword(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recovery[0]!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await atAccount(page);

    // Turning it off takes a code too: the spent recovery code is refused, another one works.
    await page.goto('/account/security');
    await section.getByRole('button', { name: 'Turn off two-step sign-in…' }).click();
    const code = section.getByLabel('A code from the app, or a recovery code');
    await code.fill(recovery[0]!);
    await section.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expect
      .poll(() => section.getByRole('alert').allInnerTexts())
      .toEqual(['That code is not right. Check the app and try again.']);
    await code.fill(recovery[1]!);
    await section.getByRole('button', { name: 'Turn off', exact: true }).click();
    await section.getByRole('button', { name: 'Set up two-step sign-in' }).waitFor();
    await checkNarrow(browser, page, { name: 'security-two-step', dir: ARTIFACTS });

    // The password alone signs in again.
    await signOut(page);
    await signIn(page, email, PASSWORD);
    expect(shopper1.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await shopper1.close();
  });
});
