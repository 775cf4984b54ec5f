/**
 * The sign-in and sign-up forms of the storefront and of the hosted pages, in real Chromium against
 * a real server that asks new sign-ins to confirm their e-mail with a code. Every wrong field is
 * shown at once, beside its field (aria-invalid, aria-describedby), with focus on the first; a wrong
 * password says the tries left (the same for an e-mail with no account), and an account locked at
 * this address says when to try again. A sign-in waiting on its e-mailed code in one tab moves on
 * when another tab of the same browser finishes signing in: on the storefront and on the hosted
 * pages. axe on the forms with their errors.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDist } from '../platform/http/static.ts';
import { hasChromium, launchBrowser } from '../test/browser.ts';
import {
  AUTH,
  appError,
  freshEmail,
  GOOD_PASSWORD,
  latestCode,
  login,
  pastCaptchaWindow,
  register,
  solvedCaptcha,
  VERIFICATION,
} from '../test/identity.ts';
import { accessTokenFor, shopClient } from '../test/oauth.ts';
import { startTestServer, type TestServer } from '../test/server.ts';
import { totpCode } from '../test/staff.ts';
import { expectAccessible, fieldError, hydrated, shopper } from '../test/storefront.ts';
import { LOCK_AFTER_FAILURES } from '../modules/identity/index.ts';

const built =
  existsSync(join(appDist('hosted'), 'index.html')) &&
  existsSync(join(appDist('storefront'), 'server', 'entry-server.js'));
if (!built) console.warn('Sign-in form browser tests SKIPPED: run "npm run build" first.');

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium || !built) return;
  s = await startTestServer({
    env: { PASSWORD_HASH_MEMORY_KIB: '1024', CAPTCHA_COST: '1', EMAIL_VERIFICATION_REQUIRED: 'true' },
  });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

const CHECK = 'Please check the highlighted fields.';
const NO_MATCH = 'That e-mail and password do not match.';
const alerts = (page: Page) => page.getByRole('alert').allInnerTexts();
const statuses = (page: Page) => page.getByRole('status').allInnerTexts();
/** The name of the focused control. */
const focusedName = (page: Page) => page.locator(':focus').getAttribute('name');

/** Sends the form with its button; waits for the errors beside the fields. */
async function expectFieldErrors(page: Page, button: string, errors: Record<string, string | null>) {
  await page.getByRole('button', { name: button }).click();
  await expect.poll(() => alerts(page)).toContainEqual(CHECK);
  for (const [label, error] of Object.entries(errors))
    expect(await fieldError(page.getByLabel(label, { exact: true })), label).toBe(error);
}

/** Fills e-mail and password and presses the sign-in button. */
async function sendPassword(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** An account whose sign-ins ask for an e-mailed code (EMAIL_VERIFICATION_REQUIRED). */
async function unverified(tag: string): Promise<string> {
  // Earlier tests' failed tries would ask this sign-up for a captcha.
  pastCaptchaWindow(s);
  const email = freshEmail(tag);
  const r = await register(s, email);
  expect(r.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
  return email;
}

/** A verified account with an authenticator app set up: its e-mail and the app's secret. */
async function withAuthenticator(tag: string): Promise<{ email: string; secret: string }> {
  const email = await unverified(tag);
  const started = await login(s, email, GOOD_PASSWORD);
  const verified = await s.request<{ state: string; sessionToken: string }>(
    'POST',
    `${VERIFICATION}/v1/auth/verify`,
    { body: { code: await latestCode(s, email), stateToken: started.body.stateToken } },
  );
  expect(verified.body.state, JSON.stringify(verified.body)).toBe('SUCCESS');
  const member = await accessTokenFor(s, await shopClient(s), verified.body.sessionToken);
  const enrolled = await s.request<{ secret: string }>('POST', `${AUTH}/v2/factors/totp/enroll`, {
    auth: member,
  });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  const confirmed = await s.request('POST', `${AUTH}/v2/factors/totp/confirm`, {
    body: { code: await totpCode(s, enrolled.body.secret) },
    auth: member,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  s.clock.advance(30_000); // the code used to confirm is spent
  return { email, secret: enrolled.body.secret };
}

/**
 * Two tabs of one browser sign in to the same account and reach its code step (`toCodeStep`, from
 * the storefront's sign-in page); the second enters the e-mailed code (`enterCode`) and reaches the
 * account. The first must follow it there, its code never entered.
 */
async function codeStepInTwoTabs(
  email: string,
  toCodeStep: (page: Page & { email: string }) => Promise<void>,
  enterCode: (page: Page) => Promise<void>,
) {
  pastCaptchaWindow(s);
  const first = await shopper(browser, s.url, 1280);
  const second = await first.context.newPage();
  for (const page of [first.page, second]) {
    await page.goto('/login?returnTo=%2Faccount');
    await hydrated(page);
    await toCodeStep(Object.assign(page, { email }));
  }
  await enterCode(second);
  await second.waitForURL(/\/account$/, { timeout: 30_000 });
  await first.page.waitForURL(/\/account$/, { timeout: 30_000 });
  await first.page.getByRole('heading', { name: 'Profile' }).waitFor();
  expect(first.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  await first.close();
}

describe.skipIf(!hasChromium || !built)('sign-in and sign-up forms', () => {
  it('show every wrong field at once beside it, focus the first, and say the tries left', async () => {
    pastCaptchaWindow(s);
    const shopper1 = await shopper(browser, s.url, 1280);
    const { page } = shopper1;

    // Storefront sign-up: no e-mail and a short password, both said at once; focus on the e-mail.
    await page.goto('/signup');
    await hydrated(page);
    await page.getByLabel('Password').fill('short');
    await expectFieldErrors(page, 'Create account', {
      'E-mail': 'Enter your e-mail address.',
      Password: 'Password must be at least 8 characters.',
      'First name': null,
    });
    expect(await focusedName(page)).toBe('email');
    await expectAccessible(page, 'storefront sign-up with errors');
    // Fixed, an address the store refuses is said beside the e-mail (the server's violation).
    await page.getByLabel('E-mail').fill('shopper@example');
    await page.getByLabel('Password').fill(GOOD_PASSWORD);
    await expectFieldErrors(page, 'Create account', {
      'E-mail': 'E-mail must be a valid e-mail address.',
      Password: null,
    });
    expect(await focusedName(page)).toBe('email');

    // Storefront sign-in: both empty, both said; then the password alone, focus on it.
    await page.goto('/login');
    await hydrated(page);
    await expectFieldErrors(page, 'Sign in', {
      'E-mail': 'Enter your e-mail address.',
      Password: 'Enter your password.',
    });
    expect(await focusedName(page)).toBe('email');
    await page.getByLabel('E-mail').fill('someone@example.test');
    await expectFieldErrors(page, 'Sign in', { 'E-mail': null, Password: 'Enter your password.' });
    expect(await focusedName(page)).toBe('password');
    await expectAccessible(page, 'storefront sign-in with errors');

    // A wrong password says how many tries are left before the robot check.
    const email = await unverified('tries');
    for (const left of [
      'You can try 2 more times before you are asked to show you are not a robot.',
      'You can try 1 more time before you are asked to show you are not a robot.',
      'Next time, you will be asked to show you are not a robot.',
    ]) {
      await sendPassword(page, email, 'Wrong-Password-1');
      await expect.poll(() => statuses(page)).toContainEqual(left);
      expect(await alerts(page)).toEqual([NO_MATCH]);
    }

    // The hosted pages: the same checks and words; an e-mail with no account answers alike.
    pastCaptchaWindow(s);
    await page.goto('/auth/signup');
    await page.getByLabel('Password').fill('short');
    await expectFieldErrors(page, 'Create account', {
      'E-mail': 'Enter your e-mail address.',
      Password: 'Password must be at least 8 characters.',
    });
    expect(await focusedName(page)).toBe('email');
    await expectAccessible(page, 'hosted sign-up with errors');
    // What only the server knows is said in a sentence beside the field too.
    await page.getByLabel('E-mail').fill(freshEmail('common'));
    await page.getByLabel('Password').fill('football');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => fieldError(page.getByLabel('Password', { exact: true })))
      .toBe('Password is one of the most common passwords; choose another.');
    expect(await alerts(page)).toEqual([CHECK]);
    await page.goto('/auth/login');
    await expectFieldErrors(page, 'Sign in', {
      'E-mail': 'Enter your e-mail address.',
      Password: 'Enter your password.',
    });
    expect(await focusedName(page)).toBe('email');
    await sendPassword(page, freshEmail('nobody'), 'Wrong-Password-1');
    await expect
      .poll(() => statuses(page))
      .toContainEqual('You can try 2 more times before you are asked to show you are not a robot.');
    expect(await alerts(page)).toEqual([NO_MATCH]);

    // An account locked for this address (every try from here wrong, captcha solved each time):
    // both sign-in pages say at what time to try again, even for the right password.
    const locked = await unverified('locked');
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      const r = await login(s, locked, `Wrong-${i}-password`, await solvedCaptcha(s, { fast: true }));
      expect(appError(r.body).code, `attempt ${i}`).toBe('-19976');
    }
    const refused = await s.request('POST', `${AUTH}/v2/login`, {
      body: { loginId: { email: locked }, password: GOOD_PASSWORD },
    });
    expect(appError(refused.body).code).toBe('ACCOUNT_LOCKED');
    const until = String(appError(refused.body).data?.lockedUntil);
    const at = await page.evaluate(
      (iso) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
      until,
    );
    const lockedWords = `Too many tries. You can try again after ${at}, or reset your password with “Forgot password”.`;
    await sendPassword(page, locked, GOOD_PASSWORD);
    await expect.poll(() => alerts(page)).toEqual([lockedWords]);
    await page.goto('/login');
    await hydrated(page);
    await sendPassword(page, locked, GOOD_PASSWORD);
    await expect.poll(() => alerts(page)).toEqual([lockedWords]);

    expect(shopper1.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await shopper1.close();
  });

  it('storefront: a tab waiting on the e-mailed code moves on when another tab signs in', async () => {
    const email = await unverified('two-tabs');
    await codeStepInTwoTabs(
      email,
      async (page) => {
        await sendPassword(page, page.email, GOOD_PASSWORD);
        await page.getByRole('heading', { name: 'Confirm your e-mail' }).waitFor();
      },
      async (second) => {
        await second.getByLabel('Code').fill(await latestCode(s, email));
        await second.getByRole('button', { name: 'Confirm' }).click();
      },
    );
  });

  it('storefront: a tab waiting on the authenticator code moves on when another tab signs in', async () => {
    const { email, secret } = await withAuthenticator('totp-tabs');
    await codeStepInTwoTabs(
      email,
      async (page) => {
        await sendPassword(page, page.email, GOOD_PASSWORD);
        await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
      },
      async (second) => {
        await second.getByLabel('Code from the app').fill(await totpCode(s, secret));
        await second.getByRole('button', { name: 'Sign in' }).click();
      },
    );
  });

  it('hosted pages: a tab waiting on the e-mailed code moves on when another tab signs in', async () => {
    const email = await unverified('hosted-tabs');
    await codeStepInTwoTabs(
      email,
      async (page) => {
        await page.getByRole('button', { name: 'Continue with hosted login' }).click();
        await page.waitForURL(/\/auth\/login\?/);
        await sendPassword(page, page.email, GOOD_PASSWORD);
        await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
      },
      async (second) => {
        await second.getByLabel('Code from the e-mail').fill(await latestCode(s, email));
        await second.getByRole('button', { name: 'Continue' }).click();
      },
    );
  });
});
