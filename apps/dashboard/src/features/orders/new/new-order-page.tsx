/**
 * `/dashboard/orders/new`: an order taken for a buyer (by phone, by e-mail). The merchant picks the
 * items and gives the buyer's e-mail; the store prices them as in the shop (a checkout made for the
 * buyer, `?checkout=<id>` from then on, so a reload keeps it). Then the payment link is e-mailed to
 * the buyer, or copied to send another way; the buyer gives their address, picks the delivery and
 * pays on the hosted checkout page, and the order appears in the list.
 */
import { useMutation } from '@tanstack/react-query';
import { paymentLinkMutations } from '@vitrine/sdk/react';
import { Alert, Button, Field, linkClass, PageHeading, useFocusFirstInvalid } from '@vitrine/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { ordersUrls } from '../urls.ts';
import { addItem, discountOf, draftProblems, lineOf, type DiscountKind, type DraftItem } from './draft.ts';
import { BuyerAccount, useBuyerAccount } from './buyer-account.tsx';
import { CustomItemForm } from './custom-item.tsx';
import { DiscountField } from './discount-field.tsx';
import { DraftItems } from './draft-items.tsx';
import { ItemPicker } from './item-picker.tsx';
import { PaymentLinkStep } from './payment-link-step.tsx';

export function NewOrderPage() {
  const [{ checkout }] = useRouteSearch(ordersUrls.create);
  useTitle('Create order');
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link to={ordersUrls.list.href()} className={linkClass}>
          Orders
        </Link>
      </nav>
      <PageHeading className="mb-2">Create order</PageHeading>
      {checkout ? <PaymentLinkStep checkoutId={checkout} /> : <DraftForm />}
    </>
  );
}

function DraftForm() {
  const http = useHttp();
  const navigate = useNavigate();
  const create = useMutation(paymentLinkMutations.createCheckout(http));
  const [email, setEmail] = useState('');
  const [items, setItems] = useState<DraftItem[]>([]);
  const [coupon, setCoupon] = useState('');
  const [discountKind, setDiscountKind] = useState<DiscountKind>('percentage');
  const [discountText, setDiscountText] = useState('');
  // The e-mail's member, and whether the order is to be theirs (it is unless the merchant says no).
  const member = useBuyerAccount(email);
  const [joinAccount, setJoinAccount] = useState(true);
  // What stopped the last "Continue" (the first field named is focused).
  const [problems, setProblems] = useState<ReturnType<typeof draftProblems>>({});
  const form = useFocusFirstInvalid(problems);

  return (
    <>
      <p className="mb-4 max-w-prose text-sm text-muted">
        Pick the items and give the buyer&apos;s e-mail. The store prices them as the shop does; the buyer
        then gets a link to give their address, choose the delivery and pay. The order appears in Orders once
        they pay.
      </p>
      <form
        ref={form}
        noValidate
        className="max-w-3xl"
        onSubmit={(e) => {
          e.preventDefault();
          const discount = { kind: discountKind, text: discountText };
          const found = draftProblems({ email, items, discount });
          setProblems(found);
          if (found.email || found.items || found.discount) return;
          const off = discountOf(discountKind, discountText);
          create.mutate(
            {
              email,
              ...(member?.status === 'APPROVED' && joinAccount ? { memberId: member.id } : {}),
              lines: items.map(lineOf),
              couponCode: coupon,
              ...(off ? { discount: off } : {}),
            },
            { onSuccess: (c) => void navigate(ordersUrls.create.href({ checkout: c.id })) },
          );
        }}
      >
        <Field
          label="Buyer's e-mail"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setProblems(({ email: _edited, ...rest }) => rest);
          }}
          error={problems.email}
        />
        <BuyerAccount member={member} join={joinAccount} onJoin={setJoinAccount} />
        <fieldset className="mb-4">
          <legend className="mb-2 font-medium">Items</legend>
          <ItemPicker
            error={problems.items}
            onAdd={(item) => {
              setItems((all) => addItem(all, item));
              setProblems(({ items: _done, ...rest }) => rest);
            }}
          />
          <CustomItemForm
            onAdd={(item) => {
              setItems((all) => addItem(all, item));
              setProblems(({ items: _done, ...rest }) => rest);
            }}
          />
          <DraftItems items={items} onChange={setItems} />
        </fieldset>
        <Field
          label="Coupon code (optional)"
          value={coupon}
          onChange={(e) => setCoupon(e.target.value)}
          autoComplete="off"
          className="mb-4 max-w-xs"
        />
        <DiscountField
          kind={discountKind}
          text={discountText}
          onKind={(k) => {
            setDiscountKind(k);
            setProblems(({ discount: _edited, ...rest }) => rest);
          }}
          onText={(t) => {
            setDiscountText(t);
            setProblems(({ discount: _edited, ...rest }) => rest);
          }}
          error={problems.discount}
        />
        <Alert>
          {create.error ? `The order could not be priced: ${errorMessage(create.error)}` : undefined}
        </Alert>
        <Button type="submit" busy={create.isPending}>
          Continue to the payment link
        </Button>
      </form>
    </>
  );
}
