/** The recommendations module's face: related items and best sellers, kept from approved orders (README). */
import type { ServerModule } from '../../platform/module.ts';
import { orderApprovedSubscriber } from './counting.ts';
import { recommendationsRoutes } from './routes.ts';
export { type RecommendationsTables } from './store.ts';

export const recommendationsModule: ServerModule = {
  name: 'recommendations',
  routes: ({ router }) => recommendationsRoutes(router),
  subscribers: [orderApprovedSubscriber],
};
