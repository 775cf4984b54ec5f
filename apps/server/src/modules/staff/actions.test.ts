import type { StaffAction } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopProduct } from '../../test/shop.ts';
import { ADMIN_KEY, appError, type TestServer } from '../../test/server.ts';
import { invited, OWNER_EMAIL, setUpOwner, type StaffBrowser, staffServer } from '../../test/staff.ts';

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

type Page = { actions: StaffAction[]; metadata: { cursors: { next: string | null }; hasNext: boolean } };
const actions = (b: StaffBrowser, query: Record<string, unknown>) =>
  b.request<Page>('POST', '/staff/v1/actions/query', { body: { query } });

describe('the staff actions log', () => {
  it('records a staff PATCH of a product: who, what, which entity, the status, when', async () => {
    const { productId } = await shopProduct(s, { price: '9.00' });
    const product = await contributor.request<{ product: { revision: string } }>(
      'GET',
      `/stores/v3/products/${productId}`,
    );
    const at = s.clock.now().toISOString();
    const patched = await contributor.request('PATCH', `/stores/v3/products/${productId}`, {
      body: { product: { revision: product.body.product.revision, name: 'Renamed' } },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    // Written before the answer went out: there at once, for a dashboard that reads it next.
    const [entry, ...more] = (await actions(owner, { filter: { entityId: productId } })).body.actions;
    expect(more).toEqual([]);
    expect(entry).toEqual({
      id: expect.any(String),
      staffId: contributor.staff!.id,
      staffEmail: 'casey@example.test',
      staffName: 'Casey Contributor',
      method: 'PATCH',
      route: '/stores/v3/products/:productId',
      path: `/stores/v3/products/${productId}`,
      entityId: productId,
      status: 200,
      createdDate: at,
    });
    // Reading is not an action; API keys are not staff.
    const byKey = await s.admin('PATCH', `/stores/v3/products/${productId}`, {
      product: { revision: String(Number(product.body.product.revision) + 1), name: 'By an app' },
    });
    expect(byKey.status, JSON.stringify(byKey.body)).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect((await actions(owner, { filter: { entityId: productId } })).body.actions).toHaveLength(1);
  });

  it('takes the entity from the answer when the path has none, and keeps refused attempts', async () => {
    const created = await contributor.request<{ product: { id: string } }>('POST', '/stores/v3/products', {
      body: {
        product: {
          name: 'Created by staff',
          productType: 'DIGITAL',
          variantsInfo: { variants: [{ price: { actualPrice: { amount: '1.00' } } }] },
        },
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.product.id;
    const entry = (await actions(owner, { filter: { entityId: id } })).body.actions[0];
    expect(entry).toMatchObject({ method: 'POST', route: '/stores/v3/products', entityId: id, status: 200 });

    const refused = await contributor.request('PATCH', '/platform/v1/store-settings', {
      body: { settings: { storeName: 'x' } },
    });
    expect(appError(refused.body).code).toBe('OWNER_ONLY');
    const tried = (
      await actions(owner, { filter: { staffId: contributor.staff!.id, status: 403 } })
    ).body.actions.find((a) => a.route === '/platform/v1/store-settings');
    expect(tried).toMatchObject({ method: 'PATCH', entityId: null, status: 403 });
  });

  it('records sign-ins, never a query string, and pages by cursor, newest first', async () => {
    s.clock.advance(30_000);
    expect((await owner.login(OWNER_EMAIL)).status).toBe(200);
    const signIn = await s.until(
      async () =>
        (await actions(owner, { filter: { staffId: owner.staff!.id, route: '/staff/v1/login' } })).body
          .actions[0],
    );
    expect(signIn).toMatchObject({ method: 'POST', entityId: owner.staff!.id, status: 200 });

    for (let i = 0; i < 3; i++) {
      s.clock.advance(1000);
      await owner.request('POST', '/staff/v1/staff/query?x=secret', { body: {} });
    }
    const all = await s.until(async () => {
      const r = await actions(owner, { filter: { route: '/staff/v1/staff/query' } });
      return r.body.actions.length === 3 ? r.body.actions : undefined;
    });
    expect(all.every((a) => a.path === '/staff/v1/staff/query')).toBe(true);
    const first = await actions(owner, { filter: { staffId: owner.staff!.id }, cursorPaging: { limit: 2 } });
    expect(first.body.actions).toHaveLength(2);
    expect(first.body.metadata.hasNext).toBe(true);
    const next = await owner.request<Page>('POST', '/staff/v1/actions/query', {
      body: { query: { cursorPaging: { cursor: first.body.metadata.cursors.next } } },
    });
    expect(next.status).toBe(200);
    const dates = [...first.body.actions, ...next.body.actions].map((a) => a.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(next.body.actions[0]!.id).not.toBe(first.body.actions[1]!.id);
  });

  it('is readable by any staff member and API keys, not by shoppers', async () => {
    expect((await actions(contributor, {})).status).toBe(200);
    expect((await s.request('POST', '/staff/v1/actions/query', { auth: ADMIN_KEY, body: {} })).status).toBe(
      200,
    );
    expect((await s.request('POST', '/staff/v1/actions/query', { body: {} })).status).toBe(401);
  });
});
