/**
 * Issue a gift card: its value, an optional code (generated when empty) and expiry. The answer is
 * the only one with the whole code, so the dialog shows it with a Copy button until closed.
 */
import { useMutation } from '@tanstack/react-query';
import type { WireGiftCard } from '@vitrine/contract';
import { giftCardMutations } from '@vitrine/sdk/react';
import { Alert, Button, buttonClass, Field } from '@vitrine/ui';
import { Dialog, DialogClose } from '@vitrine/ui/dialog';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { CopyButton } from '../../../kit/copy.tsx';
import { fromLocalInput } from '../../../kit/format.ts';
import { marketingUrls } from '../urls.ts';

const CODE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{2,38})[A-Za-z0-9]$/;

export function NewCardDialog({ currency, onClose }: { currency: string | undefined; onClose: () => void }) {
  const http = useHttp();
  const create = useMutation(giftCardMutations.create(http));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [card, setCard] = useState<WireGiftCard>();
  const described = create.error ? describeError(create.error) : undefined;
  if (card)
    return (
      <Dialog
        open
        onOpenChange={(o) => !o && onClose()}
        title="Gift card issued"
        description="This is the only time the whole code is shown: copy it now and give it to its owner."
        footer={
          <>
            <Link to={marketingUrls.giftCard.href({ id: card.id })} className={buttonClass('secondary')}>
              Open the card
            </Link>
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          </>
        }
      >
        <p className="mb-1 text-sm font-medium" id="new-card-code-label">
          Code
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <output
            aria-labelledby="new-card-code-label"
            className="rounded-lg border border-line px-3 py-2 font-mono text-lg"
          >
            {card.code}
          </output>
          <CopyButton text={card.code} label="Copy code" />
        </div>
        <p className="mt-3 text-sm text-muted">Worth {card.initialValue.formattedAmount}.</p>
      </Dialog>
    );
  return (
    <ActionDialog
      title="New gift card"
      description="Shoppers pay with it at checkout by typing its code."
      onClose={onClose}
      submitLabel="Issue gift card"
      busy={create.isPending}
      error={
        described?.message ??
        (Object.keys(errors).length ? 'Please check the highlighted fields.' : undefined)
      }
      onSubmit={(f) => {
        const errs: Record<string, string> = {};
        const amount = String(f.get('amount') ?? '').trim();
        if (!/^\d{1,10}(\.\d{1,4})?$/.test(amount) || Number(amount) <= 0)
          errs.amount = 'Enter an amount above 0, such as 50.00.';
        const code = String(f.get('code') ?? '').trim();
        if (code && !CODE.test(code))
          errs.code = 'Use 4 to 40 letters, digits or inner dashes, or leave it empty.';
        setErrors(errs);
        if (Object.keys(errs).length) return;
        const expirationDate = fromLocalInput(String(f.get('expires') ?? ''));
        create.mutate(
          {
            initialValue: { amount },
            ...(code ? { code } : {}),
            ...(expirationDate ? { expirationDate } : {}),
          },
          { onSuccess: setCard },
        );
      }}
    >
      <Field
        label={`Value${currency ? ` (${currency})` : ''}`}
        name="amount"
        inputMode="decimal"
        error={errors.amount ?? described?.fields.amount}
      />
      <Field
        label="Code"
        name="code"
        autoComplete="off"
        hint="Optional: a 16-character code is generated when empty."
        error={
          errors.code ??
          described?.fields.code ??
          (described?.code === 'GIFT_CARD_CODE_ALREADY_EXISTS' ? described.message : undefined)
        }
      />
      <Field
        label="Expires"
        name="expires"
        type="datetime-local"
        hint="Optional: never when empty."
        error={described?.fields.expirationDate}
      />
      <Alert variant="info" live={false}>
        The whole code is shown once, right after you issue the card.
      </Alert>
    </ActionDialog>
  );
}
