/** The analytics module's face: the merchant's home page figures (README). */
import type { ServerModule } from '../../platform/module.ts';
import { analyticsRoutes } from './routes.ts';

export const analyticsModule: ServerModule = {
  name: 'analytics',
  routes: ({ router }) => analyticsRoutes(router),
};
