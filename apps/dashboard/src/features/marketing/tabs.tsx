/** The marketing pages' own navigation: coupons, discount rules, gift cards (each a page of its own). */
import { Tabs, tabClass } from '@vitrine/ui';
import { Link } from 'react-router';
import { marketingUrls } from './urls.ts';

const tabs = [
  ['coupons', 'Coupons', marketingUrls.coupons.href()],
  ['discounts', 'Discount rules', marketingUrls.discounts.href()],
  ['gift-cards', 'Gift cards', marketingUrls.giftCards.href()],
] as const;

export function MarketingTabs({ current }: { current: (typeof tabs)[number][0] }) {
  return (
    <Tabs label="Marketing">
      {tabs.map(([id, label, href]) => (
        <Link
          key={id}
          to={href}
          className={tabClass(id === current)}
          aria-current={id === current ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </Tabs>
  );
}
