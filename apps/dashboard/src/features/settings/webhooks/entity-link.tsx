/** A delivery's entity: a link to its page in the dashboard when it has one (not once deleted). */
import { linkClass } from '@vitrine/ui';
import { Link } from 'react-router';
import { catalogUrls } from '../../catalog/urls.ts';
import { customersUrls } from '../../customers/urls.ts';
import { ordersUrls } from '../../orders/urls.ts';

const pages: [string, (id: string) => string][] = [
  ['wix.ecom.v1.order_', (id) => ordersUrls.detail.href({ id })],
  ['wix.ecom.v1.abandoned_checkout_', (id) => ordersUrls.abandonedCheckout.href({ id })],
  ['wix.stores.catalog.v3.product_', (id) => catalogUrls.product.href({ id })],
  ['wix.members.v1.member_', (id) => customersUrls.member.href({ id })],
];

export function entityHref(eventType: string, entityId: string): string | undefined {
  if (eventType.endsWith('_deleted')) return undefined;
  return pages.find(([prefix]) => eventType.startsWith(prefix))?.[1](entityId);
}

export function EntityLink({ eventType, entityId }: { eventType: string; entityId: string }) {
  const href = entityHref(eventType, entityId);
  return href ? (
    <Link to={href} className={linkClass}>
      {entityId}
    </Link>
  ) : (
    <>{entityId}</>
  );
}
