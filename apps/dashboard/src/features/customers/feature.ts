import type { Feature } from '../../app/feature.ts';
import { customersUrls } from './urls.ts';

export const customersFeature: Feature = {
  id: 'customers',
  routes: [
    {
      path: customersUrls.members.path.slice(1),
      lazy: () => import('./members/members-page.tsx').then((m) => ({ Component: m.MembersPage })),
    },
    {
      path: customersUrls.member.path.slice(1),
      lazy: () => import('./members/member-page.tsx').then((m) => ({ Component: m.MemberPage })),
    },
    {
      path: customersUrls.backInStock.path.slice(1),
      lazy: () => import('./back-in-stock/items-page.tsx').then((m) => ({ Component: m.BackInStockPage })),
    },
    {
      path: customersUrls.backInStockItem.path.slice(1),
      lazy: () => import('./back-in-stock/item-page.tsx').then((m) => ({ Component: m.BackInStockItemPage })),
    },
  ],
  nav: [{ label: 'Customers', to: customersUrls.members.href(), order: 30 }],
};
