import type { Feature } from '../../app/feature.ts';
import { homeUrls } from './urls.ts';

export const homeFeature: Feature = {
  id: 'home',
  routes: [{ index: true, lazy: () => import('./home-page.tsx').then((m) => ({ Component: m.HomePage })) }],
  nav: [{ label: 'Home', to: homeUrls.home.href(), order: 0 }],
};
