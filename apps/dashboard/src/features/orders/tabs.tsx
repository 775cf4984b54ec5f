/** The orders pages' own navigation: the orders, the checkouts shoppers left, the payment links not yet paid. */
import { PageTabs } from '../../kit/page-tabs.tsx';
import { ordersUrls } from './urls.ts';

const tabs = [
  ['orders', 'Orders', ordersUrls.list.href()],
  ['abandoned', 'Abandoned checkouts', ordersUrls.abandoned.href()],
  ['payment-links', 'Payment links', ordersUrls.paymentLinks.href()],
] as const;

export function OrdersTabs({ current }: { current: (typeof tabs)[number][0] }) {
  return <PageTabs label="Orders sections" pages={tabs} current={current} />;
}
