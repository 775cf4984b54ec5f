/**
 * Changing the merchant's discount on an order taken for a buyer, until they pay: the store prices
 * the order again at once, and a payment link already sent opens it as it is now.
 */
import { useMutation } from '@tanstack/react-query';
import type { Checkout } from '@vitrine/contract';
import { paymentLinkMutations } from '@vitrine/sdk/react';
import { Alert, Button } from '@vitrine/ui';
import { useState } from 'react';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { DiscountField } from './discount-field.tsx';
import { discountOf, discountProblem, type DiscountKind } from './draft.ts';

export function ChangeDiscount({ checkout: c }: { checkout: Checkout }) {
  const http = useHttp();
  const change = useMutation(paymentLinkMutations.setDiscount(http));
  const given = c.appliedDiscounts.find((d) => d.merchantDiscount)?.merchantDiscount;
  const [kind, setKind] = useState<DiscountKind>(given && !given.percentage ? 'amount' : 'percentage');
  const [text, setText] = useState(given ? String(given.percentage ?? Number(given.amount.amount)) : '');
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const apply = (discount: ReturnType<typeof discountOf>) =>
    change.mutate(
      { checkoutId: c.id, discount: discount ?? null },
      { onSuccess: () => setDone(discount ? 'The discount is applied.' : 'The discount is taken off.') },
    );
  return (
    <details className="mt-4 rounded-lg border border-line px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium">
        {given ? 'Change the discount' : 'Give a discount'}
      </summary>
      <form
        noValidate
        className="mt-3"
        onSubmit={(e) => {
          e.preventDefault();
          const found = discountProblem(kind, text) ?? (text.trim() ? undefined : 'Enter the discount.');
          setProblem(found);
          setDone(undefined);
          if (!found) apply(discountOf(kind, text));
        }}
      >
        <DiscountField
          label="Discount"
          kind={kind}
          text={text}
          onKind={(k) => {
            setKind(k);
            setProblem(undefined);
          }}
          onText={(t) => {
            setText(t);
            setProblem(undefined);
          }}
          error={problem}
        />
        <Alert>
          {change.error ? `The discount was not changed: ${errorMessage(change.error)}` : undefined}
        </Alert>
        <Alert variant="success">{done}</Alert>
        <div className="mb-1 flex flex-wrap gap-2">
          <Button type="submit" size="sm" busy={change.isPending && !!change.variables.discount}>
            Apply discount
          </Button>
          {given && (
            <Button
              size="sm"
              variant="secondary"
              busy={change.isPending && !change.variables.discount}
              onClick={() => {
                setText('');
                setProblem(undefined);
                setDone(undefined);
                apply(null);
              }}
            >
              Take the discount off
            </Button>
          )}
        </div>
      </form>
    </details>
  );
}
