/**
 * Webhooks over HTTP, received by a real HTTP server that reads every body with the official
 * `@wix/sdk` (`AppStrategy({ appId, publicKey })`, `client.webhooks.process`, `@wix/ecom`'s
 * `orders.onOrderCreated`): the store's events reach the URLs that want them once, with two server
 * processes fanning out; failures are retried with backoff, then FAILED; redelivery, tests, pause,
 * the fetch guard, the permission matrix. On PostgreSQL with TEST_DATABASE_URL, an event whose
 * transaction commits late is still delivered.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orders } from '@wix/ecom';
import { AppStrategy, createClient } from '@wix/sdk';
import type { Webhook, WebhookDelivery, WebhookSigningKeyResponse } from '@vitrine/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { createOrder } from '../../test/orders.ts';
import { expectTabledRoles, shopCallers, walkRoles, type Expected } from '../../test/permissions.ts';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';

const W = '/webhooks/v1';
const ALLOW = { FETCH_GUARD_ALLOW: '127.0.0.1' };

type Received = { headers: Record<string, string | string[] | undefined>; body: string };
/** A webhook receiver on loopback: keeps what it gets and answers `answer` (200 unless told). */
function receiver() {
  const got: Received[] = [];
  let answer = 200;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += String(c)));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'thanks' : 'not now');
    });
  });
  return {
    got,
    server,
    answer: (status: number) => (answer = status),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`),
        ),
      ),
  };
}

let s: TestServer;
let other: TestServer;
const rx = receiver();
let url = '';
let key: WebhookSigningKeyResponse;

beforeAll(async () => {
  s = await startTestServer({ env: ALLOW });
  other = await startTestServer({
    database: testEngine() === 'postgres' ? s.db.another() : s.db.handle,
    clock: s.clock,
    env: { PUBLIC_URL: s.url, ...ALLOW },
  });
  url = await rx.listen();
  const k = await s.admin<WebhookSigningKeyResponse>('GET', `${W}/signing-key`);
  expect(k.status, JSON.stringify(k.body)).toBe(200);
  key = k.body;
});
afterAll(async () => {
  rx.server.close();
  await other?.stop();
  await s?.stop();
});

/** The official SDK as a receiver would use it, with the key the store gives. */
function sdkReceiver(k = key) {
  const client = createClient({
    auth: AppStrategy({ appId: k.appId, publicKey: k.publicKey }),
    modules: { orders },
  });
  const created: { orderId: string; number: string; instanceId: string; identityType: string }[] = [];
  client.orders.onOrderCreated((e) => {
    created.push({
      orderId: e.entity._id!,
      number: String(e.entity.number),
      instanceId: String(e.metadata.instanceId),
      identityType: String(e.metadata.identity?.identityType),
    });
  });
  return { client, created };
}

const hook = (w: Record<string, unknown>) =>
  s.admin<{ webhook: Webhook }>('POST', `${W}/webhooks`, { webhook: w });
const deliveries = async (webhookId: string, status?: string) =>
  (
    await s.admin<{
      deliveries: WebhookDelivery[];
      pagingMetadata: { hasNext: boolean; cursors: { next: string | null } };
    }>('POST', `${W}/deliveries/query`, { webhookId, ...(status ? { status } : {}) })
  ).body;
/** Lets a period pass, so both processes' fan-out and the due retries run. */
const tick = (ms = 1000) => s.clock.advance(ms);
/** Waits until the receiver has `n` bodies, moving the clock a second a look. */
async function receivedCount(n: number) {
  await s.until(async () => {
    tick();
    return rx.got.length >= n;
  });
  return rx.got;
}

describe('webhooks', () => {
  let orderHook: Webhook;

  /**
   * The first attempt at the order's delivery. The clock moves only until the fan-out made the
   * delivery (it looks once a second of the clock); the attempt itself needs no tick, and a later
   * one would make the retry due before the test looks.
   */
  const firstAttempt = (entityId: string) =>
    s.until(async () => {
      const d = (await deliveries(orderHook.id)).deliveries.find((x) => x.entityId === entityId);
      if (!d) tick();
      return d?.attempts ? d : undefined;
    });

  it('deliver an order once to the URL that wants it, signed so that the official SDK reads it', async () => {
    const made = await hook({
      url,
      eventTypes: ['wix.ecom.v1.order_created'],
      description: 'Fulfilment app',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    orderHook = made.body.webhook;
    expect(orderHook).toMatchObject({ url, status: 'ACTIVE', eventTypes: ['wix.ecom.v1.order_created'] });
    // Another webhook that wants products only gets nothing of an order.
    const products = await hook({ url: `${url}?products`, eventTypes: ['wix.stores.catalog.v3.product_*'] });
    expect(products.status).toBe(200);

    const order = await createOrder(s);
    const got = await receivedCount(1);
    // Both processes looked several times: still one delivery.
    for (let i = 0; i < 3; i++) tick();
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toHaveLength(1);
    expect(got[0]!.headers['content-type']).toMatch(/^text\/plain/);
    expect(got[0]!.headers['x-vitrine-event-type']).toBe('wix.ecom.v1.order_created');

    const { client, created } = sdkReceiver();
    const processed = await client.webhooks.process(got[0]!.body);
    expect(processed.eventType).toBe('wix.ecom.v1.order_created');
    expect(created).toEqual([
      { orderId: order.id, number: String(order.number), instanceId: key.instanceId, identityType: 'APP' },
    ]);
    // A body signed with another key is refused by the SDK.
    const forged = got[0]!.body.replace(/\.[^.]+$/, '.AAAA');
    await expect(client.webhooks.process(forged)).rejects.toThrow();

    const log = await deliveries(orderHook.id);
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({
      eventType: 'wix.ecom.v1.order_created',
      entityId: order.id,
      status: 'DELIVERED',
      attempts: 1,
      lastAttempt: { statusCode: 200, error: null, responseBody: 'thanks' },
    });
    const listed = await s.admin<{ webhooks: Webhook[] }>('GET', `${W}/webhooks`);
    const mine = listed.body.webhooks.find((w) => w.id === orderHook.id)!;
    expect(mine.stats).toEqual({ delivered: 1, failed: 0, pending: 0 });
    expect(mine.lastDelivery?.status).toBe('DELIVERED');
    expect((await deliveries(products.body.webhook.id)).deliveries).toEqual([]);
    expect((await s.admin('DELETE', `${W}/webhooks/${products.body.webhook.id}`)).status).toBe(200);
  });

  it('retry a receiver that fails, with backoff, and redeliver by hand', async () => {
    rx.answer(503);
    const before = rx.got.length;
    const order = await createOrder(s);
    const pending = await firstAttempt(order.id);
    expect(rx.got.length).toBe(before + 1);
    expect(pending).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastAttempt: { statusCode: 503, error: 'The receiver answered 503', responseBody: 'not now' },
    });
    // The next attempt is due after the backoff (1 s, then 2 s…), as the log says (the clock moves
    // on while the test looks, so the attempt is recorded a moment after it started).
    expect(
      Date.parse(pending.nextAttemptDate!) - Date.parse(pending.lastAttempt!.date),
    ).toBeGreaterThanOrEqual(1000);
    await receivedCount(before + 2);
    await s.until(async () =>
      (await deliveries(orderHook.id)).deliveries.find((x) => x.entityId === order.id && x.attempts >= 2),
    );

    // Fixed: the merchant redelivers by hand; the answer says how it went.
    rx.answer(200);
    const again = await s.admin<{ delivery: WebhookDelivery }>(
      'POST',
      `${W}/deliveries/${pending.id}/redeliver`,
      {},
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.delivery).toMatchObject({ status: 'DELIVERED', lastAttempt: { statusCode: 200 } });
    expect(again.body.delivery.attempts).toBeGreaterThanOrEqual(3);
    // The job that was waiting finds it delivered and sends nothing more.
    const count = rx.got.length;
    for (let i = 0; i < 5; i++) tick(4000);
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.got.length).toBe(count);
  });

  it('give up after the last attempt (FAILED), and a FAILED one can be redelivered', async () => {
    rx.answer(500);
    const order = await createOrder(s);
    const find = async () => (await deliveries(orderHook.id)).deliveries.find((x) => x.entityId === order.id);
    let d: WebhookDelivery | undefined = await firstAttempt(order.id);
    // The clock moves only to each next attempt's due time (a jump past a run's lease would make
    // another process take the run again): 1 s, 2 s, 4 s … 1,024 s apart.
    const gaps: number[] = [];
    while (d?.status === 'PENDING') {
      const due = Date.parse(d.nextAttemptDate!);
      gaps.push(due - s.clock.now().getTime());
      s.clock.set(new Date(Math.max(due, s.clock.now().getTime())));
      const seen: number = d.attempts;
      d = await s.until(async (): Promise<WebhookDelivery | undefined> => {
        const x = await find();
        return x && (x.attempts > seen || x.status !== 'PENDING') ? x : undefined;
      });
    }
    const failed = d!;
    expect(gaps).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024].map((x) => x * 1000));
    expect(failed).toMatchObject({ attempts: 12, maxAttempts: 12, nextAttemptDate: null });
    expect(failed.lastAttempt?.statusCode).toBe(500);
    // The merchant's home page counts it until it is delivered.
    const attention = async () =>
      (
        await s.admin<{ attention: { failedWebhookDeliveries: number } }>(
          'GET',
          '/platform/v1/analytics/overview?days=7',
        )
      ).body.attention.failedWebhookDeliveries;
    const failedNow = (await deliveries(orderHook.id, 'FAILED')).deliveries.length;
    expect(failedNow).toBeGreaterThanOrEqual(1);
    expect(await attention()).toBe(failedNow);
    rx.answer(200);
    const again = await s.admin<{ delivery: WebhookDelivery }>(
      'POST',
      `${W}/deliveries/${failed.id}/redeliver`,
      {},
    );
    expect(again.body.delivery).toMatchObject({ status: 'DELIVERED', attempts: 13 });
    expect(await attention()).toBe(failedNow - 1);
  });

  it('send a test event to the one webhook tested, and say what the receiver answered', async () => {
    const all = await hook({ url: `${url}?all`, eventTypes: ['*'] });
    expect(all.status).toBe(200);
    rx.answer(418);
    const t = await s.admin<{ delivery: WebhookDelivery }>('POST', `${W}/webhooks/${orderHook.id}/test`, {});
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    expect(t.body.delivery).toMatchObject({
      eventType: 'vitrine.webhooks.v1.webhook_test',
      status: 'FAILED',
      lastAttempt: { statusCode: 418, error: 'The receiver answered 418' },
    });
    rx.answer(200);
    const ok = await s.admin<{ delivery: WebhookDelivery }>('POST', `${W}/webhooks/${orderHook.id}/test`, {});
    expect(ok.body.delivery.status).toBe('DELIVERED');
    const body = rx.got.at(-1)!.body;
    const { client } = sdkReceiver();
    const read = await client.webhooks.process(body, {
      expectedEvents: [{ type: 'vitrine.webhooks.v1.webhook_test' } as never],
    });
    expect(read.payload).toMatchObject({
      entityId: orderHook.id,
      actionEvent: { body: { webhookId: orderHook.id } },
    });
    // The webhook for every event never gets another webhook's test.
    const n = rx.got.length;
    for (let i = 0; i < 3; i++) tick();
    await new Promise((r) => setTimeout(r, 300));
    expect(
      rx.got.slice(n).filter((g) => String(g.headers['x-vitrine-event-type']).endsWith('webhook_test')),
    ).toEqual([]);
    expect((await s.admin('DELETE', `${W}/webhooks/${all.body.webhook.id}`)).status).toBe(200);
  });

  it('pause: waiting deliveries fail and nothing more is sent; resumed, new events are sent again', async () => {
    rx.answer(503);
    const first = await createOrder(s);
    await firstAttempt(first.id);
    const paused = await s.admin<{ webhook: Webhook }>('PATCH', `${W}/webhooks/${orderHook.id}`, {
      webhook: { status: 'PAUSED' },
    });
    expect(paused.body.webhook.status).toBe('PAUSED');
    const d = (await deliveries(orderHook.id)).deliveries.find((x) => x.entityId === first.id)!;
    expect(d).toMatchObject({ status: 'FAILED', lastAttempt: { error: 'The webhook was paused' } });
    rx.answer(200);
    // An attempt already under way when the pause came ends as it goes; then nothing more is sent.
    await new Promise((r) => setTimeout(r, 300));
    const n = rx.got.length;
    const whilePaused = await createOrder(s);
    for (let i = 0; i < 5; i++) tick(5000);
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.got.length).toBe(n);
    expect((await deliveries(orderHook.id)).deliveries.some((x) => x.entityId === whilePaused.id)).toBe(
      false,
    );

    const resumed = await s.admin<{ webhook: Webhook }>('PATCH', `${W}/webhooks/${orderHook.id}`, {
      webhook: { status: 'ACTIVE', eventTypes: ['wix.ecom.v1.order_*'] },
    });
    expect(resumed.body.webhook).toMatchObject({ status: 'ACTIVE', eventTypes: ['wix.ecom.v1.order_*'] });
    const after = await createOrder(s);
    await s.until(async () => {
      tick();
      return (await deliveries(orderHook.id)).deliveries.find(
        (x) => x.entityId === after.id && x.status === 'DELIVERED',
      );
    });
  });

  it.skipIf(testEngine() !== 'postgres')(
    'an event whose transaction commits after later ones is still delivered (PostgreSQL)',
    async () => {
      const conn = s.db.another();
      try {
        const late = '0190c0de-0000-7000-8000-0000000a1a7e';
        await conn.db.transaction().execute(async (trx) => {
          // A transaction that writes an event and stays open while another order is made and sent.
          await sql`insert into event (id, event_type, entity_fqdn, slug, entity_id, entity_event_sequence, body, identity, created_at)
            values (${late}::uuid, 'wix.ecom.v1.order_updated', 'wix.ecom.v1.order', 'updated', ${late},
              1, ${JSON.stringify({ actionEvent: { body: {} } })}::jsonb, '{"identityType":"UNKNOWN"}'::jsonb, ${s.clock.now()})`.execute(
            trx,
          );
          const meanwhile = await createOrder(s);
          // Held back behind the open transaction (a delay, never a loss).
          for (let i = 0; i < 3; i++) tick();
          await new Promise((r) => setTimeout(r, 300));
          const held = (await deliveries(orderHook.id)).deliveries.find((x) => x.entityId === meanwhile.id);
          expect(held).toBeUndefined();
        });
        await s.until(async () => {
          tick();
          const log = (await deliveries(orderHook.id)).deliveries;
          return log.some((x) => x.eventId === late && x.status === 'DELIVERED') && log.length;
        }, 30_000);
      } finally {
        await conn.close();
      }
    },
  );

  it('refuse what is not a webhook: private addresses, bad patterns, unknown fields; unknown ids are 404', async () => {
    const metadata = await hook({ url: 'http://169.254.169.254/latest/meta-data', eventTypes: ['*'] });
    expect(metadata.status).toBe(400);
    expect(appError(metadata.body)).toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
      data: { reason: 'ADDRESS_REFUSED' },
    });
    const lan = await hook({ url: 'http://10.1.2.3/hook', eventTypes: ['*'] });
    expect(appError(lan.body).code).toBe('WEBHOOK_URL_REFUSED');
    const nowhere = await hook({ url: 'http://no-such-host.invalid/hook', eventTypes: ['*'] });
    expect(appError(nowhere.body)).toMatchObject({
      code: 'WEBHOOK_URL_REFUSED',
      data: { reason: 'HOST_NOT_FOUND' },
    });
    const ftp = await hook({ url: 'ftp://example.com/x', eventTypes: ['*'] });
    expect(violations(ftp.body).map((v) => v.field)).toEqual(['webhook.url']);
    const pattern = await hook({ url, eventTypes: ['orders please'] });
    expect(violations(pattern.body).map((v) => v.field)).toEqual(['webhook.eventTypes.0']);
    const none = await hook({ url, eventTypes: [] });
    expect(none.status).toBe(400);
    const extra = await hook({ url, eventTypes: ['*'], secret: 'x' });
    expect(extra.status).toBe(400);
    const moved = await s.admin('PATCH', `${W}/webhooks/${orderHook.id}`, {
      webhook: { url: 'http://192.168.0.10/' },
    });
    expect(appError(moved.body).code).toBe('WEBHOOK_URL_REFUSED');

    for (const id of ['0190c0de-0000-7000-8000-00000000dead', 'not-a-uuid']) {
      expect(appError((await s.admin('GET', `${W}/webhooks/${id}`)).body).code).toBe('WEBHOOK_NOT_FOUND');
      expect((await s.admin('DELETE', `${W}/webhooks/${id}`)).status).toBe(404);
      expect((await s.admin('POST', `${W}/webhooks/${id}/test`, {})).status).toBe(404);
      expect(appError((await s.admin('POST', `${W}/deliveries/${id}/redeliver`, {})).body).code).toBe(
        'WEBHOOK_DELIVERY_NOT_FOUND',
      );
    }
    // A webhook id that is not a UUID names none: nothing matches.
    expect((await deliveries('not-a-uuid')).deliveries).toEqual([]);
  });

  it('page the delivery log newest first, and offer the entities and the event types kept', async () => {
    const all = await s.admin<{
      deliveries: WebhookDelivery[];
      pagingMetadata: { hasNext: boolean; cursors: { next: string } };
    }>('POST', `${W}/deliveries/query`, { webhookId: orderHook.id, cursorPaging: { limit: 2 } });
    expect(all.body.deliveries).toHaveLength(2);
    expect(all.body.pagingMetadata.hasNext).toBe(true);
    const next = await s.admin<{ deliveries: WebhookDelivery[] }>('POST', `${W}/deliveries/query`, {
      webhookId: orderHook.id,
      cursorPaging: { limit: 2, cursor: all.body.pagingMetadata.cursors.next },
    });
    expect(next.body.deliveries[0]!.id < all.body.deliveries[1]!.id).toBe(true);
    const types = await s.admin<{
      entities: { entityFqdn: string; label: string }[];
      recentEventTypes: string[];
    }>('GET', `${W}/event-types`);
    expect(types.body.entities).toContainEqual({ entityFqdn: 'wix.ecom.v1.order', label: 'Order' });
    expect(types.body.recentEventTypes).toContain('wix.ecom.v1.order_created');
    expect(types.body.recentEventTypes.some((t) => t.includes('webhook_test'))).toBe(false);
  });

  it('rotate the signing key: from then on, both processes sign with the new key only', async () => {
    const old = key;
    const rotated = await other.admin<WebhookSigningKeyResponse>('POST', `${W}/signing-key/rotate`, {});
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect(rotated.body.publicKey).not.toBe(old.publicKey);
    expect(rotated.body).toMatchObject({ appId: old.appId, instanceId: old.instanceId });
    expect(Date.parse(rotated.body.createdDate)).toBeGreaterThan(Date.parse(old.createdDate));
    // The process that did not rotate gives the new key too, and signs with it at once.
    expect((await s.admin('GET', `${W}/signing-key`)).body).toEqual(rotated.body);
    const made = await hook({ url: `${url}?rotated`, eventTypes: ['wix.ecom.v1.order_created'] });
    rx.answer(200);
    for (const server of [s, other]) {
      const t = await server.admin<{ delivery: WebhookDelivery }>(
        'POST',
        `${W}/webhooks/${made.body.webhook.id}/test`,
        {},
      );
      expect(t.body.delivery.status, JSON.stringify(t.body)).toBe('DELIVERED');
      const body = rx.got.at(-1)!.body;
      const expectedEvents = [{ type: 'vitrine.webhooks.v1.webhook_test' } as never];
      await expect(
        sdkReceiver(rotated.body).client.webhooks.process(body, { expectedEvents }),
      ).resolves.toBeTruthy();
      await expect(sdkReceiver(old).client.webhooks.process(body, { expectedEvents })).rejects.toThrow();
    }
    // And the events fanned out after the rotation.
    const n = rx.got.length;
    const order = await createOrder(other);
    const created = await s.until(async () => {
      tick();
      return rx.got.slice(n).find((g) => g.headers['x-vitrine-event-type'] === 'wix.ecom.v1.order_created');
    });
    const { client, created: read } = sdkReceiver(rotated.body);
    await client.webhooks.process(created.body);
    expect(read.map((x) => x.orderId)).toEqual([order.id]);
    key = rotated.body;
  });
});

describe('permission matrix', () => {
  it('walks every route: the store owners (and API keys) only', async () => {
    const routes = s.app.router.routes.filter((r) => r.url.startsWith(W));
    const table: Record<string, Expected> = Object.fromEntries(
      routes.map((r) => [`${r.method} ${r.url}`, ['admin']]),
    );
    expect(routes).toHaveLength(11);
    expectTabledRoles(routes, table, (r) => `${r.method} ${r.url}`);
    const seen = await walkRoles(s, routes, table, (r) => `${r.method} ${r.url}`, await shopCallers(s));
    expect(seen).toHaveLength(44);
    expect(routes.every((r) => r.owner)).toBe(true);
  });
});
