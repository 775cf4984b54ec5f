/** The settings module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { seedSettingsDemo } from './demo.ts';
import { settingsRoutes } from './routes.ts';
export { seedSettingsDemo } from './demo.ts';
export { captureSettings, getSettings, pricingStoreSettings, settingsAt, SETTINGS_FQDN } from './service.ts';
export { type SettingsTables } from './store.ts';

export const settingsModule: ServerModule = {
  name: 'settings',
  routes: ({ router }) => settingsRoutes(router),
  demo: seedSettingsDemo,
};
