import type { Feature } from '../../app/feature.ts';
import { mediaUrls } from './urls.ts';

export const mediaFeature: Feature = {
  id: 'media',
  routes: [
    {
      path: mediaUrls.library.path.slice(1),
      lazy: () => import('./library/library-page.tsx').then((m) => ({ Component: m.LibraryPage })),
    },
    {
      path: mediaUrls.trash.path.slice(1),
      lazy: () => import('./trash/trash-page.tsx').then((m) => ({ Component: m.TrashPage })),
    },
  ],
  nav: [{ label: 'Media library', to: mediaUrls.library.href(), order: 60 }],
};
