import type { Feature } from '../../app/feature.ts';
import { ordersUrls } from './urls.ts';

export const ordersFeature: Feature = {
  id: 'orders',
  routes: [
    {
      path: ordersUrls.list.path.slice(1),
      lazy: () => import('./list/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })),
    },
    {
      path: ordersUrls.detail.path.slice(1),
      lazy: () => import('./detail/order-page.tsx').then((m) => ({ Component: m.OrderPage })),
    },
  ],
  nav: [{ label: 'Orders', to: ordersUrls.list.href(), order: 10 }],
};
