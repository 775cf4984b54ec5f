import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askToBeNotified,
  BIS,
  refOf,
  smtpSink,
  soldOutProduct,
  type SmtpSink,
} from '../../test/back-in-stock.ts';
import { testEngine } from '../../test/database.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../../test/server.ts';

/** Real parallel connections only exist on PostgreSQL (PGlite is one session and serialises everything). */
const onPostgres = testEngine() === 'postgres';

let s: TestServer;
let other: TestServer;
let sink: SmtpSink;
beforeAll(async () => {
  if (!onPostgres) return;
  sink = await smtpSink();
  s = await startTestServer({ env: { SMTP_URL: sink.url } });
  // A second server process on the same database, running jobs too, as behind a load balancer.
  other = await startTestServer({ database: s.db.another(), clock: s.clock, env: { SMTP_URL: sink.url } });
});
afterAll(async () => {
  await other?.stop();
  await s?.stop();
  await sink?.close();
});

describe.skipIf(!onPostgres)('concurrency (PostgreSQL, two processes)', () => {
  it('twenty simultaneous identical creates make one open request', async () => {
    const p = await soldOutProduct(s, { name: 'Wanted Boots' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        askToBeNotified(i % 2 ? other : s, ADMIN_KEY, {
          productId: p.productId,
          email: i % 2 ? 'boots@example.test' : 'BOOTS@example.test',
        }),
      ),
    );
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(new Set(answers.map((a) => a.body.request.id)).size).toBe(1);
    const q = await s.admin<{ requests: unknown[] }>('POST', `${BIS}/query`, {
      query: { filter: { email: 'boots@example.test' } },
    });
    expect(q.body.requests).toHaveLength(1);
  });

  it('restocks on both processes at once e-mail each waiting request exactly once', async () => {
    const p = await soldOutProduct(s, { name: 'Hyped Sneaker', price: '99', sizes: ['40', '41'] });
    const [a, b] = p.variantIds as [string, string];
    const emails: string[] = [];
    for (let i = 0; i < 300; i++) {
      const variantId = i < 140 ? a : i < 280 ? b : undefined;
      const email = `sneaker${i}@example.test`;
      const r = await askToBeNotified(i % 2 ? other : s, ADMIN_KEY, {
        productId: p.productId,
        email,
        ...(variantId ? { variantId } : {}),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      emails.push(email);
    }
    // Time runs fast meanwhile: every chain's next batch is due at once (their runs overlap), and
    // claims of runs still working soon look stale and are taken again: the claim guard must hold.
    const ticker = setInterval(() => s.clock.advance(1000), 5);
    try {
      // Both sizes restocked through both processes at once, and the merchant reporting the product on each.
      const answers = await Promise.all([
        s.admin('PATCH', `/stores/v3/inventory-items/${p.inventoryItemIds[0]}`, {
          inventoryItem: { quantity: 5 },
        }),
        other.admin('POST', '/stores/v3/bulk/inventory-items/increment', {
          incrementData: [{ inventoryItemId: p.inventoryItemIds[1], incrementBy: 3 }],
        }),
        other.admin('POST', '/stores/v3/bulk/inventory-items/increment', {
          incrementData: [{ inventoryItemId: p.inventoryItemIds[0], incrementBy: 1 }],
        }),
        s.admin('POST', '/stores/v1/inventoryItems/increment', {
          incrementData: [{ productId: p.productId, variantId: b, incrementBy: 1 }],
        }),
        ...[s, other, s, other].map((server) =>
          server.admin('POST', `${BIS}/report-items-back-in-stock`, {
            itemDetails: { name: 'Hyped Sneaker', price: '99.00' },
            catalogReference: refOf(p.productId),
          }),
        ),
      ]);
      for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
      // Every request sent (none left in another status).
      await s.until(async () => {
        const q = await s.admin<{ requests: unknown[] }>('POST', `${BIS}/query`, {
          query: {
            filter: { 'catalogReference.catalogItemId': p.productId, status: { $ne: 'NOTIFICATION_SENT' } },
            cursorPaging: { limit: 1 },
          },
        });
        return q.body.requests.length === 0;
      }, 60_000);
      await s.until(async () => sneakers().length >= 300, 60_000);
      // Let every chain and mail job finish, then count.
      await new Promise((ok) => setTimeout(ok, 1000));
    } finally {
      clearInterval(ticker);
    }
    const to = sneakers().map((m) => m.to[0]);
    expect(to).toHaveLength(300);
    expect(new Set(to)).toEqual(new Set(emails));
  });
});

const sneakers = () => sink.received.filter((m) => m.to[0]?.startsWith('sneaker'));
