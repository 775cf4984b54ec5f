import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { findGiftCardByCode } from '../gift-cards/index.ts';
import { seedGiftCardsDemo } from '../gift-cards/index.ts';
import { seedShippingDemo } from '../shipping/index.ts';
import { loadShippingConfig } from '../shipping/index.ts';
import { seedTaxDemo } from '../tax/index.ts';
import { loadTaxConfig } from '../tax/index.ts';
import { seedDiscountsDemo } from './demo.ts';
import { findCouponByCode } from './service.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

it('seeds the pricing demo data the READMEs describe, as the loaders return it', async () => {
  const ctx = s.app.systemCtx();
  for (const seed of [seedShippingDemo, seedTaxDemo, seedDiscountsDemo, seedGiftCardsDemo]) await seed(ctx);
  const db = s.db.handle.db;
  const shipping = await loadShippingConfig(db);
  expect(
    shipping.regions.map((r) => [r.name, r.countries.map((c) => c.country), r.freeShippingThresholdMinor]),
  ).toEqual([
    ['United States', ['US'], 10000],
    ['Canada', ['CA'], 10000],
    ['European Union', ['DE', 'FR', 'NL', 'IT', 'ES'], 10000],
  ]);
  expect(shipping.regions[0]!.options.map((o) => [o.code, o.rule.kind])).toEqual([
    ['standard', 'FLAT'],
    ['express', 'BY_WEIGHT'],
  ]);
  expect(shipping.regions[0]!.options[0]).toMatchObject({
    rule: { kind: 'FLAT', costMinor: 599 },
    deliveryTime: '3-5 business days',
  });
  expect(shipping.pickupOptions).toEqual([
    expect.objectContaining({
      pickupMethod: 'STORE_PICKUP',
      costMinor: 0,
      address: expect.objectContaining({ country: 'US', subdivision: 'US-NY' }),
    }),
  ]);
  expect(
    (await loadTaxConfig(db)).taxRates.map((r) => [
      r.rateType,
      r.country ?? null,
      r.subdivision ?? null,
      r.ratePercent,
    ]),
  ).toEqual([
    ['MANUAL_RATE', 'US', 'US-NY', 8.875],
    ['MANUAL_RATE', 'US', 'US-CA', 7.25],
    ['MANUAL_RATE', 'DE', null, 19],
    ['FALLBACK_RATE', null, null, 0],
  ]);
  expect(await findCouponByCode(db, 'save10', 'member:x')).toMatchObject({
    discount: { type: 'PERCENTAGE', scope: 'GLOBAL', value: 10 },
    usageLimit: 1000,
    perCustomerLimit: 1,
    usedTotal: 0,
  });
  expect(await findGiftCardByCode(db, 'demo-gift-50')).toMatchObject({
    code: 'DEMO-GIFT-50',
    balanceMinor: 5000,
    disabled: false,
  });
});
