import { CartView } from '../components/cart-view.tsx';
import { PageHeading, useTitle } from '../components/ui.tsx';

export function CartPage() {
  useTitle('Your cart');
  return (
    <>
      <PageHeading>Your cart</PageHeading>
      <CartView />
    </>
  );
}
