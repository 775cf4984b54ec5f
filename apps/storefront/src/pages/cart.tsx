import { CartView } from '../components/cart-view.tsx';
import { PageHeading } from '@vitrine/ui';
import { useTitle } from '../use-title.ts';

export function CartPage() {
  useTitle('Your cart');
  return (
    <>
      <PageHeading>Your cart</PageHeading>
      <CartView />
    </>
  );
}
