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
      path: ordersUrls.paymentLinks.path.slice(1),
      lazy: () => import('./new/payment-links-page.tsx').then((m) => ({ Component: m.PaymentLinksPage })),
    },
    {
      path: ordersUrls.create.path.slice(1),
      lazy: () => import('./new/new-order-page.tsx').then((m) => ({ Component: m.NewOrderPage })),
    },
    {
      path: ordersUrls.detail.path.slice(1),
      lazy: () => import('./detail/order-page.tsx').then((m) => ({ Component: m.OrderPage })),
    },
    {
      path: ordersUrls.packingSlips.path.slice(1),
      lazy: () => import('./slips/packing-slips-page.tsx').then((m) => ({ Component: m.PackingSlipsPage })),
    },
    {
      path: ordersUrls.abandoned.path.slice(1),
      lazy: () =>
        import('./abandoned/abandoned-page.tsx').then((m) => ({ Component: m.AbandonedCheckoutsPage })),
    },
    {
      path: ordersUrls.abandonedCheckout.path.slice(1),
      lazy: () =>
        import('./abandoned/checkout-page.tsx').then((m) => ({ Component: m.AbandonedCheckoutPage })),
    },
  ],
  nav: [{ label: 'Orders', to: ordersUrls.list.href(), order: 10 }],
};
