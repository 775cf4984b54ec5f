import type { Ctx } from '../../platform/context.ts';
import { updateSettings } from './service.ts';

/** Demo store identity, applied once at first start when DEMO_DATA is on. */
export async function seedSettingsDemo(ctx: Ctx) {
  await updateSettings(ctx, {
    settings: {
      storeName: 'Vitrine Demo Store',
      contactEmail: 'hello@demo-store.example',
      currency: 'USD',
      locale: 'en-US',
      // The demo store's shop, where its pickup point is (shipping's demo): the packing slips' sender.
      businessAddress: {
        country: 'US',
        subdivision: 'US-NY',
        city: 'New York',
        postalCode: '10001',
        streetAddress: { number: '100', name: 'Demo Street' },
      },
      // Offered at checkout beside the card: the order waits until the merchant marks it paid.
      manualPaymentMethods: [
        {
          name: 'Bank transfer',
          instructions:
            'Transfer the total to Vitrine Demo Store, IBAN DE89 3704 0044 0532 0130 00 (BIC COBADEFFXXX), with your order number as the reference. We ship once it arrives.',
        },
      ],
    },
  });
}
