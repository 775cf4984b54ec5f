import { describe, expect, it } from 'vitest';
import { findRegion, shippingOptions, toGrams } from './shipping.ts';
import type { ShippingInput, ShippingRegion } from './types.ts';

const us: ShippingRegion = {
  id: 'us',
  name: 'US',
  countries: [{ country: 'US' }],
  freeShippingThresholdMinor: 10_000,
  options: [
    {
      code: 'std',
      title: 'Standard',
      rule: {
        kind: 'BY_WEIGHT',
        unit: 'LB',
        brackets: [
          { upTo: 1, costMinor: 500 },
          { upTo: 10, costMinor: 900 },
        ],
      },
    },
    {
      code: 'exp',
      title: 'Express',
      rule: { kind: 'FLAT', costMinor: 2500 },
      deliveryTime: '1 day',
      deliveryTimeSlots: [{ from: '2025-06-02T09:00:00Z', to: '2025-06-02T12:00:00Z' }],
    },
  ],
};
const ca: ShippingRegion = {
  id: 'us-ca',
  name: 'California',
  countries: [{ country: 'US', subdivisions: ['US-CA'] }],
  options: [
    {
      code: 'qty',
      title: 'By quantity',
      rule: { kind: 'BY_QUANTITY', brackets: [{ upTo: 2, costMinor: 300 }, { costMinor: 600 }] },
    },
  ],
};
const pickup = {
  code: 'shop',
  title: 'Pick up in store',
  costMinor: 0,
  pickupMethod: 'STORE_PICKUP' as const,
  address: { country: 'US', city: 'NYC' },
};
const basis = { weightGrams: 453, goodsMinor: 5000, quantity: 3 };
const input = (over: Partial<ShippingInput> = {}): ShippingInput => ({
  destination: { country: 'US', subdivision: 'US-NY' },
  regions: [us, ca],
  ...over,
});

describe('shipping', () => {
  it('converts weights to grams', () => {
    expect(toGrams(1, 'LB')).toBe(454);
    expect(toGrams(2.5, 'KG')).toBe(2500);
  });
  it('prefers a subdivision region over the country region', () => {
    expect(findRegion([us, ca], { country: 'us', subdivision: 'us-ca' })?.id).toBe('us-ca');
    expect(findRegion([us, ca], { country: 'US' })?.id).toBe('us');
    expect(findRegion([ca], { country: 'US', subdivision: 'US-NY' })).toBeUndefined();
  });
  it('prices by weight bracket and selects the cheapest by default', () => {
    const { shipping } = shippingOptions(input(), basis, true);
    expect(shipping.carrierServiceOptions[0]?.shippingOptions.map((o) => [o.code, o.costMinor])).toEqual([
      ['std', 500],
      ['exp', 2500],
    ]);
    expect(shipping.selected?.code).toBe('std');
    expect(shipping.costMinor).toBe(500);
    expect(shippingOptions(input(), { ...basis, weightGrams: 455 }, true).shipping.costMinor).toBe(900);
  });
  it('drops options whose brackets do not reach the measure', () => {
    const { shipping } = shippingOptions(input(), { ...basis, weightGrams: 5000 }, true);
    expect(shipping.carrierServiceOptions[0]?.shippingOptions.map((o) => o.code)).toEqual(['exp']);
  });
  it('passes time slots through and honours the selected code', () => {
    const { shipping } = shippingOptions(input({ selectedOptionCode: 'exp' }), basis, true);
    expect(shipping.selected?.logistics.deliveryTimeSlots).toHaveLength(1);
    expect(shipping.costMinor).toBe(2500);
  });
  it('makes delivery free from the threshold', () => {
    expect(
      shippingOptions(input({ selectedOptionCode: 'exp' }), { ...basis, goodsMinor: 10_000 }, true).shipping
        .costMinor,
    ).toBe(0);
  });
  it('prices by quantity', () => {
    expect(
      shippingOptions(input({ destination: { country: 'US', subdivision: 'US-CA' } }), basis, true).shipping
        .costMinor,
    ).toBe(600);
  });
  it('offers pickup with its address, and reports a missing region in words', () => {
    const { shipping, messages } = shippingOptions(
      input({ destination: { country: 'FR' }, pickupOptions: [pickup] }),
      basis,
      true,
    );
    expect(messages.map((m) => [m.code, m.description])).toEqual([
      ['NO_SHIPPING_REGION', 'We do not ship to France.'],
      ['NO_SELECTED_CARRIER_SERVICE_OPTION', 'No shipping option is available.'],
    ]);
    expect(shipping.carrierServiceOptions).toHaveLength(1);
    expect(shipping.selected).toBeUndefined();
    const chosen = shippingOptions(
      input({ destination: { country: 'FR' }, pickupOptions: [pickup], selectedOptionCode: 'shop' }),
      basis,
      true,
    );
    expect(chosen.shipping.selected?.logistics.pickupDetails).toEqual({
      address: pickup.address,
      businessLocation: undefined,
      pickupMethod: 'STORE_PICKUP',
    });
    expect(chosen.messages.map((m) => m.code)).toEqual(['NO_SHIPPING_REGION']);
    expect(
      shippingOptions(
        input({ destination: { country: 'US', subdivision: 'US-TX' }, regions: [ca] }),
        basis,
        true,
      ).messages[0]?.description,
    ).toBe('We do not ship to US-TX, United States.');
  });
  it('selects pickup only when chosen: a free pickup does not beat the cheapest delivery, and no address selects nothing', () => {
    const { shipping } = shippingOptions(input({ pickupOptions: [pickup] }), basis, true);
    expect(shipping.selected?.code).toBe('std');
    expect(shipping.costMinor).toBe(500);
    expect(
      shippingOptions(input({ pickupOptions: [pickup], selectedOptionCode: 'shop' }), basis, true).shipping
        .costMinor,
    ).toBe(0);
    const none = shippingOptions(input({ destination: undefined, pickupOptions: [pickup] }), basis, true);
    expect(none.shipping.selected).toBeUndefined();
    expect(none.shipping.carrierServiceOptions.map((c) => c.carrierId)).toEqual(['vitrine-pickup']);
    expect(none.messages.map((m) => [m.severity, m.code])).toEqual([['WARNING', 'NO_SHIPPING_DESTINATION']]);
  });
  it('no region and no pickup → no options, an error message', () => {
    const { shipping, messages } = shippingOptions(input({ destination: { country: 'FR' } }), basis, true);
    expect(shipping.carrierServiceOptions).toEqual([]);
    expect(shipping.selected).toBeUndefined();
    expect(messages.map((m) => m.code)).toEqual(['NO_SHIPPING_REGION', 'NO_SELECTED_CARRIER_SERVICE_OPTION']);
  });
  it('warns on an unknown selected code and needs nothing when no line ships', () => {
    expect(shippingOptions(input({ selectedOptionCode: 'zzz' }), basis, true).messages[0]?.code).toBe(
      'SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND',
    );
    expect(shippingOptions(input(), basis, false)).toEqual({
      shipping: { required: false, carrierServiceOptions: [], costMinor: 0 },
      messages: [],
    });
  });
});
