import type { DuePayment } from '@vitrine/sdk';

/**
 * A payment the buyer still makes with one of the store's manual payment methods: how, in the
 * method's words (its lines kept), and how much. Shown until the store marks it paid.
 */
export function HowToPay({
  due,
  id,
  heading: Heading = 'h2',
  className = 'mb-6',
}: {
  due: DuePayment;
  id: string;
  heading?: 'h2' | 'h3';
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border-2 border-accent bg-stone-50 p-4 text-left ${className}`}
    >
      <Heading id={id} className="text-lg font-semibold">
        How to pay: {due.method}
      </Heading>
      <p className="mt-1">Your order is placed and waits for your payment of {due.amount.formattedAmount}.</p>
      {due.instructions && <p className="mt-2 break-words whitespace-pre-wrap">{due.instructions}</p>}
    </section>
  );
}
