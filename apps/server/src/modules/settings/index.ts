import type { ServerModule } from '../../platform/module.ts';
import { seedSettingsDemo } from './demo.ts';
import { settingsRoutes } from './routes.ts';
export { seedSettingsDemo } from './demo.ts';
export { settingsRoutes } from './routes.ts';
export { captureSettings, getSettings, pricingStoreSettings, SETTINGS_FQDN } from './service.ts';
export { type SettingsTables } from './store.ts';

export const settingsModule: ServerModule = {
  name: 'settings',
  routes: ({ router }) => settingsRoutes(router),
  demo: seedSettingsDemo,
};
