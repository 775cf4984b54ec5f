import type { Feature } from '../../app/feature.ts';
import { reviewsUrls } from './urls.ts';

export const reviewsFeature: Feature = {
  id: 'reviews',
  routes: [
    {
      path: reviewsUrls.list.path.slice(1),
      lazy: () => import('./reviews-page.tsx').then((m) => ({ Component: m.ReviewsPage })),
    },
  ],
  nav: [{ label: 'Reviews', to: reviewsUrls.list.href(), order: 50 }],
};
