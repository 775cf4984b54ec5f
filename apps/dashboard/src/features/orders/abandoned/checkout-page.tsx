/**
 * `/dashboard/orders/abandoned/:id`: one abandoned checkout: its buyer, items and totals, what
 * happened to it, the recovery link (copy it), "Send recovery e-mail" while it is abandoned, and
 * "Delete" (`?dialog=delete`, then back to the list, which says so).
 */
import { useMutation, useQuery, type UseMutationResult } from '@tanstack/react-query';
import type { WireAbandonedCheckout } from '@vitrine/contract';
import { abandonedCheckoutMutations, abandonedCheckoutQueries } from '@vitrine/sdk/react';
import { Alert, Button, buttonClass, linkClass, PageHeading } from '@vitrine/ui';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { useCloseDialog } from '../../../app/url-dialog.ts';
import { ConfirmDialog } from '../../../kit/confirm.tsx';
import { OPENED_HERE } from '../../../kit/dialogs.ts';
import { Facts } from '../../../kit/facts.tsx';
import { dateTime } from '../../../kit/format.ts';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { StatusBadge } from '../status.tsx';
import { ordersUrls } from '../urls.ts';
import { AbandonedActivity } from './activity.tsx';
import { abandonedLabels, buyerLabel, buyerName } from './describe.ts';
import { AbandonedItems, AbandonedTotals } from './items.tsx';
import { RecoveryLink } from './recovery-link.tsx';

export function AbandonedCheckoutPage() {
  const { id = '' } = useParams();
  const http = useHttp();
  const navigate = useNavigate();
  const checkout = useQuery(abandonedCheckoutQueries.one(http, id));
  const send = useMutation(abandonedCheckoutMutations.sendRecoveryEmail(http));
  // Here, not in the dialog: deleting drops the checkout from the cache, and the dialog with it.
  const remove = useMutation(abandonedCheckoutMutations.delete(http));
  const [{ dialog }] = useRouteSearch(ordersUrls.abandonedCheckout);
  const close = useCloseDialog(ordersUrls.abandonedCheckout.href({ id }));
  const [notice, setNotice] = useState<string>();
  const heading = checkout.data ? `Abandoned checkout of ${buyerLabel(checkout.data)}` : 'Abandoned checkout';
  useTitle(heading);

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link to={ordersUrls.abandoned.href()} className={linkClass}>
          Abandoned checkouts
        </Link>
      </nav>
      <PageHeading className="mb-2 break-words">{heading}</PageHeading>
      <QueryState query={checkout} label="Loading the abandoned checkout…">
        {(c) => (
          <>
            <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
              <StatusBadge entry={abandonedLabels[c.status]} />
              <span className="text-muted">
                Abandoned <time dateTime={c.createdDate}>{dateTime(c.createdDate)}</time>
              </span>
            </div>
            <Alert variant="success">{notice}</Alert>
            <Alert>{send.error ? `No e-mail was sent: ${errorMessage(send.error)}` : undefined}</Alert>
            <div className="mb-6 flex flex-wrap gap-2">
              {c.status === 'ABANDONED' && (
                <Button
                  size="sm"
                  busy={send.isPending}
                  onClick={() => {
                    setNotice(undefined);
                    send.mutate(c.id, {
                      onSuccess: (a) =>
                        setNotice(`Recovery e-mail sent to ${a.buyerInfo.email ?? c.buyerInfo.email}.`),
                    });
                  }}
                >
                  Send recovery e-mail
                </Button>
              )}
              <Link
                to={ordersUrls.abandonedCheckout.href({ id }, { dialog: 'delete' })}
                state={OPENED_HERE}
                preventScrollReset
                className={buttonClass('ghost', 'sm')}
              >
                Delete
              </Link>
            </div>
            <div className="grid gap-x-4 lg:grid-cols-3">
              <div className="min-w-0 lg:col-span-2">
                <Section title="Items">
                  <AbandonedItems checkout={c} />
                  <AbandonedTotals checkout={c} />
                </Section>
                <Section title="Activity">
                  <AbandonedActivity checkout={c} />
                </Section>
              </div>
              <div className="min-w-0 gap-x-4 md:grid md:grid-cols-2 md:items-start lg:block">
                <Section title="Buyer">
                  <Facts
                    rows={[
                      ['Status', abandonedLabels[c.status][0]],
                      ['Name', buyerName(c) ?? '—'],
                      ['E-mail', c.buyerInfo.email ?? '—'],
                      ['Phone', c.contactDetails?.phone || '—'],
                      ...(c.contactDetails?.company ? [['Company', c.contactDetails.company] as const] : []),
                      ['Account', c.buyerInfo.memberId ? 'Member' : 'Guest'],
                      ['Abandoned', dateTime(c.createdDate)],
                      ['Recovered', c.checkoutRecoveredDate ? dateTime(c.checkoutRecoveredDate) : 'Not yet'],
                    ]}
                  />
                </Section>
                <Section title="Recovery link">
                  <RecoveryLink checkout={c} />
                </Section>
              </div>
            </div>
            {dialog === 'delete' && (
              <DeleteDialog
                checkout={c}
                remove={remove}
                onClose={close}
                onDone={() =>
                  void navigate(ordersUrls.abandoned.href(), {
                    replace: true,
                    state: { notice: `The abandoned checkout of ${buyerLabel(c)} was deleted.` },
                  })
                }
              />
            )}
          </>
        )}
      </QueryState>
    </>
  );
}

function DeleteDialog({
  checkout,
  remove,
  onClose,
  onDone,
}: {
  checkout: WireAbandonedCheckout;
  remove: UseMutationResult<object, Error, string>;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <ConfirmDialog
      title="Delete this abandoned checkout?"
      description={`The checkout ${buyerLabel(checkout)} left is deleted for good; the shopper is not told.`}
      confirmLabel="Delete abandoned checkout"
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(checkout.id, { onSuccess: onDone })}
      onClose={onClose}
    />
  );
}
