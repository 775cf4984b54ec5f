/**
 * The buy flow the benches drive: one shopper's purchase, step by step, and many shoppers buying
 * for a while against one or more servers.
 */
import { api as call, BENCH_ADMIN_KEY as adminKey, BENCH_COUPON, visitorToken } from './lib.ts';

export const NY = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};
export const CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2035,
  cvc: '123',
  holderName: 'Bench Shopper',
};

/**
 * The flow's eight steps, one call each, as issue 18 counts them ("8 steps incl. token, pay,
 * capture"): choosing shipping is two calls, the address (which answers the carriers' options) and
 * then the option. Until 2026-11-29's second morning the benches timed those two as one step, `shipping`.
 */
export type Step =
  | 'token'
  | 'add-to-cart'
  | 'create-checkout'
  | 'shipping-address'
  | 'shipping-option'
  | 'create-order'
  | 'pay'
  | 'capture';
export const STEPS: Step[] = [
  'token',
  'add-to-cart',
  'create-checkout',
  'shipping-address',
  'shipping-option',
  'create-order',
  'pay',
  'capture',
];

export type Wrap = <T>(name: Step, fn: () => Promise<T>) => Promise<T>;

/** One shopper's purchase; returns each step's duration in ms. `around` wraps each step (counting). */
export async function buy(base: string, ref: unknown, around?: Wrap): Promise<Record<Step, number>> {
  const t: Partial<Record<Step, number>> = {};
  const step = async <T>(name: Step, fn: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const r = around ? await around(name, fn) : await fn();
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
  const c = await step('shipping-address', () =>
    call<{
      checkout: { shippingInfo: { carrierServiceOptions: { shippingOptions: { code: string }[] }[] } };
    }>(base, `/ecom/v1/checkouts/${checkoutId}`, {
      method: 'PATCH',
      auth: token,
      body: {
        checkout: {
          shippingInfo: { shippingDestination: { address: NY, contactDetails: { firstName: 'Bench' } } },
        },
        ...(BENCH_COUPON ? { couponCode: BENCH_COUPON } : {}),
      },
    }),
  );
  const code = c.checkout.shippingInfo.carrierServiceOptions[0]!.shippingOptions[0]!.code;
  await step('shipping-option', () =>
    call(base, `/ecom/v1/checkouts/${checkoutId}`, {
      method: 'PATCH',
      auth: token,
      body: { checkout: { shippingInfo: { selectedCarrierServiceOption: { code } } } },
    }),
  );
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

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10 : NaN;
};

export interface FlowRun {
  completed: number;
  failed: number;
  seconds: number;
  times: Record<Step, number[]>;
  /** Each completed purchase's duration, all its steps (ms). */
  purchases: number[];
}

/**
 * Has the shoppers buy for BENCH_WARMUP seconds (default 20; 0: not at all), unmeasured, before a
 * bench measures: V8 goes on compiling the hot paths for thousands of requests, and a store is
 * measured as it runs, not in its first minute (bench/README.md, the log of 2026-11-28's late night).
 */
export async function warmUp(bases: readonly string[], ref: unknown, shoppers: number): Promise<void> {
  const seconds = Number(process.env.BENCH_WARMUP ?? 20);
  if (seconds > 0) await runShoppers(bases, ref, shoppers, seconds);
}

/**
 * `shoppers` concurrent shoppers buying for `duration` s, shopper i on server i mod n; `ref` is the
 * item all buy, or a list of them (shopper i buys item i mod its length).
 */
export async function runShoppers(
  bases: readonly string[],
  ref: unknown,
  shoppers: number,
  duration: number,
): Promise<FlowRun> {
  const times: Record<Step, number[]> = Object.fromEntries(STEPS.map((s) => [s, []])) as never;
  const purchases: number[] = [];
  let completed = 0;
  let failed = 0;
  const end = Date.now() + duration * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: shoppers }, async (_, i) => {
      const base = bases[i % bases.length]!;
      const item = Array.isArray(ref) ? ref[i % ref.length] : ref;
      while (Date.now() < end) {
        try {
          const t = await buy(base, item);
          let all = 0;
          for (const s of STEPS) {
            times[s].push(t[s]);
            all += t[s];
          }
          purchases.push(all);
          completed++;
        } catch (e) {
          failed++;
          if (failed <= 3) console.error(String(e));
        }
      }
    }),
  );
  return { completed, failed, seconds: (performance.now() - started) / 1000, times, purchases };
}
