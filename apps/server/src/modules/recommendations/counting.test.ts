/**
 * Counting approved orders into the recommendations: an event delivered again counts nothing, and
 * orders counted at once by several deliveries add up exactly (PostgreSQL runs them in parallel).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { createOrder, ok, orderBody } from '../../test/orders.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { shopProduct, STORES_APP } from '../../test/shop.ts';

const GLOBAL = '1b7e5a4c-2f3d-4e6a-9c8b-5d4f3e2a1b0c';
const RELATED = '68ebce04-b96a-4c52-9329-08fc9d8c1253';
let s: TestServer;
const item: Record<'x' | 'y' | 'z' | 'w', string> = { x: '', y: '', z: '', w: '' };

/** An order of these items, approved by the admin import (`order_approved` counts it); its id. */
async function bought(...names: (keyof typeof item)[]): Promise<string> {
  const body = orderBody({ lines: names.map((n) => [n, '10.00', 1] as [string, string, number]) });
  body.order.lineItems.forEach((l, i) => (l.catalogReference.catalogItemId = item[names[i]!]));
  return (await createOrder(s, body)).id;
}

async function jobsIdle() {
  await s.until(async () => {
    const r = ok(
      await s.admin<{ jobs: unknown[] }>('POST', '/platform/v1/jobs/query', {
        query: { filter: { status: { $in: ['PENDING', 'RUNNING'] } } },
      }),
    );
    return r.jobs.length === 0;
  });
}

async function recommend(algorithm: string, items: string[] = []): Promise<string[]> {
  const r = ok(
    await s.admin<{ recommendation: { items: { catalogItemId: string }[] } }>(
      'POST',
      '/ecom/v1/recommendations/get',
      {
        algorithms: [{ id: algorithm, appId: STORES_APP }],
        items: items.map((catalogItemId) => ({ catalogItemId, appId: STORES_APP })),
        minimumRecommendedItems: 4,
      },
    ),
  );
  return r.recommendation.items.map((i) => i.catalogItemId);
}

beforeAll(async () => {
  s = await startTestServer({ env: { DEMO_DATA: 'false' } });
  for (const k of ['x', 'y', 'z', 'w'] as const)
    item[k] = (await shopProduct(s, { name: `Item ${k}`, price: '10' })).productId;
});
afterAll(() => s?.stop());

describe('counting approved orders', () => {
  it('counts an order once when its approved event is delivered again', async () => {
    await bought('x');
    await bought('x');
    const again = await bought('y', 'z');
    await jobsIdle();
    // Two more deliveries of the (y, z) order's approved event, as a retried job would make.
    const [event] = ok(
      await s.admin<{ events: { id: string }[] }>('POST', '/platform/v1/events/query', {
        query: { filter: { entityId: again, eventType: 'wix.ecom.v1.order_approved' } },
      }),
    ).events;
    expect(event).toBeDefined();
    const redelivered = [newId(), newId()];
    const copied = await sql`
      insert into job (id, name, payload, status, max_attempts, run_at, created_at, updated_at)
      select r.id, j.name, j.payload, 'PENDING', j.max_attempts, j.run_at, j.created_at, j.updated_at
      from job j, unnest(${redelivered}::uuid[]) as r(id)
      where j.name = 'events.deliver' and j.payload ->> 'eventId' = ${event!.id}`.execute(s.db.handle.db);
    expect(Number(copied.numAffectedRows)).toBe(2);
    await jobsIdle();
    for (const id of redelivered) {
      const { job } = ok(await s.admin<{ job: { status: string } }>('GET', `/platform/v1/jobs/${id}`));
      expect(job.status).toBe('SUCCEEDED');
    }
    // x sold 2; y and z 1 each (3 each had the repeats counted).
    expect((await recommend(GLOBAL)).slice(0, 3)).toEqual([item.x, ...[item.y, item.z].sort()]);
    expect((await recommend(RELATED, [item.y]))[0]).toBe(item.z);
  });

  it('adds up orders of the same items counted at the same time', async () => {
    // w and z bought together 12 times at once: w passes x (2) and z (1 + 12) stays ahead of w.
    await Promise.all(Array.from({ length: 12 }, () => bought('w', 'z')));
    await jobsIdle();
    s.clock.advance(61_000); // best sellers are kept a minute
    expect((await recommend(GLOBAL)).slice(0, 3)).toEqual([item.z, item.w, item.x]);
    expect((await recommend(RELATED, [item.w]))[0]).toBe(item.z);
    const sold = await s.db.handle.db
      .selectFrom('recommendation_sale')
      .select(['item_id', 'quantity'])
      .where('item_id', 'in', [item.z, item.w])
      .orderBy('quantity', 'desc')
      .execute();
    expect(sold.map((r) => Number(r.quantity))).toEqual([13, 12]);
  });
});
