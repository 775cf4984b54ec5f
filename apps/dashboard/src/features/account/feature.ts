import type { Feature } from '../../app/feature.ts';
import { accountUrls } from './urls.ts';

/** Reached from the shell's "Your account" (every staff member's), not from the navigation. */
export const accountFeature: Feature = {
  id: 'account',
  routes: [
    {
      path: accountUrls.account.path.slice(1),
      lazy: () => import('./account-page.tsx').then((m) => ({ Component: m.AccountPage })),
    },
  ],
};
