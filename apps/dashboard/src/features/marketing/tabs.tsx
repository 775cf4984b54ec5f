/** The marketing pages' own navigation: coupons, discount rules, gift cards (each a page of its own). */
import { PageTabs } from '../../kit/page-tabs.tsx';
import { marketingUrls } from './urls.ts';

const tabs = [
  ['coupons', 'Coupons', marketingUrls.coupons.href()],
  ['discounts', 'Discount rules', marketingUrls.discounts.href()],
  ['gift-cards', 'Gift cards', marketingUrls.giftCards.href()],
] as const;

export function MarketingTabs({ current }: { current: (typeof tabs)[number][0] }) {
  return <PageTabs label="Marketing" pages={tabs} current={current} />;
}
