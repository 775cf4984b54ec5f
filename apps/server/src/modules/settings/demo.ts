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
    },
  });
}
