import { useMutation, useQuery } from '@tanstack/react-query';
import { needsShipping, type Checkout, type CheckoutUpdate } from '@vitrine/sdk';
import { checkoutMutations, checkoutQueries, memberQueries, paymentMutations } from '@vitrine/sdk/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { addressText, Alert, Button, formatMoney, isZeroMoney, linkClass, sameAddress } from '@vitrine/ui';
import { useDocumentTitle } from '../store-name.ts';
import { http } from './api.ts';
import { ContactStep, type Method } from './contact-step.tsx';
import { describe, isSessionLost, type Described } from './errors.ts';
import { Loading, LostSession } from './lost.tsx';
import { PaymentStep, type PayWith } from './payment-step.tsx';
import { savedAddresses, saveToAccount } from './saved-addresses.tsx';
import { afterOrderUrl, endSession, returnTargets, useCheckoutSession, type Session } from './session.ts';
import { optionsOf, PICKUP_CARRIER, ShippingStep } from './shipping-step.tsx';
import { CheckoutSummary } from './summary.tsx';
import { Shell, Step } from './parts.tsx';
import { prefetchCheckoutStart, WithQueries } from './query.tsx';

/** `/checkout?checkoutId=…&checkoutToken=…`: opens the session, then the checkout. */
export function CheckoutPage() {
  // Once, as the page first renders: beside the session's opening, not after it.
  useState(prefetchCheckoutStart);
  const s = useCheckoutSession();
  useDocumentTitle('Checkout');
  if (s.state === 'loading') return <Loading what="Opening your checkout…" />;
  if (s.state === 'lost') return <LostSession message={s.message} placed={s.placed} />;
  return (
    <WithQueries>
      <CheckoutFlow session={s.session} />
    </WithQueries>
  );
}

const LOST = 'Your checkout session has ended.';
const requiresShipping = (c: Checkout) => needsShipping(c.lineItems);
const cheapest = (options: ReturnType<typeof optionsOf>) =>
  options.reduce<(typeof options)[number] | undefined>(
    (best, o) =>
      !best || Number(o.cost?.price?.amount ?? 0) < Number(best.cost?.price?.amount ?? 0) ? o : best,
    undefined,
  );

function CheckoutFlow({ session }: { session: Session }) {
  const navigate = useNavigate();
  const id = session.checkoutId;
  // Server data lives in the query cache: the checkout (each change's answer replaces it) and the member.
  const checkoutQuery = useQuery(checkoutQueries.byId(http, id));
  // A signed-in member's name and e-mail pre-fill the contact step (read before it first shows).
  const memberQuery = useQuery({
    ...memberQueries.me(http),
    enabled: session.role === 'member',
    retry: false,
  });
  const updating = useMutation(checkoutMutations.update(http, id));
  const removingCoupon = useMutation(checkoutMutations.removeCoupon(http, id));
  const removingGiftCard = useMutation(checkoutMutations.removeGiftCard(http, id));
  const ordering = useMutation(checkoutMutations.createOrder(http, id));
  const paying = useMutation(paymentMutations.payWithTestGateway(http));
  const payingOffline = useMutation(paymentMutations.payOffline(http));
  const [lost, setLost] = useState<string>();
  const [method, setMethod] = useState<Method>();
  const [editing, setEditing] = useState<boolean>();
  const [ordered, setOrdered] = useState(false);
  // "Save this address to my account": unset until the member touches it (then: on when they have none saved).
  const [saveChoice, setSaveChoice] = useState<boolean>();
  const addressSaved = useRef(false);
  const contactHeading = useRef<HTMLHeadingElement>(null);
  const shippingHeading = useRef<HTMLHeadingElement>(null);
  const paymentHeading = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<'contact' | 'shipping' | 'payment'>(undefined);

  // Moves focus to the step that just opened (after it rendered).
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = undefined;
    ({ contact: contactHeading, shipping: shippingHeading, payment: paymentHeading })[
      target
    ].current?.focus();
  });

  const loseSession = (d: Described) => {
    endSession();
    setLost(d.code === 'UNAUTHENTICATED' || d.status === 401 ? LOST : d.message);
  };

  const checkout = checkoutQuery.data;
  const loadError = !checkout && checkoutQuery.error ? describe(checkoutQuery.error) : undefined;
  if (lost) return <LostSession message={lost} />;
  if (loadError && isSessionLost(loadError)) return <LostSession message={LOST} />;
  if (loadError)
    return (
      <Shell>
        <Alert>{loadError.message}</Alert>
      </Shell>
    );
  if (!checkout || (memberQuery.isEnabled && memberQuery.isPending))
    return <Loading what="Loading your checkout…" />;
  const member = memberQuery.data;
  const saveAddress = saveChoice ?? savedAddresses(member).length === 0;
  const busy =
    updating.isPending ||
    removingCoupon.isPending ||
    removingGiftCard.isPending ||
    checkoutQuery.isRefetching;

  /** Runs a checkout change (its answer replaces the cached checkout); a lost session shows the "expired" page. */
  async function apply(call: () => Promise<Checkout>): Promise<Checkout> {
    try {
      return await call();
    } catch (e) {
      const d = describe(e);
      if (isSessionLost(d)) loseSession(d);
      throw e;
    }
  }
  const update = (u: CheckoutUpdate) => apply(() => updating.mutateAsync(u));
  /** Reads the checkout again (its violations after a refused order). */
  const refresh = () => apply(async () => (await checkoutQuery.refetch({ throwOnError: true })).data!);

  const shipping = requiresShipping(checkout);
  const destination = checkout.shippingInfo?.shippingDestination;
  const selected = checkout.shippingInfo?.selectedCarrierServiceOption;
  const pickupOffered = optionsOf(checkout, true).length > 0;
  // Pickup only when the buyer chose it (saved without an address); the calculator may pre-select a free pickup by itself.
  const currentMethod: Method =
    method ??
    (selected?.carrierId === PICKUP_CARRIER && destination?.contactDetails && !destination.address?.country
      ? 'pickup'
      : 'ship');
  const locked = ordered || checkout.completed;
  const contactComplete =
    !!checkout.buyerInfo?.email &&
    !!destination?.contactDetails?.firstName &&
    (!shipping || currentMethod === 'pickup' || !!destination?.address?.country);
  const contactOpen = !locked && (editing ?? !contactComplete);
  const shippingReady =
    !shipping || (!!selected && (selected.carrierId === PICKUP_CARRIER) === (currentMethod === 'pickup'));
  const total = checkout.payNow?.total ?? checkout.priceSummary?.total;
  const errors = (checkout.violations ?? []).filter((v) => v.severity === 'ERROR');

  async function saveContact(u: CheckoutUpdate, m: Method) {
    // Pickup is only selected when chosen: the contact and the cheapest pickup point in one update.
    const pickupCode = shipping && m === 'pickup' ? cheapest(optionsOf(checkout!, true))?.code : undefined;
    let c = await update(
      pickupCode
        ? {
            ...u,
            checkout: {
              ...u.checkout,
              shippingInfo: {
                ...u.checkout?.shippingInfo,
                selectedCarrierServiceOption: { code: pickupCode },
              },
            },
            fieldMask: [u.fieldMask, 'shippingInfo.selectedCarrierServiceOption'].filter(Boolean).join(','),
          }
        : u,
    );
    if (shipping) {
      const pickup = m === 'pickup';
      const current = c.shippingInfo?.selectedCarrierServiceOption;
      if (!current || (current.carrierId === PICKUP_CARRIER) !== pickup) {
        const best = cheapest(optionsOf(c, pickup));
        if (best)
          c = await update({
            checkout: { shippingInfo: { selectedCarrierServiceOption: { code: best.code } } },
          });
      }
    }
    setMethod(m);
    setEditing(false);
    focusNext.current = shipping ? 'shipping' : 'payment';
    return c;
  }

  async function pay(how: PayWith | undefined) {
    const placed = await ordering.mutateAsync().catch(async (e: unknown) => {
      if (describe(e).code === 'VIOLATIONS_WITH_ERROR_SEVERITY') await refresh().catch(() => undefined);
      throw e;
    });
    setOrdered(true);
    const paymentGatewayOrderId = placed.paymentGatewayOrderId;
    if (paymentGatewayOrderId) {
      if (!how) throw new Error('A payment is needed');
      try {
        // A manual payment method places the order awaiting payment, as a paid card places it paid.
        await ('card' in how
          ? paying.mutateAsync({ paymentGatewayOrderId, card: how.card })
          : payingOffline.mutateAsync({ paymentGatewayOrderId, methodId: how.methodId }));
      } catch (e) {
        if (describe(e).code !== 'ORDER_ALREADY_PAID') throw e;
      }
    }
    // The shipping address into the member's address book, when they asked (never in the way of the order).
    if (member && saveAddress && shipping && currentMethod === 'ship' && !addressSaved.current) {
      addressSaved.current = true;
      await saveToAccount(http, destination?.address).catch(() => undefined);
    }
    // The front end's own thank-you page when its redirect session named one (signed into the link).
    const thanks = session.thankYouPageUrl ? afterOrderUrl(session, placed.orderId) : undefined;
    if (thanks) {
      window.location.assign(thanks);
      return;
    }
    const next = new URLSearchParams({ orderId: placed.orderId });
    const here = new URLSearchParams(window.location.search);
    for (const k of ['thankYouPageUrl', 'postFlowUrl']) if (here.get(k)) next.set(k, here.get(k)!);
    navigate(`/checkout/thank-you?${next}`);
  }

  const shipTo = currentMethod === 'pickup' ? 'Pick up' : addressText(destination?.address);
  // Named only when it is another place than the delivery's.
  const billing = checkout.billingInfo?.address;
  const billTo =
    currentMethod === 'ship' && billing && destination?.address && !sameAddress(billing, destination.address)
      ? addressText(billing)
      : undefined;

  return (
    <Shell
      aside={
        <CheckoutSummary
          checkout={checkout}
          busy={busy}
          locked={locked}
          onUpdate={async (u) => {
            await update(u);
          }}
          onRemove={async (what) => {
            await apply(() =>
              what === 'coupon' ? removingCoupon.mutateAsync() : removingGiftCard.mutateAsync(),
            );
          }}
        />
      }
    >
      <h1 className="sr-only">Checkout</h1>
      {locked ? (
        <Alert variant="info">Your order is reserved. Complete the payment to place it.</Alert>
      ) : (
        <BackToCart session={session} />
      )}
      <Step
        n={1}
        title={shipping ? 'Contact and delivery' : 'Contact'}
        headingRef={contactHeading}
        done={!contactOpen}
        action={
          !contactOpen &&
          !locked && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setEditing(true);
                focusNext.current = 'contact';
              }}
            >
              Edit
            </Button>
          )
        }
      >
        {contactOpen ? (
          <ContactStep
            checkout={checkout}
            member={member}
            method={currentMethod}
            pickupOffered={pickupOffered}
            shipping={shipping}
            saveAddress={saveAddress}
            onMethod={setMethod}
            onSaveAddress={setSaveChoice}
            onSave={async (u, m) => {
              await saveContact(u, m);
            }}
          />
        ) : (
          <div className="text-sm">
            <p>{checkout.buyerInfo?.email}</p>
            <p>
              {[destination?.contactDetails?.firstName, destination?.contactDetails?.lastName]
                .filter(Boolean)
                .join(' ')}
            </p>
            {shipping && <p>{shipTo}</p>}
            {billTo && <p>Billing address: {billTo}</p>}
          </div>
        )}
      </Step>
      {shipping && !contactOpen && (
        <Step
          n={2}
          title={currentMethod === 'pickup' ? 'Pickup point' : 'Shipping method'}
          headingRef={shippingHeading}
          done={shippingReady}
        >
          {locked ? (
            <p className="text-sm">
              {selected?.title} · {formatMoney(selected?.cost?.price, { zero: 'Free' })}
            </p>
          ) : (
            <ShippingStep
              checkout={checkout}
              pickup={currentMethod === 'pickup'}
              busy={busy}
              onSelect={async (code) => {
                await update({ checkout: { shippingInfo: { selectedCarrierServiceOption: { code } } } });
              }}
            />
          )}
        </Step>
      )}
      {!contactOpen && shippingReady && (
        <Step n={shipping ? 3 : 2} title="Payment" headingRef={paymentHeading}>
          {errors.length > 0 && (
            <Alert>
              {errors.map((v) => (
                <p key={v.description}>{v.description}</p>
              ))}
            </Alert>
          )}
          <PaymentStep
            total={formatMoney(total)}
            free={isZeroMoney(total)}
            methods={session.manualPaymentMethods}
            pay={pay}
            onLost={loseSession}
          />
        </Step>
      )}
    </Shell>
  );
}

/** The way back to the storefront's cart (or, without a cart page, to the shop) while nothing is ordered. */
function BackToCart({ session }: { session: Session }) {
  const { cart, postFlow } = returnTargets(session);
  const target = cart ?? postFlow;
  if (!target) return null;
  return (
    <p className="text-sm">
      <a href={target.toString()} className={linkClass}>
        <span aria-hidden="true">← </span>
        {cart ? 'Back to cart' : 'Back to the shop'}
      </a>
    </p>
  );
}
