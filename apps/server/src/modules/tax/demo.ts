import type { Ctx } from '../../platform/context.ts';
import { createTaxRate } from './rates.ts';

/** Demo tax rates: New York 8.875 %, California 7.25 %, Germany 19 %, and 0 % elsewhere. */
export async function seedTaxDemo(ctx: Ctx) {
  await createTaxRate(ctx, {
    name: 'New York',
    rateType: 'MANUAL_RATE',
    country: 'US',
    subdivision: 'US-NY',
    rate: '8.875',
  });
  await createTaxRate(ctx, {
    name: 'California',
    rateType: 'MANUAL_RATE',
    country: 'US',
    subdivision: 'US-CA',
    rate: '7.25',
  });
  await createTaxRate(ctx, { name: 'Germany', rateType: 'MANUAL_RATE', country: 'DE', rate: '19' });
  await createTaxRate(ctx, { name: 'Everywhere else', rateType: 'FALLBACK_RATE', rate: '0' });
}
