export { seedSettingsDemo } from './demo.ts';
export { settingsRoutes } from './routes.ts';
export { captureSettings, getSettings, pricingStoreSettings, SETTINGS_FQDN } from './service.ts';
export { type SettingsTables } from './store.ts';
