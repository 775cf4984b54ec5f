/**
 * The recovery link: it opens the checkout again, as it was left, on the hosted checkout page. The
 * merchant copies it to send it their own way; it is not opened here (that would be their visit).
 */
import type { WireAbandonedCheckout } from '@vitrine/contract';
import { CopyButton } from '../../../kit/copy.tsx';

export function RecoveryLink({ checkout: c }: { checkout: WireAbandonedCheckout }) {
  return (
    <>
      <p className="mb-2 text-sm text-muted">
        {c.status === 'RECOVERED'
          ? 'The shopper completed this order already.'
          : 'Opens this checkout again with the same items. It works for 30 days.'}
      </p>
      <p className="mb-2 rounded-lg border border-line bg-hover px-3 py-2 font-mono text-xs break-all">
        {c.checkoutUrl}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton text={c.checkoutUrl} label="Copy link" done="Link copied." />
      </div>
    </>
  );
}
