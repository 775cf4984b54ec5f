/** The redirects module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { redirectsRoutes } from './routes.ts';
import type { OAuthRuntime } from '../oauth/index.ts';

export const redirectsModule = (oauth: OAuthRuntime): ServerModule => ({
  name: 'redirects',
  routes: ({ router }) => redirectsRoutes(router, oauth),
});
