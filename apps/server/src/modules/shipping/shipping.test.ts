import type { WirePickupLocation, WireShippingRegion } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';
import { configRevision, eventsOf, expectAdminOnly, visitorToken } from '../../test/discounts.ts';
import { PICKUP_FQDN } from './pickups.ts';
import { REGION_FQDN } from './regions.ts';
import { loadShippingConfig } from './service.ts';

const REGIONS = '/ecom/v1/shipping-regions';
const PICKUPS = '/ecom/v1/pickup-locations';
type Region = { shippingRegion: WireShippingRegion };
type Pickup = { pickupLocation: WirePickupLocation };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const us = {
  name: 'United States',
  destinations: [{ country: 'US' }],
  options: [
    {
      code: 'standard',
      title: 'Standard',
      deliveryTime: '3-5 business days',
      rule: { type: 'FLAT', cost: '5.99' },
    },
    {
      code: 'express',
      title: 'Express',
      rule: {
        type: 'BY_WEIGHT',
        weightUnit: 'KG',
        brackets: [{ upTo: '1', cost: '12' }, { upTo: '5.5', cost: '20' }, { cost: '35' }],
      },
      deliveryTimeSlots: [{ from: '2030-01-01T09:00:00.000Z', to: '2030-01-01T12:00:00.000Z' }],
    },
  ],
  freeShippingThreshold: '100',
};
const createRegion = (region: unknown) => s.admin<Region>('POST', REGIONS, { shippingRegion: region });
const createPickup = (pickup: unknown) => s.admin<Pickup>('POST', PICKUPS, { pickupLocation: pickup });

describe('shipping regions', () => {
  it('creates a region (money as decimal strings), writes the created event and bumps the configuration', async () => {
    const before = await configRevision(s);
    const r = await createRegion(us);
    expect(r.status).toBe(200);
    const region = r.body.shippingRegion;
    expect(region).toMatchObject({
      name: 'United States',
      destinations: [{ country: 'US', subdivisions: [] }],
      freeShippingThreshold: '100.00',
      revision: '1',
      options: [
        {
          code: 'standard',
          title: 'Standard',
          deliveryTime: '3-5 business days',
          rule: { type: 'FLAT', cost: '5.99' },
        },
        {
          code: 'express',
          title: 'Express',
          rule: {
            type: 'BY_WEIGHT',
            weightUnit: 'KG',
            brackets: [{ upTo: '1', cost: '12.00' }, { upTo: '5.5', cost: '20.00' }, { cost: '35.00' }],
          },
          deliveryTimeSlots: us.options[1]!.deliveryTimeSlots,
        },
      ],
    });
    expect(await configRevision(s)).toBe(before + 1);
    expect((await s.admin<Region>('GET', `${REGIONS}/${region.id}`)).body.shippingRegion).toEqual(region);
    const events = await eventsOf(s, REGION_FQDN, region.id);
    expect(events.map((e) => e.eventType)).toEqual(['vitrine.ecom.v1.shipping_region_created']);
  });

  it('refuses bad input with field violations', async () => {
    const opt = us.options[0]!;
    const cases: [unknown, string, string][] = [
      [{ ...us, name: '' }, 'shippingRegion.name', 'MIN_LENGTH'],
      [{ ...us, destinations: [] }, 'shippingRegion.destinations', 'MIN_SIZE'],
      [{ ...us, destinations: [{ country: 'usa' }] }, 'shippingRegion.destinations.0.country', 'FORMAT'],
      [
        { ...us, destinations: [{ country: 'CA', subdivisions: ['US-NY'] }] },
        'shippingRegion.destinations.0.subdivisions.0',
        'VALIDATION',
      ],
      [
        { ...us, destinations: [{ country: 'CA' }, { country: 'CA' }] },
        'shippingRegion.destinations.1.country',
        'VALIDATION',
      ],
      [{ ...us, options: [] }, 'shippingRegion.options', 'MIN_SIZE'],
      [{ ...us, options: [opt, opt] }, 'shippingRegion.options.1.code', 'VALIDATION'],
      [{ ...us, options: [{ ...opt, code: 'Has Space' }] }, 'shippingRegion.options.0.code', 'FORMAT'],
      [
        { ...us, options: [{ ...opt, rule: { type: 'FLAT', cost: '1.999' } }] },
        'shippingRegion.options.0.rule.cost',
        'DECIMAL_MAX_SCALE',
      ],
      [
        { ...us, options: [{ ...opt, rule: { type: 'FLAT', cost: '-1' } }] },
        'shippingRegion.options.0.rule.cost',
        'DECIMAL_GTE',
      ],
      [
        { ...us, options: [{ ...opt, rule: { type: 'BY_MOOD' } }] },
        'shippingRegion.options.0.rule.type',
        'ONE_OF_ALIGNMENT',
      ],
      [
        {
          ...us,
          options: [
            { ...opt, rule: { type: 'BY_PRICE', brackets: [{ cost: '1' }, { upTo: '50', cost: '2' }] } },
          ],
        },
        'shippingRegion.options.0.rule.brackets.0.upTo',
        'REQUIRED_FIELD',
      ],
      [
        {
          ...us,
          options: [
            {
              ...opt,
              rule: {
                type: 'BY_QUANTITY',
                brackets: [
                  { upTo: 5, cost: '1' },
                  { upTo: 3, cost: '2' },
                ],
              },
            },
          ],
        },
        'shippingRegion.options.0.rule.brackets.1.upTo',
        'VALIDATION',
      ],
      [
        {
          ...us,
          options: [
            {
              ...opt,
              deliveryTimeSlots: [{ from: '2030-01-01T12:00:00.000Z', to: '2030-01-01T09:00:00.000Z' }],
            },
          ],
        },
        'shippingRegion.options.0.deliveryTimeSlots.0.to',
        'VALIDATION',
      ],
      [{ ...us, freeShippingThreshold: 'lots' }, 'shippingRegion.freeShippingThreshold', 'FORMAT'],
    ];
    for (const [region, field, rule] of cases) {
      const r = await createRegion(region);
      expect(r.status, field).toBe(400);
      expect(violations(r.body), JSON.stringify(region)).toContainEqual(
        expect.objectContaining({ field, violatedRule: rule }),
      );
    }
  });

  it('lets a destination belong to one region only (409), a subdivision apart from its country', async () => {
    const clash = await createRegion({ ...us, name: 'Also US' });
    expect(clash.status).toBe(409);
    expect(appError(clash.body)).toMatchObject({
      code: 'DESTINATION_ALREADY_COVERED',
      data: { destination: 'US' },
    });
    const ny = await createRegion({
      ...us,
      name: 'New York',
      destinations: [{ country: 'US', subdivisions: ['NY'] }],
      freeShippingThreshold: null,
    });
    expect(ny.status).toBe(200);
    expect(ny.body.shippingRegion.destinations).toEqual([{ country: 'US', subdivisions: ['US-NY'] }]);
    expect(
      (
        await createRegion({
          ...us,
          name: 'NY again',
          destinations: [{ country: 'US', subdivisions: ['US-NY'] }],
        })
      ).status,
    ).toBe(409);
  });

  it('updates under the current revision (409 when stale) with an updated event; deletes with a deleted event', async () => {
    const region = (await createRegion({ ...us, name: 'Canada', destinations: [{ country: 'CA' }] })).body
      .shippingRegion;
    const r = await s.admin<Region>('PATCH', `${REGIONS}/${region.id}`, {
      shippingRegion: {
        revision: '1',
        freeShippingThreshold: null,
        options: [
          {
            code: 'std',
            title: 'Std',
            rule: { type: 'BY_QUANTITY', brackets: [{ upTo: 3, cost: '4' }, { cost: '8' }] },
          },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.shippingRegion).toMatchObject({
      name: 'Canada',
      freeShippingThreshold: null,
      revision: '2',
      options: [
        {
          code: 'std',
          rule: { type: 'BY_QUANTITY', brackets: [{ upTo: 3, cost: '4.00' }, { cost: '8.00' }] },
        },
      ],
    });
    const stale = await s.admin('PATCH', `${REGIONS}/${region.id}`, {
      shippingRegion: { revision: '1', name: 'x' },
    });
    expect(stale.status).toBe(409);
    expect(appError(stale.body).code).toBe('REVISION_MISMATCH');
    const events = await eventsOf(s, REGION_FQDN, region.id);
    expect(Object.keys(events[1]!.updatedEvent!.modifiedFields).sort()).toEqual([
      'freeShippingThreshold',
      'options',
    ]);
    expect((await s.admin('DELETE', `${REGIONS}/${region.id}`)).status).toBe(200);
    expect(appError((await s.admin('GET', `${REGIONS}/${region.id}`)).body).code).toBe(
      'SHIPPING_REGION_NOT_FOUND',
    );
    expect((await eventsOf(s, REGION_FQDN, region.id)).map((e) => e.slug)).toEqual([
      'created',
      'updated',
      'deleted',
    ]);
  });

  it('queries by destination country with cursor paging', async () => {
    await createRegion({ ...us, name: 'EU', destinations: [{ country: 'DE' }, { country: 'FR' }] });
    const r = await s.admin<{ shippingRegions: WireShippingRegion[] }>('POST', `${REGIONS}/query`, {
      query: { filter: { 'destinations.country': { $hasSome: ['FR'] } } },
    });
    expect(r.status).toBe(200);
    expect(r.body.shippingRegions.map((x) => x.name)).toEqual(['EU']);
  });
});

describe('pickup locations', () => {
  const shop = {
    name: 'Our shop',
    pickupMethod: 'STORE_PICKUP',
    address: {
      country: 'US',
      subdivision: 'NY',
      city: 'New York',
      addressLine: '1 Main St',
      postalCode: '10001',
    },
    instructions: 'Ring the bell',
  };

  it('creates, reads, updates (revision), deletes, with events; refuses bad input', async () => {
    const r = await createPickup(shop);
    expect(r.status).toBe(200);
    const p = r.body.pickupLocation;
    expect(p).toMatchObject({
      ...shop,
      address: { ...shop.address, subdivision: 'US-NY' },
      cost: '0.00',
      active: true,
      businessLocation: null,
      revision: '1',
    });
    expect((await s.admin<Pickup>('GET', `${PICKUPS}/${p.id}`)).body.pickupLocation).toEqual(p);
    const u = await s.admin<Pickup>('PATCH', `${PICKUPS}/${p.id}`, {
      pickupLocation: { revision: '1', cost: '2.5', instructions: null },
    });
    expect(u.body.pickupLocation).toMatchObject({ cost: '2.50', instructions: null, revision: '2' });
    expect(
      (await s.admin('PATCH', `${PICKUPS}/${p.id}`, { pickupLocation: { revision: '1', cost: '1' } })).status,
    ).toBe(409);
    for (const [bad, field, rule] of [
      [{ ...shop, pickupMethod: 'DRONE' }, 'pickupLocation.pickupMethod', 'INVALID_ENUM_VALUE'],
      [{ ...shop, address: { city: 'x' } }, 'pickupLocation.address.country', 'REQUIRED_FIELD'],
      [{ ...shop, cost: '1.234' }, 'pickupLocation.cost', 'DECIMAL_MAX_SCALE'],
      [
        { ...shop, address: { country: 'DE', subdivision: 'US-NY' } },
        'pickupLocation.address.subdivision',
        'VALIDATION',
      ],
    ] as const) {
      const b = await createPickup(bad);
      expect(b.status, field).toBe(400);
      expect(violations(b.body)).toContainEqual(expect.objectContaining({ field, violatedRule: rule }));
    }
    expect((await s.admin('DELETE', `${PICKUPS}/${p.id}`)).status).toBe(200);
    expect((await eventsOf(s, PICKUP_FQDN, p.id)).map((e) => e.eventType)).toEqual([
      'vitrine.ecom.v1.pickup_location_created',
      'vitrine.ecom.v1.pickup_location_updated',
      'vitrine.ecom.v1.pickup_location_deleted',
    ]);
  });

  it('is for admins only, regions and pickups alike', async () => {
    const region = (await createRegion({ ...us, name: 'Mexico', destinations: [{ country: 'MX' }] })).body
      .shippingRegion;
    const p = (await createPickup(shop)).body.pickupLocation;
    await expectAdminOnly(s, await visitorToken(s), [
      ['POST', REGIONS, { shippingRegion: us }],
      ['POST', `${REGIONS}/query`, {}],
      ['GET', `${REGIONS}/${region.id}`],
      ['PATCH', `${REGIONS}/${region.id}`, { shippingRegion: { revision: '1' } }],
      ['DELETE', `${REGIONS}/${region.id}`],
      ['POST', PICKUPS, { pickupLocation: shop }],
      ['POST', `${PICKUPS}/query`, {}],
      ['GET', `${PICKUPS}/${p.id}`],
      ['PATCH', `${PICKUPS}/${p.id}`, { pickupLocation: { revision: '1' } }],
      ['DELETE', `${PICKUPS}/${p.id}`],
    ]);
  });
});

describe('loadShippingConfig', () => {
  it('returns the stored regions and the active pickup locations as the calculator takes them', async () => {
    const fresh = await startTestServer();
    try {
      const region = (
        await fresh.admin<Region>('POST', REGIONS, {
          shippingRegion: {
            ...us,
            destinations: [{ country: 'US' }, { country: 'CA', subdivisions: ['QC'] }],
          },
        })
      ).body.shippingRegion;
      const p = (
        await fresh.admin<Pickup>('POST', PICKUPS, {
          pickupLocation: {
            name: 'Locker',
            pickupMethod: 'PICKUP_POINT',
            address: { country: 'US', city: 'Boston' },
            cost: '1',
            businessLocation: 'Locker 7',
          },
        })
      ).body.pickupLocation;
      await fresh.admin('POST', PICKUPS, {
        pickupLocation: {
          name: 'Closed',
          pickupMethod: 'STORE_PICKUP',
          address: { country: 'US' },
          active: false,
        },
      });
      expect(await loadShippingConfig(fresh.db.handle.db)).toEqual({
        regions: [
          {
            id: region.id,
            name: 'United States',
            countries: [{ country: 'US' }, { country: 'CA', subdivisions: ['CA-QC'] }],
            freeShippingThresholdMinor: 10000,
            options: [
              {
                code: 'standard',
                title: 'Standard',
                deliveryTime: '3-5 business days',
                rule: { kind: 'FLAT', costMinor: 599 },
              },
              {
                code: 'express',
                title: 'Express',
                rule: {
                  kind: 'BY_WEIGHT',
                  unit: 'KG',
                  brackets: [
                    { upTo: 1, costMinor: 1200 },
                    { upTo: 5.5, costMinor: 2000 },
                    { costMinor: 3500 },
                  ],
                },
                deliveryTimeSlots: us.options[1]!.deliveryTimeSlots,
              },
            ],
          },
        ],
        pickupOptions: [
          {
            code: p.id,
            title: 'Locker',
            costMinor: 100,
            pickupMethod: 'PICKUP_POINT',
            address: { country: 'US', city: 'Boston' },
            businessLocation: 'Locker 7',
          },
        ],
      });
    } finally {
      await fresh.stop();
    }
  });
});

describe('shipping destinations (public)', () => {
  it('lists, to anyone, the countries the store ships to (whole, or some subdivisions), from what each ships free, and whether pickup is offered', async () => {
    const server = await startTestServer();
    try {
      const get = () =>
        server.request<{
          destinations: { country: string; subdivisions: string[]; freeShippingFrom?: unknown }[];
          pickupAvailable: boolean;
        }>('GET', '/ecom/v1/shipping-destinations');
      expect((await get()).body).toEqual({ destinations: [], pickupAvailable: false });
      const region = (o: unknown) => server.admin('POST', REGIONS, { shippingRegion: o });
      const option = [{ code: 'std', title: 'Standard', rule: { type: 'FLAT', cost: '5' } }];
      expect(
        (
          await region({
            name: 'Europe',
            destinations: [{ country: 'FR' }, { country: 'DE' }],
            options: option,
            freeShippingThreshold: '100',
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await region({
            name: 'East coast',
            destinations: [{ country: 'US', subdivisions: ['NY', 'MA'] }],
            options: option,
            freeShippingThreshold: '75.5',
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await region({
            name: 'Texas',
            destinations: [{ country: 'US', subdivisions: ['TX'] }],
            options: option,
            freeShippingThreshold: '75.50',
          })
        ).status,
      ).toBe(200);
      const hundred = { amount: '100.00', formattedAmount: '$100.00' };
      expect((await get()).body).toEqual({
        destinations: [
          { country: 'DE', subdivisions: [], freeShippingFrom: hundred },
          { country: 'FR', subdivisions: [], freeShippingFrom: hundred },
          {
            country: 'US',
            subdivisions: ['US-MA', 'US-NY', 'US-TX'],
            freeShippingFrom: { amount: '75.50', formattedAmount: '$75.50' },
          },
        ],
        pickupAvailable: false,
      });
      await region({ name: 'All US', destinations: [{ country: 'US' }], options: option });
      await server.admin('POST', PICKUPS, {
        pickupLocation: {
          name: 'Shop',
          pickupMethod: 'STORE_PICKUP',
          address: { country: 'FR', city: 'Paris' },
        },
      });
      // Configuration changes show at once (cached by configuration revision); a region of the
      // country that never ships free leaves the country without one amount to tell.
      const after = (await get()).body;
      expect(after.destinations.find((d) => d.country === 'US')).toEqual({ country: 'US', subdivisions: [] });
      expect(after.destinations.find((d) => d.country === 'FR')?.freeShippingFrom).toEqual(hundred);
      expect(after.pickupAvailable).toBe(true);
      const visitor = await visitorToken(server);
      expect((await server.request('GET', '/ecom/v1/shipping-destinations', { auth: visitor })).status).toBe(
        200,
      );
    } finally {
      await server.stop();
    }
  });
});
