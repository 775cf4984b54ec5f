export { identityRoutes } from './routes.ts';
export { getIdentity, redeemSessionToken, signOn } from './service.ts';
export { type IdentityTables, updateIdentity } from './store.ts';
export { CAPTCHA_WINDOW_MS } from './throttle.ts';
