/**
 * `npm run bench:scale-out`: the buy flow (bench/buy.ts) against 1, 2 and 4 server processes on one
 * PostgreSQL (BENCH_DATABASE_URL, required), shoppers spread evenly over the processes. For each: orders/s,
 * p99 of the slowest step, and where the machine's time went (CPU of the servers, PostgreSQL and the load
 * generator per order). Then the races stay exact across 4 processes: shoppers on every process buy an
 * item with 40 in stock, half of them with a coupon limited to 25 uses: nothing oversold, the coupon
 * counted once per paid order that used it and never past its limit. Then the payments race: each sold
 * order's authorization is captured and voided from every process at once (exactly one call wins),
 * and each captured one refunded 60% from every process at once (exactly one refund, never more than
 * was captured).
 * BENCH_DURATION (s per size, default 10), BENCH_SHOPPERS (default 8), BENCH_PROCESSES (default "1,2,4"),
 * BENCH_WARMUP (s, default 20; `warmUp` in buy.ts: the shoppers first buy from all the processes).
 */
import { CARD, pct, runShoppers, STEPS, warmUp } from './buy.ts';
import {
  api,
  BENCH_ADMIN_KEY as adminKey,
  postgresCpuMs,
  startVitrine,
  STORES_APP_ID,
  untrackedItem,
  visitorToken,
  type Proc,
} from './lib.ts';

const pgUrl = process.env.BENCH_DATABASE_URL;
if (!pgUrl) {
  console.error('bench:scale-out needs BENCH_DATABASE_URL (several processes share one PostgreSQL)');
  process.exit(1);
}
const duration = Number(process.env.BENCH_DURATION ?? 10);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 8);
const sizes = (process.env.BENCH_PROCESSES ?? '1,2,4').split(',').map(Number);

// The first process migrates and seeds; the others start on the ready database.
const procs: Proc[] = [await startVitrine(pgUrl)];
const max = Math.max(...sizes);
while (procs.length < max) procs.push(await startVitrine(pgUrl));
const urls = procs.map((p) => `http://127.0.0.1:${p.port}`);
const ref = await untrackedItem(urls[0]!, { physical: true });
await warmUp(urls, ref, shoppers);

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(`\nBuy flow, ${shoppers} shoppers, ${duration}s per size, on one PostgreSQL\n`);
console.log(
  `${pad('processes', 11)}${pad('orders/s', 10)}${pad('failed', 8)}${pad('worst p99 ms', 14)}CPU ms per order: servers / PostgreSQL / load generator (machine busy %)`,
);
for (const n of sizes) {
  const used = procs.slice(0, n);
  const before = {
    s: used.reduce((t, p) => t + p.cpuMs(), 0),
    pg: postgresCpuMs(),
    self: process.cpuUsage(),
  };
  const run = await runShoppers(urls.slice(0, n), ref, shoppers, duration);
  const self = process.cpuUsage(before.self);
  const servers = used.reduce((t, p) => t + p.cpuMs(), 0) - before.s;
  const pg = postgresCpuMs() - before.pg;
  const load = (self.user + self.system) / 1000;
  const per = (ms: number) => (ms / Math.max(1, run.completed)).toFixed(1);
  const worst = Math.max(...STEPS.map((s) => pct(run.times[s], 99)));
  const busy = Math.round(((servers + pg + load) / 1000 / run.seconds / 2) * 100);
  console.log(
    `${pad(n, 11)}${pad((run.completed / run.seconds).toFixed(1), 10)}${pad(run.failed, 8)}${pad(worst, 14)}${per(servers)} / ${per(pg)} / ${per(load)} (${busy}% of 2 cores)`,
  );
}

// The races across every process: stock and a coupon's usage limit.
const STOCK = 40;
const LIMIT = 25;
const product = await api<{ product: { id: string; variantsInfo: { variants: { id: string }[] } } }>(
  urls[0]!,
  '/stores/v3/products',
  {
    auth: adminKey,
    body: {
      product: {
        name: `Scale-out race ${Date.now()}`,
        productType: 'DIGITAL',
        variantsInfo: {
          variants: [{ price: { actualPrice: { amount: '10' } }, inventoryItem: { quantity: STOCK } }],
        },
      },
    },
  },
);
const variantId = product.product.variantsInfo.variants[0]!.id;
const code = `RACE${Date.now()}`;
await api(urls[0]!, '/stores/v2/coupons', {
  auth: adminKey,
  body: {
    specification: {
      name: 'Scale-out race',
      code,
      startTime: new Date(0).toISOString(),
      usageLimit: LIMIT,
      percentOffRate: 10,
    },
  },
});
const raceRef = { catalogItemId: product.product.id, appId: STORES_APP_ID, options: { variantId } };
let sold = 0;
let withCoupon = 0;
let refused = 0;
const paidOrders: { orderId: string; paymentId: string }[] = [];
await Promise.all(
  Array.from({ length: 80 }, async (_, i) => {
    const base = urls[i % urls.length]!;
    const auth = await visitorToken(base);
    const useCoupon = i % 2 === 0;
    try {
      const { checkout } = await api<{ checkout: { id: string } }>(base, '/ecom/v1/checkouts', {
        auth,
        body: {
          channelType: 'WEB',
          lineItems: [{ catalogReference: raceRef, quantity: 1 }],
          checkoutInfo: { buyerInfo: { email: `race${i}@example.test` } },
          ...(useCoupon ? { couponCode: code } : {}),
        },
      });
      const order = await api<{ orderId: string; paymentGatewayOrderId: string }>(
        base,
        `/ecom/v1/checkouts/${checkout.id}/create-order`,
        { auth, body: { delayCapture: true } },
      );
      const paid = await api<{ paymentId: string }>(base, '/payments/v1/test-gateway/pay', {
        auth,
        body: { paymentGatewayOrderId: order.paymentGatewayOrderId, card: CARD },
      });
      paidOrders.push({ orderId: order.orderId, paymentId: paid.paymentId });
      sold++;
      if (useCoupon) withCoupon++;
    } catch {
      refused++;
    }
  }),
);
const stock = await api<{ inventoryItems: { quantity: number }[] }>(
  urls[0]!,
  '/stores/v3/inventory-items/query',
  {
    auth: adminKey,
    body: { query: { filter: { productId: product.product.id } } },
  },
);
const coupon = await api<{ coupons: { numberOfUsages: number }[] }>(urls[0]!, '/stores/v2/coupons/query', {
  auth: adminKey,
  body: { query: { filter: { 'specification.code': code } } },
});
const left = stock.inventoryItems[0]?.quantity;
const uses = coupon.coupons[0]?.numberOfUsages;
console.log(
  `\nRaces across ${urls.length} processes: 80 shoppers for ${STOCK} in stock, half with a coupon limited to ${LIMIT} uses`,
);
console.log(
  `sold ${sold} (stock left ${left}), refused ${refused}; coupon used ${uses} times by ${withCoupon} paid orders`,
);
const exact =
  sold + (left ?? NaN) === STOCK && sold <= STOCK && uses === withCoupon && (uses ?? NaN) <= LIMIT;
console.log(exact ? 'exact: nothing oversold, no coupon over its limit' : 'NOT EXACT');

const payments = await paymentsRace(urls, paidOrders);
console.log(
  `\nPayments across ${urls.length} processes: each of ${paidOrders.length} authorizations captured and voided from every process at once`,
);
console.log(
  `settled by exactly one call: ${payments.settledOnce} (${payments.captured} captured, ${payments.voided} voided); ` +
    `refunded 60% from every process at once: ${payments.refundedOnce} of ${payments.captured} refunded exactly once, ` +
    `${payments.overRefunded} over what was captured`,
);
const paymentsExact =
  payments.settledOnce === paidOrders.length &&
  payments.refundedOnce === payments.captured &&
  payments.overRefunded === 0 &&
  [...payments.refusals.keys()].every((c) => c.startsWith('4'));
console.log(
  `the other calls refused with: ${[...payments.refusals].map(([c, n]) => `${c} ×${n}`).join(', ')}`,
);
console.log(paymentsExact ? 'exact: one capture or void each, one refund each' : 'NOT EXACT');
await Promise.all(procs.map((p) => p.stop()));
if (!exact || !paymentsExact) process.exit(1);

interface Transactions {
  orderTransactions: {
    payments: {
      amount: { amount: string };
      regularPaymentDetails: { status: string; authorizationDetails?: { captures: unknown[] } };
    }[];
    refunds: { transactions: { amount: { amount: string } }[] }[];
  };
}

/** Races every process's capture, void and refund calls on each paid order, and counts what stuck. */
async function paymentsRace(bases: string[], orders: { orderId: string; paymentId: string }[]) {
  const refusals = new Map<string, number>();
  const ok = (p: Promise<unknown>) =>
    p.then(
      () => 1,
      (e: Error) => {
        // `api` rejects with "<method> <path>: <status> <body>"; the refusal is its status and code.
        const m = /: (\d+) (.*)$/s.exec(e.message);
        const code = m
          ? `${m[1]} ${(JSON.parse(m[2]!) as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code}`
          : e.message;
        refusals.set(code, (refusals.get(code) ?? 0) + 1);
        return 0;
      },
    );
  const collector = (base: string, orderId: string, path: string, body: object) =>
    api(base, `/ecom/v1/payments-collector/orders/${orderId}/${path}`, {
      auth: adminKey,
      body: { ecomOrderId: orderId, ...body },
    });
  const r = { settledOnce: 0, captured: 0, voided: 0, refundedOnce: 0, overRefunded: 0, refusals };
  await Promise.all(
    orders.map(async ({ orderId, paymentId }) => {
      const settled = await Promise.all(
        bases.flatMap((b) => [
          ok(collector(b, orderId, 'capture-authorized-payments', { payments: [{ paymentId }] })),
          ok(collector(b, orderId, 'void-authorized-payments', { paymentIds: [paymentId] })),
        ]),
      );
      const read = () =>
        api<Transactions>(bases[0]!, `/ecom/v1/payments-collector/orders/${orderId}/transactions`, {
          auth: adminKey,
        });
      const p = (await read()).orderTransactions.payments[0]!;
      const captures = p.regularPaymentDetails.authorizationDetails?.captures.length ?? 0;
      const voided = p.regularPaymentDetails.status === 'VOIDED';
      if (settled.reduce((a, b) => a + b, 0) === 1 && captures + (voided ? 1 : 0) === 1) r.settledOnce++;
      if (voided || !captures) {
        r.voided += voided ? 1 : 0;
        return;
      }
      r.captured++;
      const part = ((Number(p.amount.amount) * 60) / 100).toFixed(2);
      const refunds = await Promise.all(
        bases.map((b) =>
          ok(
            collector(b, orderId, 'trigger-refund', {
              payments: [{ paymentId, amount: { amount: part } }],
              details: { reason: 'scale-out race' },
            }),
          ),
        ),
      );
      const t = (await read()).orderTransactions;
      const back = t.refunds.reduce((s, x) => s + Number(x.transactions[0]!.amount.amount), 0);
      if (refunds.reduce((a, b) => a + b, 0) === 1 && t.refunds.length === 1) r.refundedOnce++;
      if (back > Number(p.amount.amount)) r.overRefunded++;
    }),
  );
  return r;
}
