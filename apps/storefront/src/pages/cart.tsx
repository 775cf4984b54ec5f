import { CartView } from '../components/cart-view.tsx';
import { useResumeCheckout } from '../components/resume-checkout.ts';
import { Alert, PageHeading } from '@vitrine/ui';
import { useTitle } from '../use-title.ts';

export function CartPage() {
  useTitle('Your cart');
  // `/cart?resume=<checkoutId>`: back to a checkout left unfinished (an abandoned-checkout e-mail).
  const resume = useResumeCheckout();
  return (
    <>
      <PageHeading>Your cart</PageHeading>
      {/* One polite region from the start, so that what it says next is announced. */}
      <div role="status">
        {resume.resuming ? (
          <p className="py-8 text-center text-muted">Taking you back to your checkout…</p>
        ) : (
          <Alert variant="info" live={false}>
            {resume.notice}
          </Alert>
        )}
      </div>
      {!resume.resuming && <CartView />}
    </>
  );
}
