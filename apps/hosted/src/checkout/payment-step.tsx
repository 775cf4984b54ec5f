import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Field } from '@vitrine/ui';
import type { TestGatewayCard as Card } from '@vitrine/sdk';
import { describe, isSessionLost, type Described } from './errors.ts';

/** "MM/YY" or "MM/YYYY" (also "MM / YY", "MMYY") → month and four-digit year. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | undefined {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return undefined;
  const expMonth = Number(m[1]);
  const expYear = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return expMonth >= 1 && expMonth <= 12 ? { expMonth, expYear } : undefined;
}

/** Field violations of the pay call (`card.expMonth` …) as the form's fields. */
const cardFields = (f: Record<string, string>) => ({
  holderName: f.holderName,
  number: f.number,
  cvc: f.cvc,
  expiry: f.expMonth ?? f.expYear,
});

/**
 * The test gateway's card form. `pay` places the order (create-order, idempotent) and pays it;
 * a declined card leaves the checkout as it is and the buyer corrects the card and tries again.
 */
export function PaymentStep({
  total,
  free,
  pay,
  onLost,
}: {
  total: string;
  free: boolean;
  pay: (card: Card | undefined) => Promise<void>;
  onLost: (d: Described) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string | undefined>>({});
  const form = useRef<HTMLFormElement>(null);
  /** Puts the cursor where the buyer has to fix something (the card number after a refusal), text selected. */
  const focusField = (name: string | undefined) => {
    const input = name ? form.current?.elements.namedItem(name) : null;
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    let card: Card | undefined;
    if (!free) {
      const f = new FormData(e.currentTarget);
      const get = (k: string) => String(f.get(k) ?? '').trim();
      const expiry = parseExpiry(get('expiry'));
      const number = get('number').replace(/[\s-]/g, '');
      const missing: Record<string, string> = {};
      if (!get('holderName')) missing.holderName = 'Enter the name on the card.';
      if (!/^\d{12,19}$/.test(number)) missing.number = 'Enter the card number (12 to 19 digits).';
      if (!expiry) missing.expiry = 'Enter the expiry date as MM/YY.';
      if (!/^\d{3,4}$/.test(get('cvc'))) missing.cvc = 'Enter the 3 or 4 digit security code.';
      setFields(missing);
      if (Object.keys(missing).length) {
        setError('Please check the card details.');
        focusField(Object.keys(missing)[0]);
        return;
      }
      card = {
        number,
        expMonth: expiry!.expMonth,
        expYear: expiry!.expYear,
        cvc: get('cvc'),
        holderName: get('holderName'),
      };
    }
    setBusy(true);
    setError(undefined);
    try {
      await pay(card);
    } catch (err) {
      const d = describe(err);
      if (isSessionLost(d)) {
        onLost(d);
        return;
      }
      const invalid = cardFields(d.fields);
      setError(d.message);
      setFields(invalid);
      setBusy(false);
      const refused = d.code === 'CARD_DECLINED' || d.code === 'INSUFFICIENT_FUNDS';
      focusField(refused ? 'number' : Object.entries(invalid).find(([, v]) => v)?.[0]);
    }
  }

  return (
    <form ref={form} onSubmit={submit} noValidate aria-describedby={free ? undefined : 'test-cards'}>
      <Alert>{error}</Alert>
      {free ? (
        <p className="mb-4 text-sm">Nothing to pay: your order is fully covered.</p>
      ) : (
        <>
          <Alert id="test-cards" variant="warning" live={false}>
            <p className="font-medium">Test payments: no real card is charged.</p>
            <ul className="mt-1 list-disc pl-5">
              <li>
                <span className="font-mono">4242 4242 4242 4242</span> is approved
              </li>
              <li>
                <span className="font-mono">4000 0000 0000 0002</span> is declined
              </li>
              <li>
                <span className="font-mono">4000 0000 0000 9995</span> fails for insufficient funds
              </li>
            </ul>
            <p className="mt-1">Any future expiry date and any 3 digits for the security code.</p>
          </Alert>
          <Field
            label="Name on card"
            name="holderName"
            autoComplete="cc-name"
            error={fields.holderName}
            required
            maxLength={200}
          />
          <Field
            label="Card number"
            name="number"
            inputMode="numeric"
            autoComplete="cc-number"
            error={fields.number}
            required
            maxLength={23}
            placeholder="1234 1234 1234 1234"
          />
          <div className="grid grid-cols-2 gap-x-3">
            <Field
              label="Expiry date (MM/YY)"
              name="expiry"
              inputMode="numeric"
              autoComplete="cc-exp"
              error={fields.expiry}
              required
              maxLength={7}
              placeholder="MM/YY"
            />
            <Field
              label="Security code (CVC)"
              name="cvc"
              inputMode="numeric"
              autoComplete="cc-csc"
              error={fields.cvc}
              required
              maxLength={4}
            />
          </div>
        </>
      )}
      <Button type="submit" className="w-full" busy={busy}>
        {free ? 'Place order' : `Pay ${total} and place order`}
      </Button>
    </form>
  );
}
