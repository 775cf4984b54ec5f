/** The storefront module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { serveStorefront } from './serve.ts';

export { serveStorefront };

/** The storefront's server render; `clientId` is the bundled storefront's OAuth client (once bootstrapped). */
export const storefrontModule = (clientId: () => string | undefined): ServerModule => ({
  name: 'storefront',
  routes: ({ http, config }) => serveStorefront(http, { config, clientId }),
});
