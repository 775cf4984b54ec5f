/** The hosted-checkout module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { hostedCheckoutRoutes } from './routes.ts';
import { checkoutLinkPort } from './port.ts';
import type { OAuthRuntime } from '../oauth/index.ts';
export { checkoutLinkToken, linkOwner } from './service.ts';
export { checkoutPageFor } from './page-for.ts';
export { type HostedCheckoutTables } from './store.ts';

export const hostedCheckoutModule = (oauth: OAuthRuntime): ServerModule => ({
  name: 'hosted-checkout',
  routes: ({ router }) => hostedCheckoutRoutes(router, oauth),
  ports: { checkoutLinks: checkoutLinkPort },
});
