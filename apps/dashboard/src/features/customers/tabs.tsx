/** The customers pages' own navigation: members, and what shoppers wait for. */
import { Tabs, tabClass } from '@vitrine/ui';
import { Link } from 'react-router';
import { customersUrls } from './urls.ts';

export function CustomersTabs({ current }: { current: 'members' | 'back-in-stock' }) {
  return (
    <Tabs label="Customers">
      <Link
        to={customersUrls.members.href()}
        className={tabClass(current === 'members')}
        aria-current={current === 'members' ? 'page' : undefined}
      >
        Members
      </Link>
      <Link
        to={customersUrls.backInStock.href()}
        className={tabClass(current === 'back-in-stock')}
        aria-current={current === 'back-in-stock' ? 'page' : undefined}
      >
        Back in stock
      </Link>
    </Tabs>
  );
}
