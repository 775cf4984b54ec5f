/**
 * The order as the store priced it (items, totals so far) and its payment link: e-mailed to the
 * buyer with an optional message, or shown to copy. Once the buyer has paid, it says so and leads to
 * their orders.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Checkout, PaymentLink } from '@vitrine/contract';
import { errorCode } from '@vitrine/sdk';
import { paymentLinkMutations, paymentLinkQueries } from '@vitrine/sdk/react';
import { Alert, Button, buttonClass, formatMoney, linkClass, Table, TextArea } from '@vitrine/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useRouteSearch } from '../../../app/url.ts';
import { OPENED_HERE, useCloseDialog } from '../../../app/url-dialog.ts';
import { CopyButton } from '../../../kit/copy.tsx';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { dateTime, discountsByName } from '../format.ts';
import { LineItemsHead, LineName } from '../line-head.tsx';
import { TotalsList, type TotalRow } from '../totals.tsx';
import { ordersUrls } from '../urls.ts';
import { ChangeItems } from './change-items.tsx';
import { DeleteOrderDialog } from './delete-order.tsx';
import { ChangeDiscount } from './discount-change.tsx';

export function PaymentLinkStep({ checkoutId }: { checkoutId: string }) {
  const http = useHttp();
  const checkout = useQuery(paymentLinkQueries.checkout(http, checkoutId));
  const navigate = useNavigate();
  // Here, not in the dialog: deleting drops the checkout from the cache, and the dialog with it.
  const remove = useMutation(paymentLinkMutations.remove(http));
  const [{ dialog }] = useRouteSearch(ordersUrls.create);
  const close = useCloseDialog(ordersUrls.create.href({ checkout: checkoutId }));
  // Deleted (Back after "Delete this order", a stale tab), or an address that never named one.
  if (checkout.isError && errorCode(checkout.error) === 'CHECKOUT_NOT_FOUND')
    return (
      <Alert variant="warning">
        This order is not here: it was deleted, or the address is wrong. See the{' '}
        <Link to={ordersUrls.paymentLinks.href()} className={linkClass}>
          payment links
        </Link>{' '}
        not paid yet, or{' '}
        <Link to={ordersUrls.create.href()} className={linkClass}>
          create an order
        </Link>
        .
      </Alert>
    );
  return (
    <QueryState query={checkout} label="Loading the order…">
      {(c) => (
        <>
          <p className="mb-4 text-sm text-muted">
            For {c.buyerInfo.email ?? 'a buyer without an e-mail'}
            {c.buyerInfo.memberId && ', a member: they sign in to pay, and the order is in their account'}
          </p>
          {c.completed ? (
            <Alert variant="success">
              The buyer has paid: the order is in{' '}
              <Link to={ordersUrls.list.href({ q: c.buyerInfo.email })} className={linkClass}>
                their orders
              </Link>
              .
            </Alert>
          ) : (
            <Unavailable checkout={c} />
          )}
          <div className="grid gap-x-4 lg:grid-cols-3">
            <div className="min-w-0 lg:col-span-2">
              <Section title="Items">
                <Items checkout={c} />
              </Section>
            </div>
            {!c.completed && (
              <div className="min-w-0">
                <Section title="Payment link">
                  <SendLink checkout={c} />
                </Section>
              </div>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to={ordersUrls.create.href()} className={buttonClass('secondary')}>
              Create another order
            </Link>
            {!c.completed && (
              <Link
                to={ordersUrls.create.href({ checkout: c.id, dialog: 'delete' })}
                state={OPENED_HERE}
                preventScrollReset
                className={buttonClass('ghost')}
              >
                Delete this order
              </Link>
            )}
          </div>
          {dialog === 'delete' && !c.completed && (
            <DeleteOrderDialog
              checkout={c}
              remove={remove}
              onClose={close}
              onDone={() =>
                void navigate(ordersUrls.paymentLinks.href(), {
                  replace: true,
                  state: {
                    notice: `The order for ${c.buyerInfo.email ?? 'the buyer'} was deleted: its payment link opens nothing now.`,
                  },
                })
              }
            />
          )}
        </>
      )}
    </QueryState>
  );
}

/** Items the buyer cannot pay for as things stand (out of stock, gone from the shop). */
function Unavailable({ checkout: c }: { checkout: Checkout }) {
  const out = c.lineItems.filter((l) => l.availability.status !== 'AVAILABLE');
  if (!out.length) return null;
  return (
    <Alert variant="warning">
      {`Not available now: ${out.map((l) => l.productName.original).join(', ')}. The buyer cannot pay for ${
        out.length > 1 ? 'them' : 'it'
      } until you restock or make a new order without ${out.length > 1 ? 'them' : 'it'}.`}
    </Alert>
  );
}

function Items({ checkout: c }: { checkout: Checkout }) {
  const money = (m: { amount: string; formattedAmount?: string }) => formatMoney(m, { currency: c.currency });
  const s = c.priceSummary;
  const rows: TotalRow[] = [
    ['Subtotal', money(s.subtotal)],
    ...discountsByName(c.appliedDiscounts).map(([label, amount]): TotalRow => [label, `−${money(amount)}`]),
    [c.completed ? 'Total' : 'Total so far', money(s.total), true],
  ];
  return (
    <>
      <Table caption="Line items" hideCaption className="mb-4">
        <LineItemsHead />
        <tbody>
          {c.lineItems.map((l) => (
            <tr key={l.id}>
              <LineName line={l} />
              <td className="text-right whitespace-nowrap tabular-nums">
                {money(l.price ?? l.fullPrice ?? s.subtotal)}
              </td>
              <td className="text-right tabular-nums">{l.quantity}</td>
              <td className="text-right whitespace-nowrap tabular-nums">
                {money(l.lineItemPrice ?? l.totalPriceAfterTax)}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <TotalsList rows={rows} />
      {!c.completed && (
        <p className="mt-2 text-right text-sm text-muted">
          Delivery and tax are added when the buyer gives their address.
        </p>
      )}
      {!c.completed && <ChangeItems checkout={c} />}
      {!c.completed && <ChangeDiscount key={c.id} checkout={c} />}
    </>
  );
}

function SendLink({ checkout: c }: { checkout: Checkout }) {
  const http = useHttp();
  const make = useMutation(paymentLinkMutations.make(http));
  const [message, setMessage] = useState('');
  const [link, setLink] = useState<PaymentLink>();
  const email = c.buyerInfo.email;
  const get = (sendEmail: boolean) =>
    make.mutate({ checkoutId: c.id, sendEmail, message }, { onSuccess: (l) => setLink(l) });
  return (
    <>
      <p className="mb-3 text-sm text-muted">
        Opens this order on the store&apos;s checkout page, on any device, for 30 days.
      </p>
      <TextArea
        label="Message to the buyer (optional)"
        hint="Quoted in the e-mail, above the items."
        value={message}
        maxLength={1000}
        onChange={(e) => setMessage(e.target.value)}
      />
      <Alert>{make.error ? `No link was made: ${errorMessage(make.error)}` : undefined}</Alert>
      <div className="mb-3 flex flex-wrap gap-2">
        {email && (
          <Button size="sm" busy={make.isPending && make.variables.sendEmail} onClick={() => get(true)}>
            E-mail the link to {email}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          busy={make.isPending && !make.variables.sendEmail}
          onClick={() => get(false)}
        >
          Show the link to copy
        </Button>
      </div>
      {link && (
        <>
          <Alert variant="success">
            {link.emailedTo
              ? `Sent to ${link.emailedTo}. The link works until ${dateTime(link.expiresDate)}.`
              : `The link works until ${dateTime(link.expiresDate)}.`}
          </Alert>
          <p className="mb-2 rounded-lg border border-line bg-hover px-3 py-2 font-mono text-xs break-all">
            {link.url}
          </p>
          <CopyButton text={link.url} label="Copy link" done="Link copied." />
        </>
      )}
    </>
  );
}
