export { hostedCheckoutRoutes } from './routes.ts';
export { checkoutLinkToken, linkOwner } from './service.ts';
export { type HostedCheckoutTables } from './store.ts';
