import type { StaffEnrolmentResponse, StaffMember } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopProduct } from '../../test/shop.ts';
import { ADMIN_KEY, appError, type TestServer } from '../../test/server.ts';
import {
  invited,
  setUpOwner,
  STAFF_PASSWORD,
  StaffBrowser,
  staffServer,
  totpCode,
} from '../../test/staff.ts';

/**
 * Owners and contributors. A contributor manages the store but not its settings, staff, API keys or
 * OAuth clients: the routes marked `owner` (this table, and the README's) refuse them with 403
 * OWNER_ONLY; API keys count as owners. A route added to or taken from the list fails the test
 * until the table and the README say so.
 */
const OWNER_ONLY = [
  // store settings (with checkout options: capture on fulfilment) and the mail set-up
  'PATCH /platform/v1/store-settings',
  'POST /platform/v1/mail/test',
  // shipping and tax configuration
  'POST /ecom/v1/shipping-regions',
  'PATCH /ecom/v1/shipping-regions/:shippingRegionId',
  'DELETE /ecom/v1/shipping-regions/:shippingRegionId',
  'POST /ecom/v1/pickup-locations',
  'PATCH /ecom/v1/pickup-locations/:pickupLocationId',
  'DELETE /ecom/v1/pickup-locations/:pickupLocationId',
  'POST /ecom/v1/tax-rates',
  'PATCH /ecom/v1/tax-rates/:taxRateId',
  'DELETE /ecom/v1/tax-rates/:taxRateId',
  'POST /ecom/v1/additional-fees',
  'PATCH /ecom/v1/additional-fees/:additionalFeeId',
  'DELETE /ecom/v1/additional-fees/:additionalFeeId',
  // review moderation settings
  'PATCH /reviews/v1/settings',
  // the operator's views: jobs, events, the mail outbox (it holds members' reset links)
  'POST /platform/v1/jobs/query',
  'GET /platform/v1/jobs',
  'GET /platform/v1/jobs/:id',
  'POST /platform/v1/jobs/:id/retry',
  'POST /platform/v1/events/query',
  'POST /platform/v1/mail/messages/query',
  'GET /platform/v1/mail/messages/:id',
  // OAuth clients
  'POST /oauth2/v1/clients',
  'GET /oauth2/v1/clients/:id',
  'PATCH /oauth2/v1/clients/:id',
  'DELETE /oauth2/v1/clients/:id',
  'POST /oauth2/v1/clients/query',
  // signing a member on without their password (apps' custom sign-in)
  'POST /_api/iam/authentication/v2/sign-on',
  'POST /iam/authentication/v2/sign-on',
  // staff and API keys
  'POST /staff/v1/staff/query',
  'GET /staff/v1/staff/:id',
  'POST /staff/v1/staff',
  'PATCH /staff/v1/staff/:id',
  'DELETE /staff/v1/staff/:id',
  'POST /staff/v1/staff/:id/logout-all',
  'POST /platform/v1/api-keys',
  'POST /platform/v1/api-keys/query',
  'DELETE /platform/v1/api-keys/:id',
  // webhooks: where the store's events go, and the key they are signed with
  'GET /webhooks/v1/webhooks',
  'POST /webhooks/v1/webhooks',
  'GET /webhooks/v1/webhooks/:webhookId',
  'PATCH /webhooks/v1/webhooks/:webhookId',
  'DELETE /webhooks/v1/webhooks/:webhookId',
  'POST /webhooks/v1/webhooks/:webhookId/test',
  'POST /webhooks/v1/deliveries/query',
  'POST /webhooks/v1/deliveries/:deliveryId/redeliver',
  'GET /webhooks/v1/signing-key',
  'POST /webhooks/v1/signing-key/rotate',
  'GET /webhooks/v1/event-types',
].sort();

const NOBODY = '0190c0de-0000-7000-8000-00000000dead';
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, NOBODY);

let s: TestServer;
let owner: StaffBrowser;
let contributor: StaffBrowser;
beforeAll(async () => {
  s = await staffServer();
  owner = await setUpOwner(s);
  contributor = await invited(owner, 'casey@example.test', 'CONTRIBUTOR');
});
afterAll(async () => {
  await s?.stop();
});

describe('owner-only routes', () => {
  it('are exactly the settings, staff, API key and OAuth client routes', () => {
    const marked = s.app.router.routes
      .filter((r) => r.owner)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(marked).toEqual(OWNER_ONLY);
    for (const r of s.app.router.routes.filter((x) => x.owner)) expect(r.roles).toEqual(['admin']);
  });

  it('refuse a contributor with 403 OWNER_ONLY, and let owners and API keys through', async () => {
    expect(contributor.staff).toMatchObject({ role: 'CONTRIBUTOR', totpEnrolled: false });
    for (const r of s.app.router.routes.filter((x) => x.owner)) {
      const label = `${r.method} ${r.url}`;
      const refused = await contributor.request(r.method, pathOf(r.url));
      expect([refused.status, appError(refused.body).code], label).toEqual([403, 'OWNER_ONLY']);
      for (const asOwner of [
        () => owner.request(r.method, pathOf(r.url)),
        () =>
          s.request(r.method, pathOf(r.url), {
            auth: ADMIN_KEY,
            ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} }),
          }),
      ]) {
        const res = await asOwner();
        expect(res.status, `${label} → ${JSON.stringify(res.body)}`).not.toBe(403);
        expect(res.status, label).toBeLessThan(500);
      }
    }
  });

  it('answer a contributor on the examples the issue names', async () => {
    const settings = await contributor.request('PATCH', '/platform/v1/store-settings', {
      body: { settings: { storeName: 'Mine now' } },
    });
    expect([settings.status, appError(settings.body).code]).toEqual([403, 'OWNER_ONLY']);
    const key = await contributor.request('POST', '/platform/v1/api-keys', { body: { name: 'mine' } });
    expect([key.status, appError(key.body).code]).toEqual([403, 'OWNER_ONLY']);
    const clients = await contributor.request('POST', '/oauth2/v1/clients/query', { body: {} });
    expect([clients.status, appError(clients.body).code]).toEqual([403, 'OWNER_ONLY']);
    const byOwner = await owner.request('PATCH', '/platform/v1/store-settings', {
      body: { settings: { storeName: 'The Owner’s Store' } },
    });
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(200);
  });
});

describe('a contributor', () => {
  it('manages products and orders', async () => {
    const created = await contributor.request<{ product: { id: string; revision: string } }>(
      'POST',
      '/stores/v3/products',
      {
        body: {
          product: {
            name: 'By a contributor',
            productType: 'DIGITAL',
            variantsInfo: { variants: [{ price: { actualPrice: { amount: '5.00' } } }] },
          },
        },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { product } = created.body;
    const patched = await contributor.request('PATCH', `/stores/v3/products/${product.id}`, {
      body: { product: { revision: product.revision, name: 'Renamed by a contributor' } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const orders = await contributor.request('POST', '/ecom/v1/orders/search', { body: { search: {} } });
    expect(orders.status, JSON.stringify(orders.body)).toBe(200);
    const actions = await contributor.request('POST', '/staff/v1/actions/query', { body: {} });
    expect(actions.status).toBe(200);
  });

  it('is told its role by /me', async () => {
    const me = await contributor.request<{ staff: StaffMember }>('GET', '/staff/v1/me');
    expect(me.body.staff.role).toBe('CONTRIBUTOR');
  });
});

describe('staff management', () => {
  it('invites an owner, who enrols TOTP before any session', async () => {
    const invite = await owner.request<{ staff: StaffMember; inviteUrl: string }>('POST', '/staff/v1/staff', {
      body: { email: 'Second.Owner@example.test', name: 'Sam Second', role: 'OWNER' },
    });
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    expect(invite.body.staff).toMatchObject({
      email: 'second.owner@example.test',
      status: 'INVITED',
      role: 'OWNER',
      totpEnrolled: false,
      lastLoginDate: null,
    });
    expect(invite.body.inviteUrl).toMatch(new RegExp(`^${s.url}/dashboard/invite\\?token=[\\w-]{43}$`));
    const twice = await owner.request('POST', '/staff/v1/staff', {
      body: { email: 'second.owner@example.test', name: 'Again', role: 'CONTRIBUTOR' },
    });
    expect([twice.status, appError(twice.body).code]).toEqual([409, 'STAFF_EXISTS']);

    const b = new StaffBrowser(s);
    const token = new URL(invite.body.inviteUrl).searchParams.get('token')!;
    const accepted = await b.request<StaffEnrolmentResponse>('POST', '/staff/v1/invites/accept', {
      body: { token, password: STAFF_PASSWORD },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.enrollmentToken).toBeTruthy();
    expect(b.cookie).toBeUndefined();
    // Not a member until the code comes: no sign-in yet.
    const early = await new StaffBrowser(s).request('POST', '/staff/v1/login', {
      body: { email: 'second.owner@example.test', password: STAFF_PASSWORD },
    });
    expect(early.status).toBe(401);
    const enrolled = await b.enrol(accepted.body);
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(enrolled.body.staff).toMatchObject({ role: 'OWNER', status: 'ACTIVE', totpEnrolled: true });
    const reused = await new StaffBrowser(s).request('POST', '/staff/v1/invites/accept', {
      body: { token, password: STAFF_PASSWORD },
    });
    expect([reused.status, appError(reused.body).code]).toEqual([400, 'INVALID_INVITE_TOKEN']);

    const list = await owner.request<{ staff: StaffMember[] }>('POST', '/staff/v1/staff/query', {
      body: { query: { filter: { role: 'OWNER' }, sort: [{ fieldName: 'email', order: 'ASC' }] } },
    });
    expect(list.body.staff.map((m) => m.email)).toEqual(['owner@example.test', 'second.owner@example.test']);

    // Two owners: one may step down, the last may not.
    const down = await b.request('PATCH', `/staff/v1/staff/${enrolled.body.staff.id}`, {
      body: { role: 'CONTRIBUTOR' },
    });
    expect(down.status).toBe(200);
    const last = await owner.request('PATCH', `/staff/v1/staff/${owner.staff!.id}`, {
      body: { role: 'CONTRIBUTOR' },
    });
    expect([last.status, appError(last.body).code]).toEqual([409, 'LAST_OWNER']);
    const gone = await owner.request('DELETE', `/staff/v1/staff/${owner.staff!.id}`);
    expect([gone.status, appError(gone.body).code]).toEqual([409, 'LAST_OWNER']);
    // The demoted owner keeps TOTP: it is still asked at sign-in.
    expect((await b.request('GET', '/staff/v1/me')).status).toBe(200);
  });

  it('makes a contributor an owner: their sessions end, and they enrol TOTP at their next sign-in', async () => {
    const c = await invited(owner, 'promoted@example.test', 'CONTRIBUTOR');
    expect((await c.request('GET', '/staff/v1/me')).status).toBe(200);
    const up = await owner.request<{ staff: StaffMember }>('PATCH', `/staff/v1/staff/${c.staff!.id}`, {
      body: { role: 'OWNER' },
    });
    expect(up.status).toBe(200);
    expect(up.body.staff.role).toBe('OWNER');
    expect((await c.request('GET', '/staff/v1/me')).status).toBe(401);

    const login = await c.request('POST', '/staff/v1/login', {
      body: { email: 'promoted@example.test', password: STAFF_PASSWORD },
    });
    expect([login.status, appError(login.body).code]).toEqual([428, 'TOTP_ENROLMENT_REQUIRED']);
    const enrolment = appError(login.body).data as unknown as StaffEnrolmentResponse;
    expect(enrolment.totp.otpauthUri).toMatch(/^otpauth:/);
    const enrolled = await c.enrol(enrolment);
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(enrolled.body.staff).toMatchObject({ role: 'OWNER', totpEnrolled: true });
    expect((await c.request('POST', '/staff/v1/staff/query', { body: {} })).status).toBe(200);
  });

  it('removes a staff member: their session ends at once and they cannot sign in', async () => {
    const c = await invited(owner, 'leaving@example.test', 'CONTRIBUTOR');
    const { productId } = await shopProduct(s, { price: '3.00' });
    expect((await c.request('GET', `/stores/v3/products/${productId}`)).status).toBe(200);
    const removed = await owner.request('DELETE', `/staff/v1/staff/${c.staff!.id}`);
    expect(removed.status).toBe(200);
    expect((await c.request('GET', '/staff/v1/me')).status).toBe(401);
    const write = await c.request('POST', '/stores/v3/products', { body: { product: { name: 'x' } } });
    expect(write.status).toBe(401);
    expect((await c.login('leaving@example.test')).status).toBe(401);
    expect((await owner.request('GET', `/staff/v1/staff/${c.staff!.id}`)).status).toBe(404);
    // The address may be invited again.
    const again = await invited(owner, 'leaving@example.test', 'CONTRIBUTOR');
    expect(again.staff!.id).not.toBe(c.staff!.id);
  });

  it('refuses unknown invitation and enrolment tokens', async () => {
    const bad = await new StaffBrowser(s).request('POST', '/staff/v1/enrol', {
      body: { enrollmentToken: 'nope', code: await totpCode(s, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') },
    });
    expect([bad.status, appError(bad.body).code]).toEqual([400, 'INVALID_ENROLMENT_TOKEN']);
    const unknown = await new StaffBrowser(s).request('POST', '/staff/v1/invites/accept', {
      body: { token: 'nope', password: STAFF_PASSWORD },
    });
    expect([unknown.status, appError(unknown.body).code]).toEqual([400, 'INVALID_INVITE_TOKEN']);
  });
});
