import { Link } from 'react-router';
import { linkClass, PageHeading } from '@vitrine/ui';
import { useTitle } from '../use-title.ts';

export function NotFound() {
  useTitle('Page not found');
  return (
    <>
      <PageHeading>Page not found</PageHeading>
      <p className="mb-4">We could not find that page.</p>
      <Link to="/shop" className={linkClass}>
        Browse the shop
      </Link>
    </>
  );
}
