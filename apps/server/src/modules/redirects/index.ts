import type { ServerModule } from '../../platform/module.ts';
import { redirectsRoutes } from './routes.ts';
import type { OAuthRuntime } from '../oauth/index.ts';
export { redirectsRoutes } from './routes.ts';

export const redirectsModule = (oauth: OAuthRuntime): ServerModule => ({
  name: 'redirects',
  routes: ({ router }) => redirectsRoutes(router, oauth),
});
