import type { ManualPaymentMethod } from '@vitrine/contract';
import { Choice, ChoiceGroup } from '@vitrine/ui';

/** The id of the box that says how to pay with the chosen manual method (the form is described by it). */
export const INSTRUCTIONS_ID = 'payment-instructions';

/**
 * "Payment method": the card first, then the store's manual payment methods by name. `chosen` is
 * the manual method's id, undefined for the card.
 */
export function PaymentMethods({
  methods,
  chosen,
  disabled,
  onChoose,
}: {
  methods: readonly ManualPaymentMethod[];
  chosen: string | undefined;
  disabled: boolean;
  onChoose: (id: string | undefined) => void;
}) {
  return (
    <ChoiceGroup legend="Payment method" disabled={disabled}>
      <div className="space-y-2">
        <Choice
          name="paymentMethod"
          value=""
          checked={chosen === undefined}
          onChange={() => onChoose(undefined)}
        >
          <span className="flex-1 font-medium">Card</span>
        </Choice>
        {methods.map((m) => (
          <Choice
            key={m.id}
            name="paymentMethod"
            value={m.id}
            checked={chosen === m.id}
            onChange={() => onChoose(m.id)}
          >
            <span className="min-w-0 flex-1 font-medium break-words">{m.name}</span>
          </Choice>
        ))}
      </div>
    </ChoiceGroup>
  );
}

/** What the buyer does after placing the order, in the method's words (its lines kept). */
export function PaymentInstructions({ method }: { method: ManualPaymentMethod }) {
  return (
    <div id={INSTRUCTIONS_ID} className="mb-4 rounded-lg border border-line bg-hover px-3 py-2 text-sm">
      {method.instructions ? (
        <>
          <p className="font-medium">After you place the order:</p>
          <p className="mt-1 break-words whitespace-pre-wrap">{method.instructions}</p>
        </>
      ) : (
        <p>You pay by {method.name} after you place the order.</p>
      )}
    </div>
  );
}
