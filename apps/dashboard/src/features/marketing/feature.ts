import { createElement, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import type { Feature } from '../../app/feature.ts';
import { marketingUrls } from './urls.ts';

const page = (path: string, load: () => Promise<{ Component: ComponentType }>) => ({
  path: path.slice(1),
  lazy: load,
});

export const marketingFeature: Feature = {
  id: 'marketing',
  routes: [
    {
      path: marketingUrls.home.path.slice(1),
      element: createElement(Navigate, { to: marketingUrls.coupons.href(), replace: true }),
    },
    page(marketingUrls.coupons.path, () =>
      import('./coupons/coupons-page.tsx').then((m) => ({ Component: m.CouponsPage })),
    ),
    page(marketingUrls.discounts.path, () =>
      import('./discounts/discounts-page.tsx').then((m) => ({ Component: m.DiscountsPage })),
    ),
    page(marketingUrls.giftCards.path, () =>
      import('./gift-cards/gift-cards-page.tsx').then((m) => ({ Component: m.GiftCardsPage })),
    ),
    page(marketingUrls.giftCard.path, () =>
      import('./gift-cards/gift-card-page.tsx').then((m) => ({ Component: m.GiftCardPage })),
    ),
  ],
  nav: [{ label: 'Marketing', to: marketingUrls.home.href(), order: 40 }],
};
