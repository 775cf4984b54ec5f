/**
 * `npm run bench:buy`: the whole buy flow by concurrent shoppers — visitor token → add-to-cart →
 * create-checkout → shipping (address and option) → create-order (authorize only) → pay with the
 * test card → capture — reported as completed orders per second and p50/p99 of each step, next
 * to the bare-Node baseline measured in the same run. Then the SQL statements of one create-order,
 * counted on the driver. BENCH_DATABASE_URL (PostgreSQL; needed for the statement count),
 * BENCH_DURATION (s, default 15), BENCH_SHOPPERS (concurrent shoppers, default 8).
 */
import {
  api as call,
  BENCH_ADMIN_KEY as adminKey,
  BENCH_CLIENT_ID,
  countingServer,
  load,
  startBaseline,
  startVitrine,
  untrackedItem,
  visitorToken,
} from './lib.ts';

const duration = Number(process.env.BENCH_DURATION ?? 15);
const shoppers = Number(process.env.BENCH_SHOPPERS ?? 8);
const pgUrl = process.env.BENCH_DATABASE_URL;
const NY = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};
const CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2035,
  cvc: '123',
  holderName: 'Bench Shopper',
};

type Step = 'token' | 'add-to-cart' | 'create-checkout' | 'shipping' | 'create-order' | 'pay' | 'capture';
const STEPS: Step[] = [
  'token',
  'add-to-cart',
  'create-checkout',
  'shipping',
  'create-order',
  'pay',
  'capture',
];

/** One shopper's purchase; returns each step's duration in ms. */
async function buy(base: string, ref: unknown): Promise<Record<Step, number>> {
  const t: Partial<Record<Step, number>> = {};
  const step = async <T>(name: Step, fn: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const r = await fn();
    t[name] = performance.now() - start;
    return r;
  };
  const token = await step('token', () => visitorToken(base));
  await step('add-to-cart', () =>
    call(base, '/ecom/v1/carts/current/add-to-cart', {
      auth: token,
      body: { lineItems: [{ catalogReference: ref, quantity: 1 }] },
    }),
  );
  const { checkoutId } = await step('create-checkout', () =>
    call<{ checkoutId: string }>(base, '/ecom/v1/carts/current/create-checkout', {
      auth: token,
      body: { channelType: 'WEB', email: 'shopper@example.test' },
    }),
  );
  await step('shipping', async () => {
    const c = await call<{
      checkout: { shippingInfo: { carrierServiceOptions: { shippingOptions: { code: string }[] }[] } };
    }>(base, `/ecom/v1/checkouts/${checkoutId}`, {
      method: 'PATCH',
      auth: token,
      body: {
        checkout: {
          shippingInfo: { shippingDestination: { address: NY, contactDetails: { firstName: 'Bench' } } },
        },
      },
    });
    const code = c.checkout.shippingInfo.carrierServiceOptions[0]!.shippingOptions[0]!.code;
    return call(base, `/ecom/v1/checkouts/${checkoutId}`, {
      method: 'PATCH',
      auth: token,
      body: { checkout: { shippingInfo: { selectedCarrierServiceOption: { code } } } },
    });
  });
  const order = await step('create-order', () =>
    call<{ orderId: string; paymentGatewayOrderId: string }>(
      base,
      `/ecom/v1/checkouts/${checkoutId}/create-order`,
      { auth: token, body: { delayCapture: true } },
    ),
  );
  const paid = await step('pay', () =>
    call<{ paymentId: string }>(base, '/payments/v1/test-gateway/pay', {
      auth: token,
      body: { paymentGatewayOrderId: order.paymentGatewayOrderId, card: CARD },
    }),
  );
  await step('capture', () =>
    call(base, `/ecom/v1/payments-collector/orders/${order.orderId}/capture-authorized-payments`, {
      auth: adminKey,
      body: { payments: [{ paymentId: paid.paymentId }] },
    }),
  );
  return t as Record<Step, number>;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10 : NaN;
};

const baseline = await startBaseline(pgUrl);
const vitrine = await startVitrine(pgUrl);
const base = `http://127.0.0.1:${vitrine.port}`;
const ref = await untrackedItem(base, { physical: true });
await buy(base, ref); // warm-up

const bare = await load('bare Node http JSON', `http://127.0.0.1:${baseline.port}/`, {
  duration: 5,
  connections: shoppers,
});
const times: Record<Step, number[]> = Object.fromEntries(STEPS.map((s) => [s, []])) as never;
let completed = 0;
let failed = 0;
const end = Date.now() + duration * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: shoppers }, async () => {
    while (Date.now() < end) {
      try {
        const t = await buy(base, ref);
        for (const s of STEPS) times[s].push(t[s]);
        completed++;
      } catch (e) {
        failed++;
        if (failed <= 3) console.error(String(e));
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
const rss = vitrine.peakRssMiB();
await vitrine.stop();
await baseline.stop();

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `\nBuy flow on ${pgUrl ? 'PostgreSQL' : 'embedded PGlite'}: ${shoppers} concurrent shoppers for ${duration}s`,
);
console.log(`bare Node http JSON baseline: ${bare.reqPerSec} req/s`);
console.log(
  `completed orders: ${completed} (${Math.round((completed / seconds) * 10) / 10} orders/s, ${Math.round(((completed * STEPS.length) / seconds / bare.reqPerSec) * 10000) / 10000} of the baseline's requests/s), failed: ${failed}`,
);
console.log(`${pad('step', 18)}${pad('p50 ms', 9)}p99 ms`);
for (const s of STEPS) console.log(`${pad(s, 18)}${pad(pct(times[s], 50), 9)}${pct(times[s], 99)}`);
console.log(`peak RSS of the server: ${rss} MiB`);

if (pgUrl) {
  const counter = await countingServer(pgUrl, { ADMIN_API_KEY: adminKey, OAUTH_CLIENT_ID: BENCH_CLIENT_ID });
  const prepare = async () => {
    const token = await visitorToken(counter.url);
    await call(counter.url, '/ecom/v1/carts/current/add-to-cart', {
      auth: token,
      body: { lineItems: [{ catalogReference: ref, quantity: 1 }] },
    });
    const { checkoutId } = await call<{ checkoutId: string }>(
      counter.url,
      '/ecom/v1/carts/current/create-checkout',
      { auth: token, body: { channelType: 'WEB', email: 'count@example.test', shippingAddress: NY } },
    );
    return () =>
      call(counter.url, `/ecom/v1/checkouts/${checkoutId}/create-order`, { auth: token, body: {} });
  };
  await (
    await prepare()
  )(); // warm-up: configuration cache, connections, prepared statements
  const statements = await counter.counted(await prepare());
  console.log(`\ncreate-order: ${statements.length} SQL statements (BEGIN and COMMIT included):`);
  for (const q of statements) console.log(`  ${q.trim().replace(/\s+/g, ' ').slice(0, 110)}`);
  await counter.stop();
}
