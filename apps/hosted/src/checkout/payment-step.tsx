import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ManualPaymentMethod } from '@vitrine/contract';
import { Alert, Button, Field } from '@vitrine/ui';
import type { TestGatewayCard as Card } from '@vitrine/sdk';
import { describe, isSessionLost, type Described } from './errors.ts';
import { INSTRUCTIONS_ID, PaymentInstructions, PaymentMethods } from './payment-methods.tsx';

/** How the buyer pays what is due: a card, or one of the store's manual payment methods (by id). */
export type PayWith = { card: Card } | { methodId: string };

/** "MM/YY" or "MM/YYYY" (also "MM / YY", "MMYY") → month and four-digit year. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | undefined {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return undefined;
  const expMonth = Number(m[1]);
  const expYear = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return expMonth >= 1 && expMonth <= 12 ? { expMonth, expYear } : undefined;
}

/** The card form's fields (their `name`s). */
const CARD_FIELDS = ['holderName', 'number', 'expiry', 'cvc'] as const;

/** Field violations of the pay call (`card.expMonth` …) as the form's fields. */
const cardFields = (f: Record<string, string>) => ({
  holderName: f.holderName,
  number: f.number,
  cvc: f.cvc,
  expiry: f.expMonth ?? f.expYear,
});

/**
 * The test gateway's card form, or, when the store has manual payment methods, a choice between
 * the card and them. `pay` places the order (create-order, idempotent) and pays it; a declined
 * card leaves the checkout as it is and the buyer corrects the card and tries again.
 */
export function PaymentStep({
  total,
  free,
  methods,
  pay,
  onLost,
}: {
  total: string;
  free: boolean;
  /** The store's manual payment methods (offered when there is something to pay). */
  methods: readonly ManualPaymentMethod[];
  pay: (how: PayWith | undefined) => Promise<void>;
  onLost: (d: Described) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string | undefined>>({});
  // The chosen manual method's id (undefined: the card), and the methods the store no longer offers.
  const [chosen, setChosen] = useState<string>();
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const offered = free ? [] : methods.filter((m) => !gone.has(m.id));
  const manual = offered.find((m) => m.id === chosen);
  // The card fields as typed, kept while a manual method is chosen (its fields are not shown then).
  const [typed, setTyped] = useState<Partial<Record<(typeof CARD_FIELDS)[number], string>>>({});
  const form = useRef<HTMLFormElement>(null);
  const focusNext = useRef<string>(undefined);
  /** Puts the cursor where the buyer has to fix something (the card number after a refusal), text selected. */
  const focusField = (name: string | undefined) => {
    const item = name ? form.current?.elements.namedItem(name) : null;
    // A radio group: its checked radio.
    const input = item instanceof RadioNodeList ? Array.from(item).find((r) => r.checked) : item;
    if (input instanceof HTMLInputElement) {
      input.focus();
      if (input.type !== 'radio') input.select();
    }
  };
  // A field that shows only after the next render (the card's, once the card is chosen again).
  useEffect(() => {
    if (focusNext.current === undefined) return;
    focusField(focusNext.current);
    focusNext.current = undefined;
  });

  function choose(id: string | undefined) {
    if (!manual && form.current) {
      const f = new FormData(form.current);
      setTyped(Object.fromEntries(CARD_FIELDS.map((k) => [k, String(f.get(k) ?? '')])));
    }
    setChosen(id);
    setError(undefined);
    setFields({});
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    let how: PayWith | undefined;
    if (manual) how = { methodId: manual.id };
    else if (!free) {
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
      how = {
        card: {
          number,
          expMonth: expiry!.expMonth,
          expYear: expiry!.expYear,
          cvc: get('cvc'),
          holderName: get('holderName'),
        },
      };
    }
    setBusy(true);
    setError(undefined);
    try {
      await pay(how);
    } catch (err) {
      const d = describe(err);
      if (isSessionLost(d)) {
        onLost(d);
        return;
      }
      if (d.code === 'PAYMENT_METHOD_NOT_FOUND' && manual) {
        // Removed by the store meanwhile: no longer offered; the card is chosen instead.
        const left = offered.filter((m) => m.id !== manual.id);
        setGone((g) => new Set(g).add(manual.id));
        setChosen(undefined);
        setError(d.message);
        setBusy(false);
        focusNext.current = left.length ? 'paymentMethod' : 'holderName';
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
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-describedby={free ? undefined : manual ? INSTRUCTIONS_ID : 'test-cards'}
    >
      <Alert>{error}</Alert>
      {offered.length > 0 && (
        <PaymentMethods methods={offered} chosen={manual?.id} disabled={busy} onChoose={choose} />
      )}
      {manual && <PaymentInstructions method={manual} />}
      {free ? (
        <p className="mb-4 text-sm">Nothing to pay: your order is fully covered.</p>
      ) : (
        !manual && (
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
              defaultValue={typed.holderName}
              autoComplete="cc-name"
              error={fields.holderName}
              required
              maxLength={200}
            />
            <Field
              label="Card number"
              name="number"
              defaultValue={typed.number}
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
                defaultValue={typed.expiry}
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
                defaultValue={typed.cvc}
                inputMode="numeric"
                autoComplete="cc-csc"
                error={fields.cvc}
                required
                maxLength={4}
              />
            </div>
          </>
        )
      )}
      <Button type="submit" className="w-full" busy={busy}>
        {free || manual ? 'Place order' : `Pay ${total} and place order`}
      </Button>
    </form>
  );
}
