import { Link } from 'react-router';
import { PageHeading, useTitle } from '../components/ui.tsx';

export function NotFound() {
  useTitle('Page not found');
  return (
    <>
      <PageHeading>Page not found</PageHeading>
      <p className="mb-4">We could not find that page.</p>
      <Link to="/shop" className="font-medium text-indigo-800 underline">Browse the shop</Link>
    </>
  );
}
