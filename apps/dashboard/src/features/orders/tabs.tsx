/** The orders pages' own navigation: the orders, and the checkouts shoppers left. */
import { PageTabs } from '../../kit/page-tabs.tsx';
import { ordersUrls } from './urls.ts';

const tabs = [
  ['orders', 'Orders', ordersUrls.list.href()],
  ['abandoned', 'Abandoned checkouts', ordersUrls.abandoned.href()],
] as const;

export function OrdersTabs({ current }: { current: (typeof tabs)[number][0] }) {
  return <PageTabs label="Orders sections" pages={tabs} current={current} />;
}
