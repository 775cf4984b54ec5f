import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askToBeNotified, BIS, soldOutProduct } from '../../test/back-in-stock.ts';
import { ordersServer } from '../../test/orders.ts';
import { ADMIN_KEY, type TestServer } from '../../test/server.ts';

/** Every back-in-stock route with every caller: shoppers create and read or delete their own; the rest is for admins. */
let s: TestServer;
beforeAll(async () => {
  s = await ordersServer();
});
afterAll(async () => {
  await s?.stop();
});

const callers = {
  anonymous: undefined,
  visitor: 'visitor:v-1',
  member: 'member:m-1',
  admin: ADMIN_KEY,
} as const;

describe('permission matrix', () => {
  it('walks every route, on both prefixes, with every role', async () => {
    const routes = s.app.router.routes.filter((r) => r.url.includes('back-in-stock'));
    const shopperRoutes = new Set([
      'POST /back-in-stock-notification-requests',
      'GET /back-in-stock-notification-requests/:id',
      'DELETE /back-in-stock-notification-requests/:id',
    ]);
    const anyone = new Set([
      'GET /back-in-stock-service/v1/unsubscribe',
      'POST /back-in-stock-service/v1/unsubscribe',
    ]);
    const seen: string[] = [];
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      const short = `${r.method} ${r.url.replace(/^(\/back-in-stock-service)?\/v1/, '')}`;
      const expected = anyone.has(key)
        ? Object.keys(callers)
        : shopperRoutes.has(short)
          ? ['visitor', 'member', 'admin']
          : ['admin'];
      const allowed = r.roles === 'any' ? Object.keys(callers) : r.roles;
      expect([...allowed].sort(), key).toEqual([...expected].sort());
      const url = r.url.replace(/:[a-zA-Z]+/g, '00000000-0000-7000-8000-000000000000');
      for (const [role, auth] of Object.entries(callers)) {
        const res = await s.request(r.method, url, {
          ...(auth ? { auth } : {}),
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} }),
        });
        const refused = res.status === 401 || res.status === 403;
        if (expected.includes(role)) expect(refused, `${role} ${key} → ${res.status}`).toBe(false);
        else expect(res.status, `${role} ${key}`).toBe(role === 'anonymous' ? 401 : 403);
        expect(res.status, `${role} ${key}`).toBeLessThan(500);
      }
      seen.push(key);
    }
    // Seven calls on two prefixes (the query twice: GET and the POST fallback), and the unsubscribe link.
    expect(seen).toHaveLength(18);
    expect(seen).toContain('GET /v1/back-in-stock-notification-requests/count-by-catalog-reference');
    expect(seen).toContain('POST /back-in-stock-service/v1/back-in-stock-notification-requests/query');
  });

  it('lets a shopper read and delete only their own requests', async () => {
    const p = await soldOutProduct(s, { name: 'Private Item' });
    const made = async (auth: string, email: string) => {
      const r = await askToBeNotified(s, auth, { productId: p.productId, email });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.request;
    };
    const byVisitor = await made('visitor:v-a', 'va@example.test');
    const byMember = await made('member:m-a', 'ma@example.test');
    expect(byVisitor.contactId).toBeUndefined();
    expect(byMember.contactId).toBe('m-a');
    const status = async (method: string, id: string, auth: string) =>
      (await s.request(method, `${BIS}/${id}`, { auth })).status;
    for (const [id, owner] of [
      [byVisitor.id, 'visitor:v-a'],
      [byMember.id, 'member:m-a'],
    ] as const) {
      for (const other of ['visitor:v-b', 'member:m-b', 'visitor:m-a', 'member:v-a']) {
        if (other === owner) continue;
        expect(await status('GET', id, other), `${other} reads ${owner}'s`).toBe(404);
        expect(await status('DELETE', id, other), `${other} deletes ${owner}'s`).toBe(404);
      }
      expect(await status('GET', id, owner)).toBe(200);
      expect(await status('GET', id, ADMIN_KEY)).toBe(200);
    }
    expect(await status('DELETE', byVisitor.id, 'visitor:v-a')).toBe(200);
    expect(await status('DELETE', byMember.id, ADMIN_KEY)).toBe(200);
    expect(await status('GET', byMember.id, 'member:m-a')).toBe(404);
  });

  it('limits how many requests a shopper makes an hour', async () => {
    const p = await soldOutProduct(s, { name: 'Spam Target' });
    for (let i = 0; i < 30; i++) {
      const r = await askToBeNotified(s, 'visitor:v-spam', {
        productId: p.productId,
        email: `s${i}@example.test`,
      });
      expect(r.status).toBe(200);
    }
    const over = await askToBeNotified(s, 'visitor:v-spam', {
      productId: p.productId,
      email: 'one-more@example.test',
    });
    expect(over.status).toBe(429);
    // A repeat of an open request is no new request.
    const repeat = await askToBeNotified(s, 'visitor:v-spam', {
      productId: p.productId,
      email: 's0@example.test',
    });
    expect(repeat.status).toBe(200);
    s.clock.advance(3_600_001);
    const later = await askToBeNotified(s, 'visitor:v-spam', {
      productId: p.productId,
      email: 'one-more@example.test',
    });
    expect(later.status).toBe(200);
  });
});
