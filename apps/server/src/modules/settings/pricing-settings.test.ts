import type { StoreSettings } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, violations, type TestServer } from '../../test/server.ts';
import { configRevision, eventsOf, visitorToken } from '../../test/discounts.ts';
import { pricingStoreSettings, SETTINGS_FQDN } from './service.ts';

const SETTINGS = '/platform/v1/store-settings';
type Settings = { settings: StoreSettings };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

describe('store settings for pricing', () => {
  it('start with tax-exclusive prices, untaxed shipping and no tax origin', async () => {
    const r = await s.admin<Settings>('GET', SETTINGS);
    expect(r.body.settings).toMatchObject({
      taxIncludedInPrices: false,
      shippingTaxable: false,
      taxOrigin: null,
    });
    expect(await pricingStoreSettings(s.db.handle.db)).toEqual({
      currency: 'USD',
      pricesIncludeTax: false,
      shippingTaxable: false,
      locale: 'en-US',
      weightUnit: 'KG',
    });
  });

  it('updates the three fields (subdivision stored in full), bumps the configuration revision, and the loader reflects them', async () => {
    const before = await configRevision(s);
    const r = await s.admin<Settings>('PATCH', SETTINGS, {
      settings: {
        taxIncludedInPrices: true,
        shippingTaxable: true,
        taxOrigin: { country: 'US', subdivision: 'NY' },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.settings).toMatchObject({
      taxIncludedInPrices: true,
      shippingTaxable: true,
      taxOrigin: { country: 'US', subdivision: 'US-NY' },
    });
    expect(await configRevision(s)).toBe(before + 1);
    expect(await pricingStoreSettings(s.db.handle.db)).toEqual({
      currency: 'USD',
      pricesIncludeTax: true,
      shippingTaxable: true,
      origin: { country: 'US', subdivision: 'US-NY' },
      locale: 'en-US',
      weightUnit: 'KG',
    });
    const events = await eventsOf(s, SETTINGS_FQDN, 'store');
    expect(events.at(-1)!.updatedEvent?.modifiedFields).toEqual({
      taxIncludedInPrices: false,
      shippingTaxable: false,
      taxOrigin: null,
    });
  });

  it('clears the tax origin with a field mask and null, and a visitor cannot change any of it', async () => {
    const r = await s.admin<Settings>('PATCH', SETTINGS, { settings: {}, fieldMask: 'taxOrigin' });
    expect(r.status).toBe(200);
    expect(r.body.settings.taxOrigin).toBeNull();
    expect(
      (await s.admin<Settings>('PATCH', SETTINGS, { settings: { taxOrigin: { country: 'DE' } } })).body
        .settings.taxOrigin,
    ).toEqual({ country: 'DE' });
    expect(
      (await s.admin<Settings>('PATCH', SETTINGS, { settings: { taxOrigin: null } })).body.settings.taxOrigin,
    ).toBeNull();
    expect(
      (
        await s.request('PATCH', SETTINGS, {
          auth: await visitorToken(s),
          body: { settings: { shippingTaxable: false } },
        })
      ).status,
    ).toBe(403);
    expect(
      (await s.request('PATCH', SETTINGS, { body: { settings: { shippingTaxable: false } } })).status,
    ).toBe(401);
  });

  it('refuses bad values with field violations', async () => {
    const cases: [unknown, string, string][] = [
      [{ taxIncludedInPrices: 'yes' }, 'settings.taxIncludedInPrices', 'VALIDATION'],
      [{ shippingTaxable: 1 }, 'settings.shippingTaxable', 'VALIDATION'],
      [{ taxOrigin: { country: 'usa' } }, 'settings.taxOrigin.country', 'FORMAT'],
      [{ taxOrigin: { subdivision: 'US-NY' } }, 'settings.taxOrigin.country', 'REQUIRED_FIELD'],
      [
        { taxOrigin: { country: 'US', subdivision: 'DE-BY' } },
        'settings.taxOrigin.subdivision',
        'VALIDATION',
      ],
      [{ taxOrigin: { country: 'US', city: 'NYC' } }, 'settings.taxOrigin.city', 'FIELD_NOT_ALLOWED'],
    ];
    for (const [settings, field, rule] of cases) {
      const r = await s.admin('PATCH', SETTINGS, { settings });
      expect(r.status, field).toBe(400);
      expect(violations(r.body), JSON.stringify(settings)).toContainEqual(
        expect.objectContaining({ field, violatedRule: rule }),
      );
    }
  });
});
