/** The reviews module's face: reviews, rating summaries, review requests (README). */
import type { JobHandler } from '../../platform/jobs.ts';
import type { ServerModule } from '../../platform/module.ts';
import { seedReviewsDemo } from './demo.ts';
import { sendRequestJob } from './link.ts';
import { memberDeletedSubscriber, memberRenamedSubscriber } from './moderation.ts';
import { reviewRequestRoutes } from './request-routes.ts';
import { reviewsRoutes } from './routes.ts';
import { orderEndedSubscriber, orderFulfilledSubscriber } from './subscribers.ts';
export { reviewsAwaitingModeration } from './summaries.ts';
export { type ReviewsTables } from './store.ts';

export const reviewsModule: ServerModule = {
  name: 'reviews',
  routes: ({ router }) => {
    reviewsRoutes(router);
    reviewRequestRoutes(router);
  },
  jobs: [sendRequestJob as JobHandler<never>],
  demo: seedReviewsDemo,
  subscribers: [
    memberDeletedSubscriber,
    memberRenamedSubscriber,
    orderFulfilledSubscriber,
    orderEndedSubscriber,
  ],
};
