/**
 * Restocking notifies by itself, whatever restocks the item: a v3 inventory update, a v3 or v1
 * increment, a canceled order giving its stock back. Each waiting request of the item is e-mailed
 * once (a real SMTP server receives it) and ends NOTIFICATION_SENT; requests of other variants keep
 * waiting; batches of 50, paced; requests expire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askToBeNotified,
  BIS,
  received,
  requestOf,
  smtpSink,
  soldOutProduct,
  untilStatus,
  type SmtpSink,
} from '../../test/back-in-stock.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../test/server.ts';
import { newId } from '../../platform/ids.ts';
import { BATCH, STALE_MS } from './notify.ts';
import { claimBatch } from './store.ts';
import { placeShopOrder, shopProduct, visitorOf } from '../../test/shop.ts';

let s: TestServer;
let sink: SmtpSink;
let visitor = '';
beforeAll(async () => {
  sink = await smtpSink();
  s = await startTestServer({ env: { SMTP_URL: sink.url } });
  visitor = await visitorOf(s);
});
afterAll(async () => {
  await s?.stop();
  await sink?.close();
});

const ask = async (o: Parameters<typeof askToBeNotified>[2], auth = visitor) => {
  const r = await askToBeNotified(s, auth, o);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.request.status).toBe('RECEIVED');
  return r.body.request.id;
};
const mailed = (email: string) => s.until(async () => received(sink, email)[0]);
const settle = async () => {
  for (let i = 0; i < 5; i++) {
    s.clock.advance(1000);
    await s.app.jobs.runDue();
  }
};

describe('a restock e-mails the waiting requests, by every path', () => {
  it('v3 inventory update: the variant and product-level requests, once; another variant keeps waiting', async () => {
    const p = await soldOutProduct(s, { name: 'Linen Shirt', price: '39.90', sizes: ['S', 'M'] });
    const [small, medium] = p.variantIds as [string, string];
    const forSmall = await ask({
      productId: p.productId,
      variantId: small,
      email: 'Small@Example.test',
      itemDetails: {
        name: 'Linen Shirt (S)',
        price: '39.90',
        image: { url: 'https://cdn.example.test/s.jpg' },
      },
    });
    const anySize = await ask({ productId: p.productId, email: 'any@example.test' });
    const forMedium = await ask({ productId: p.productId, variantId: medium, email: 'medium@example.test' });

    const r = await s.admin('PATCH', `/stores/v3/inventory-items/${p.inventoryItemIds[0]}`, {
      inventoryItem: { quantity: 5 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await untilStatus(s, [forSmall, anySize], 'NOTIFICATION_SENT');

    const mail = await mailed('small@example.test');
    expect(mail).toContain('Subject: Back in stock: Linen Shirt (S)');
    expect(mail).toContain('$39.90');
    expect(mail).toContain(`${s.url}/product-page/${p.slug}`);
    expect(mail).toContain('https://cdn.example.test/s.jpg');
    const unsubscribe = /(http:\/\/\S+\/back-in-stock-service\/v1\/unsubscribe\?token=[\w.%-]+)/.exec(
      mail,
    )?.[1];
    expect(unsubscribe).toBeDefined();
    // Without item details the catalog's name and price are used.
    const any = await mailed('any@example.test');
    expect(any).toContain('Subject: Back in stock: Linen Shirt');
    expect(any).toContain('$39.90');
    expect(await requestOf(s, forSmall)).toMatchObject({ status: 'NOTIFICATION_SENT', autoNotified: true });

    // Another update while in stock mails nobody twice; M still waits.
    await s.admin('PATCH', `/stores/v3/inventory-items/${p.inventoryItemIds[0]}`, {
      inventoryItem: { quantity: 6 },
    });
    await settle();
    await new Promise((ok) => setTimeout(ok, 200));
    expect(received(sink, 'small@example.test')).toHaveLength(1);
    expect(received(sink, 'any@example.test')).toHaveLength(1);
    expect((await requestOf(s, forMedium))?.status).toBe('RECEIVED');
    expect(received(sink, 'medium@example.test')).toHaveLength(0);

    // The unsubscribe link's page does nothing by itself; its POST deletes the request.
    const page = await fetch(unsubscribe!.replace(/&amp;/g, '&'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Unsubscribe');
    expect(await requestOf(s, forSmall)).toBeDefined();
    const token = new URL(unsubscribe!).searchParams.get('token')!;
    const del = await s.request('POST', '/back-in-stock-service/v1/unsubscribe', { body: { token } });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(await requestOf(s, forSmall)).toBeUndefined();
    const again = await s.request('POST', '/back-in-stock-service/v1/unsubscribe', { body: { token } });
    expect(again.status).toBe(200);
    const forged = await s.request('POST', '/back-in-stock-service/v1/unsubscribe', {
      body: { token: `${token.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(400);
  });

  it('v3 bulk increment', async () => {
    const p = await soldOutProduct(s, { name: 'Clay Mug', price: '14' });
    const id = await ask({ productId: p.productId, variantId: p.variantIds[0], email: 'mug@example.test' });
    const r = await s.admin('POST', '/stores/v3/bulk/inventory-items/increment', {
      incrementData: [{ inventoryItemId: p.inventoryItemIds[0], incrementBy: 2 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await untilStatus(s, [id], 'NOTIFICATION_SENT');
    expect(await mailed('mug@example.test')).toContain('Clay Mug');
  });

  it('v1 increment', async () => {
    const p = await soldOutProduct(s, { name: 'Wool Hat', price: '22' });
    const id = await ask({ productId: p.productId, email: 'hat@example.test' });
    const r = await s.admin('POST', '/stores/v1/inventoryItems/increment', {
      incrementData: [{ productId: p.productId, variantId: p.variantIds[0], incrementBy: 1 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await untilStatus(s, [id], 'NOTIFICATION_SENT');
    expect(await mailed('hat@example.test')).toContain('Wool Hat');
  });

  it('a canceled order giving its stock back', async () => {
    const product = await shopProduct(s, { name: 'Last Lamp', price: '80' });
    const items = await s.admin<{ inventoryItems: { id: string }[] }>(
      'POST',
      '/stores/v3/inventory-items/query',
      {
        query: { filter: { variantId: product.variantId } },
      },
    );
    await s.admin('PATCH', `/stores/v3/inventory-items/${items.body.inventoryItems[0]!.id}`, {
      inventoryItem: { quantity: 1 },
    });
    const buyer = await visitorOf(s);
    const { orderId } = await placeShopOrder(s, { auth: buyer, product, email: 'buyer@example.test' });
    const id = await ask({ ...product, email: 'lamp@example.test' });
    await settle();
    expect((await requestOf(s, id))?.status).toBe('RECEIVED');

    const c = await s.admin('POST', `/ecom/v1/orders/${orderId}/cancel`, { restockAllItems: true });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    await untilStatus(s, [id], 'NOTIFICATION_SENT');
    expect(await mailed('lamp@example.test')).toContain('Last Lamp');
  });
});

describe('a request made while its item is in stock', () => {
  it('is e-mailed at once (restocked between the page and "Notify me"); a sold-out variant keeps waiting', async () => {
    const p = await soldOutProduct(s, { name: 'Wool Socks', price: '9.00', sizes: ['S', 'M'] });
    const [small, medium] = p.variantIds as [string, string];
    // The restock comes first: nobody waits yet, so nothing is started.
    const r = await s.admin('PATCH', `/stores/v3/inventory-items/${p.inventoryItemIds[0]}`, {
      inventoryItem: { quantity: 4 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await settle();
    const late = await ask({ productId: p.productId, variantId: small, email: 'already@example.test' });
    const medium1 = await ask({ productId: p.productId, variantId: medium, email: 'medium1@example.test' });
    await untilStatus(s, [late], 'NOTIFICATION_SENT');
    expect(await mailed('already@example.test')).toContain('Subject: Back in stock: Wool Socks');
    await settle();
    expect(await requestOf(s, medium1)).toMatchObject({ status: 'RECEIVED' });

    // A product with one variant, asked for as a whole while it is in stock.
    const mug = await soldOutProduct(s, { name: 'Enamel Mug', price: '12.00' });
    await s.admin('PATCH', `/stores/v3/inventory-items/${mug.inventoryItemIds[0]}`, {
      inventoryItem: { quantity: 1 },
    });
    await settle();
    const whole = await ask({ productId: mug.productId, email: 'whole@example.test' });
    await untilStatus(s, [whole], 'NOTIFICATION_SENT');
  });
});

describe('batches', () => {
  it('e-mails 120 waiting requests in batches of 50, each once', async () => {
    const p = await soldOutProduct(s, { name: 'Popular Scarf', price: '25' });
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) {
      const r = await askToBeNotified(s, ADMIN_KEY, {
        productId: p.productId,
        email: `fan${i}@example.test`,
      });
      expect(r.status).toBe(200);
      ids.push(r.body.request.id);
    }
    const count = await s.admin<{ countsPerCatalogReference: { count: number }[] }>(
      'GET',
      `${BIS}/count-by-catalog-reference?.r=${Buffer.from(
        JSON.stringify({
          catalogReferences: [{ catalogItemId: p.productId, appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e' }],
        }),
      ).toString('base64url')}`,
    );
    expect(count.body.countsPerCatalogReference[0]!.count).toBe(120);

    await s.admin('PATCH', `/stores/v3/inventory-items/${p.inventoryItemIds[0]}`, {
      inventoryItem: { quantity: 3 },
    });
    // Without time moving on, the chain stops after its first batch (the next one is due a second later).
    await s.until(async () => sink.received.filter((m) => m.to[0]?.startsWith('fan')).length >= 50);
    await new Promise((ok) => setTimeout(ok, 300));
    expect(sink.received.filter((m) => m.to[0]?.startsWith('fan'))).toHaveLength(50);

    await untilStatus(s, ids, 'NOTIFICATION_SENT');
    await s.until(async () => sink.received.filter((m) => m.to[0]?.startsWith('fan')).length >= 120);
    await settle();
    const to = sink.received.filter((m) => m.to[0]?.startsWith('fan')).map((m) => m.to[0]);
    expect(to).toHaveLength(120);
    expect(new Set(to).size).toBe(120);
  });

  it('a sold-out-again item stops the chain: the rest keep waiting', async () => {
    const p = await soldOutProduct(s, { name: 'Flash Sale Tee', price: '9' });
    const id = await ask({ productId: p.productId, email: 'late@example.test' });
    // In stock and out again before the chain runs.
    await s.app.jobs.stop();
    await s.admin('PATCH', `/stores/v3/inventory-items/${p.inventoryItemIds[0]}`, {
      inventoryItem: { quantity: 1 },
    });
    await s.admin('PATCH', `/stores/v3/inventory-items/${p.inventoryItemIds[0]}`, {
      inventoryItem: { quantity: 0 },
    });
    s.app.jobs.start();
    await settle();
    await new Promise((ok) => setTimeout(ok, 200));
    expect((await requestOf(s, id))?.status).toBe('RECEIVED');
    expect(received(sink, 'late@example.test')).toHaveLength(0);
  });
});

describe('a notifier run that died', () => {
  /** Claims requests as a run would, then "crashes": they stay PROCESSING under a claim nobody finishes. */
  const deadClaim = async (ids: string[]) => {
    const now = s.clock.now();
    const rows = await claimBatch(s.app.systemCtx().db, {
      scope: { kind: 'ids', ids },
      claimId: newId(),
      now,
      staleBefore: now,
      limit: BATCH,
    });
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
  };

  it('leaves claims that the next run takes again once stale, e-mailing each once', async () => {
    const p = await soldOutProduct(s, { name: 'Crash Kettle', price: '45' });
    const stuck = await ask({ productId: p.productId, email: 'stuck@example.test' });
    const waiting = await ask({ productId: p.productId, email: 'waiting@example.test' });
    await deadClaim([stuck]);
    expect((await requestOf(s, stuck))?.status).toBe('PROCESSING');

    // The restock's chain e-mails the waiting request, not the fresh claim; it comes back when that goes stale.
    await s.admin('PATCH', `/stores/v3/inventory-items/${p.inventoryItemIds[0]}`, {
      inventoryItem: { quantity: 4 },
    });
    await s.until(async () => (await requestOf(s, waiting))?.status === 'NOTIFICATION_SENT');
    expect((await requestOf(s, stuck))?.status).toBe('PROCESSING');
    expect(received(sink, 'stuck@example.test')).toHaveLength(0);
    s.clock.advance(STALE_MS + 2000);
    await untilStatus(s, [stuck], 'NOTIFICATION_SENT');
    expect(await mailed('stuck@example.test')).toContain('Crash Kettle');
    await settle();
    expect(received(sink, 'stuck@example.test')).toHaveLength(1);
    expect(received(sink, 'waiting@example.test')).toHaveLength(1);
  });

  it('a restock takes stale claims even when nothing else waits', async () => {
    const p = await soldOutProduct(s, { name: 'Crash Toaster', price: '30' });
    const stuck = await ask({ productId: p.productId, email: 'toaster@example.test' });
    await deadClaim([stuck]);
    s.clock.advance(STALE_MS + 1000);
    await s.admin('PATCH', `/stores/v3/inventory-items/${p.inventoryItemIds[0]}`, {
      inventoryItem: { quantity: 2 },
    });
    await untilStatus(s, [stuck], 'NOTIFICATION_SENT');
    expect(await mailed('toaster@example.test')).toContain('Crash Toaster');
  });
});

describe('expiry', () => {
  it('deletes a request still waiting after BACK_IN_STOCK_EXPIRY_DAYS (180), not a notified one', async () => {
    const p = await soldOutProduct(s, { name: 'Rare Vase', price: '120' });
    const waiting = await ask({ productId: p.productId, email: 'patient@example.test' });
    const other = await soldOutProduct(s, { name: 'Rare Bowl', price: '60' });
    const sent = await ask({ productId: other.productId, email: 'bowl@example.test' });
    const m = await s.admin('PUT', `${BIS}/${sent}/mark-as-notification-sent`, { id: sent });
    expect(m.status).toBe(200);
    s.clock.advance(179 * 86_400_000);
    await s.app.jobs.runDue();
    expect(await requestOf(s, waiting)).toBeDefined();
    s.clock.advance(2 * 86_400_000);
    await s.until(async () => (await requestOf(s, waiting)) === undefined);
    expect((await requestOf(s, sent))?.status).toBe('NOTIFICATION_SENT');
  });
});
