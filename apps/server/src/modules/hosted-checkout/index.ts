import type { ServerModule } from '../../platform/module.ts';
import { hostedCheckoutRoutes } from './routes.ts';
import { checkoutLinkPort } from './port.ts';
import type { OAuthRuntime } from '../oauth/index.ts';
export { hostedCheckoutRoutes } from './routes.ts';
export { checkoutLinkToken, linkOwner } from './service.ts';
export { type HostedCheckoutTables } from './store.ts';
export { checkoutLinkPort } from './port.ts';

export const hostedCheckoutModule = (oauth: OAuthRuntime): ServerModule => ({
  name: 'hosted-checkout',
  routes: ({ router }) => hostedCheckoutRoutes(router, oauth),
  ports: { checkoutLinks: checkoutLinkPort },
});
