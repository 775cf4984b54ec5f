/**
 * `/dashboard/marketing/gift-cards/:id`: one gift card: balance against its value, status, expiry,
 * and every redemption (the order, the amount, refunded or not). Edit (balance correction, expiry)
 * and delete are dialogs in the URL (`?dialog=edit|delete`); disable and enable are one button.
 */
import { useMutation, useQuery, type UseMutationResult } from '@tanstack/react-query';
import type { WireGiftCard } from '@vitrine/contract';
import { giftCardMutations, giftCardQueries } from '@vitrine/sdk/react';
import { Alert, Badge, Button, buttonClass, Field, linkClass, PageHeading, Table, Choice } from '@vitrine/ui';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { describeError, errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { useCloseDialog } from '../../../app/url-dialog.ts';
import { ConfirmDialog } from '../../../kit/confirm.tsx';
import { OPENED_HERE } from '../../../kit/dialogs.ts';
import { dateTime, fromLocalInput, plural, toLocalInput } from '../../../kit/format.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { ordersUrls } from '../../orders/urls.ts';
import { marketingUrls } from '../urls.ts';
import { cardStatus } from './status.ts';

export function GiftCardPage() {
  const { id = '' } = useParams();
  const http = useHttp();
  const navigate = useNavigate();
  const card = useQuery(giftCardQueries.one(http, id));
  const toggle = useMutation(giftCardMutations.setDisabled(http));
  // Here, not in the dialog: deleting drops the card from the cache, and the dialog with it.
  const remove = useMutation(giftCardMutations.delete(http));
  const [{ dialog }] = useRouteSearch(marketingUrls.giftCard);
  const close = useCloseDialog(marketingUrls.giftCard.href({ id }));
  const [notice, setNotice] = useState<string>();
  useTitle(card.data ? `Gift card ${card.data.code}` : 'Gift card');

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link to={marketingUrls.giftCards.href()} className={linkClass}>
          Gift cards
        </Link>
      </nav>
      <PageHeading className="mb-4">{card.data ? `Gift card ${card.data.code}` : 'Gift card'}</PageHeading>
      <QueryState query={card} label="Loading the gift card…">
        {(c) => (
          <>
            <div className="mb-4 flex flex-wrap items-center gap-2">
              <Badge tone={cardStatus[c.status][1]}>{cardStatus[c.status][0]}</Badge>
              <span className="text-sm text-muted">Issued {dateTime(c.createdDate)}</span>
            </div>
            <Alert variant="success">{notice}</Alert>
            <Alert>{toggle.error ? errorMessage(toggle.error) : undefined}</Alert>
            <div className="mb-6 flex flex-wrap gap-2">
              <Link
                to={marketingUrls.giftCard.href({ id }, { dialog: 'edit' })}
                state={OPENED_HERE}
                className={buttonClass('secondary', 'sm')}
              >
                Edit balance or expiry
              </Link>
              <Button
                variant="secondary"
                size="sm"
                busy={toggle.isPending}
                onClick={() =>
                  toggle.mutate(
                    { id: c.id, disabled: !c.disabled, revision: c.revision },
                    {
                      onSuccess: (x) => setNotice(x.disabled ? 'Gift card disabled.' : 'Gift card enabled.'),
                    },
                  )
                }
              >
                {c.disabled ? 'Enable' : 'Disable'}
              </Button>
              <Link
                to={marketingUrls.giftCard.href({ id }, { dialog: 'delete' })}
                state={OPENED_HERE}
                className={buttonClass('ghost', 'sm')}
              >
                Delete
              </Link>
            </div>
            <Section title="Balance">
              <dl className="grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
                <dt>Balance</dt>
                <dd className="text-right font-semibold tabular-nums">{c.balance.formattedAmount}</dd>
                <dt>Value when issued</dt>
                <dd className="text-right tabular-nums">{c.initialValue.formattedAmount}</dd>
                <dt>Expires</dt>
                <dd className="text-right">{c.expirationDate ? dateTime(c.expirationDate) : 'Never'}</dd>
              </dl>
            </Section>
            <Section
              title="Redemptions"
              description={plural(c.redemptions.length, 'order') + ' paid with this card.'}
            >
              {c.redemptions.length === 0 ? (
                <p className="text-sm text-muted">Not used yet.</p>
              ) : (
                <Table caption="Redemptions" hideCaption className="mb-0">
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Date</th>
                      <th scope="col" className="text-right">
                        Amount
                      </th>
                      <th scope="col">Refunded</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.redemptions.map((r) => (
                      <tr key={r.orderId}>
                        <th scope="row" className="font-normal">
                          <Link to={ordersUrls.detail.href({ id: r.orderId })} className={linkClass}>
                            Open the order
                          </Link>
                        </th>
                        <td className="whitespace-nowrap">{dateTime(r.createdDate)}</td>
                        <td className="text-right tabular-nums">{r.amount.formattedAmount}</td>
                        <td>{r.refundedDate ? `Given back ${dateTime(r.refundedDate)}` : 'No'}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </Section>
            {dialog === 'edit' && (
              <EditCardDialog
                card={c}
                onClose={close}
                onDone={(m) => {
                  setNotice(m);
                  close();
                }}
              />
            )}
            {dialog === 'delete' && (
              <DeleteCardDialog
                card={c}
                remove={remove}
                onClose={close}
                onDone={() => void navigate(marketingUrls.giftCards.href(), { replace: true })}
              />
            )}
          </>
        )}
      </QueryState>
    </>
  );
}

function EditCardDialog({
  card,
  onClose,
  onDone,
}: {
  card: WireGiftCard;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const http = useHttp();
  const update = useMutation(giftCardMutations.update(http));
  const [problem, setProblem] = useState<string>();
  const described = update.error ? describeError(update.error) : undefined;
  return (
    <ActionDialog
      title="Edit gift card"
      description="Correct the balance (it is what the card can still pay) or change when it expires."
      onClose={onClose}
      submitLabel="Save"
      busy={update.isPending}
      error={described?.message ?? (problem ? 'Please check the highlighted fields.' : undefined)}
      onSubmit={(f) => {
        const amount = String(f.get('balance') ?? '').trim();
        if (!/^\d{1,10}(\.\d{1,4})?$/.test(amount))
          return setProblem('Enter an amount of 0 or more, such as 25.00.');
        setProblem(undefined);
        const never = f.get('never') === 'on';
        const expires = fromLocalInput(String(f.get('expires') ?? ''));
        update.mutate(
          {
            id: card.id,
            patch: {
              revision: card.revision,
              balance: { amount },
              expirationDate: never ? null : (expires ?? card.expirationDate),
            },
          },
          { onSuccess: () => onDone('Gift card saved.') },
        );
      }}
    >
      <Field
        label="Balance"
        name="balance"
        inputMode="decimal"
        defaultValue={card.balance.amount}
        error={problem ?? described?.fields.amount}
      />
      <Field
        label="Expires"
        name="expires"
        type="datetime-local"
        defaultValue={toLocalInput(card.expirationDate)}
        error={described?.fields.expirationDate}
      />
      <Choice type="checkbox" name="never" defaultChecked={!card.expirationDate}>
        Never expires
      </Choice>
    </ActionDialog>
  );
}

function DeleteCardDialog({
  card,
  remove,
  onClose,
  onDone,
}: {
  card: WireGiftCard;
  remove: UseMutationResult<object, Error, string>;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Delete gift card ${card.code}?`}
      description={`Its balance of ${card.balance.formattedAmount} can no longer be spent. To stop it for a while, disable it instead.`}
      confirmLabel="Delete gift card"
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(card.id, { onSuccess: onDone })}
      onClose={onClose}
    />
  );
}
