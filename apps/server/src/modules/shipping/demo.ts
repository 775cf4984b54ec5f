import type { Ctx } from '../../platform/context.ts';
import { createPickupLocation } from './pickups.ts';
import { createShippingRegion } from './regions.ts';

const byWeight = (costs: [string, string, string]) => ({
  type: 'BY_WEIGHT' as const,
  weightUnit: 'KG' as const,
  brackets: [{ upTo: '1', cost: costs[0] }, { upTo: '5', cost: costs[1] }, { cost: costs[2] }],
});

/** Demo shipping: the US, Canada and part of the EU, free from $100; one store pickup in New York. */
export async function seedShippingDemo(ctx: Ctx) {
  await createShippingRegion(ctx, {
    name: 'United States',
    destinations: [{ country: 'US' }],
    freeShippingThreshold: '100',
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
        deliveryTime: '1-2 business days',
        rule: byWeight(['12.99', '19.99', '29.99']),
      },
    ],
  });
  await createShippingRegion(ctx, {
    name: 'Canada',
    destinations: [{ country: 'CA' }],
    freeShippingThreshold: '100',
    options: [
      {
        code: 'standard',
        title: 'Standard',
        deliveryTime: '5-8 business days',
        rule: { type: 'FLAT', cost: '9.99' },
      },
    ],
  });
  await createShippingRegion(ctx, {
    name: 'European Union',
    destinations: ['DE', 'FR', 'NL', 'IT', 'ES'].map((country) => ({ country })),
    freeShippingThreshold: '100',
    options: [
      {
        code: 'international',
        title: 'International',
        deliveryTime: '7-12 business days',
        rule: byWeight(['14.99', '24.99', '39.99']),
      },
    ],
  });
  await createPickupLocation(ctx, {
    name: 'Vitrine Demo Store',
    pickupMethod: 'STORE_PICKUP',
    cost: '0',
    address: {
      country: 'US',
      subdivision: 'US-NY',
      city: 'New York',
      addressLine: '100 Demo Street',
      postalCode: '10001',
    },
    instructions: 'Pick up at the front desk, Monday to Saturday 10:00-18:00, with your order number.',
  });
}
