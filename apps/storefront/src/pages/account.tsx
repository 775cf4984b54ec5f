import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberCalls, type MemberView } from '@vitrine/sdk';
import { memberQueries, orderQueries } from '@vitrine/sdk/react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { Alert, Button, Field, linkClass, Loading, PageHeading } from '@vitrine/ui';
import { useTitle } from '../use-title.ts';
import { useEnv, useHydrated, useLoggedIn } from '../env.tsx';
import { describeError } from '../errors.ts';
import { date, label, OrderView } from '../components/order-view.tsx';
import { Notice } from '../notice.tsx';
import { signOut } from '../session.ts';
import { AddressBook } from './account-addresses.tsx';

// The Security tab (its own file), in the account's chunk: one chunk for the account's pages.
export { Security } from './account-security.tsx';

export function AccountLayout() {
  const env = useEnv();
  const loggedIn = useLoggedIn();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // The server cannot know who is signed in (tokens live in the browser): decide after hydration.
  const hydrated = useHydrated();
  if (!hydrated) return <Loading />;
  if (!loggedIn) return <Navigate to={`/login?returnTo=${encodeURIComponent(location.pathname)}`} replace />;
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-11 items-center rounded-lg px-3 font-medium ${isActive ? 'bg-stone-900 text-white' : 'hover:bg-stone-100'}`;
  return (
    <>
      <PageHeading>Your account</PageHeading>
      <div className="mb-6 flex flex-wrap items-center gap-2">
        <nav aria-label="Account" className="flex flex-wrap gap-1">
          <NavLink to="/account" end className={tab}>
            Profile
          </NavLink>
          <NavLink to="/account/orders" className={tab}>
            Orders
          </NavLink>
          <NavLink to="/account/addresses" className={tab}>
            Addresses
          </NavLink>
          <NavLink to="/account/security" className={tab}>
            Security
          </NavLink>
        </nav>
        <Button
          variant="secondary"
          className="ml-auto"
          busy={busy}
          onClick={() => {
            setBusy(true);
            signOut(env, queryClient).catch(() => setBusy(false));
          }}
        >
          Sign out
        </Button>
      </div>
      <Alert variant="info">{(location.state as { notice?: string } | null)?.notice}</Alert>
      <Notice />
      <Outlet />
    </>
  );
}

function useMe() {
  const { http } = useEnv();
  return useQuery(memberQueries.me(http));
}

function useSaveMember() {
  const { http } = useEnv();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Parameters<typeof memberCalls.update>[2] }) =>
      memberCalls.update(http, id, patch),
    onSuccess: (member) => queryClient.setQueryData(memberQueries.me(http).queryKey, member),
  });
}

export function Profile() {
  useTitle('Your account');
  const me = useMe();
  if (me.isPending) return <Loading />;
  if (me.isError) return <Alert>{describeError(me.error)}</Alert>;
  return <ProfileForm key={me.data.id} member={me.data} />;
}

function ProfileForm({ member }: { member: MemberView }) {
  const save = useSaveMember();
  const [saved, setSaved] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const nickname = String(f.get('nickname') ?? '').trim();
    setSaved(false);
    save.mutate(
      {
        id: member.id,
        patch: {
          contact: {
            firstName: String(f.get('firstName') ?? '').trim(),
            lastName: String(f.get('lastName') ?? '').trim(),
          },
          // Only when there is one to set or to empty: a member who never had one keeps none.
          ...(nickname || member.profile?.nickname ? { profile: { nickname } } : {}),
        },
      },
      { onSuccess: () => setSaved(true) },
    );
  };
  return (
    <section aria-labelledby="profile-heading" className="max-w-md">
      <h2 id="profile-heading" className="mb-4 text-xl font-semibold">
        Profile
      </h2>
      <p className="mb-4 text-sm">
        Signed in as <strong>{member.loginEmail}</strong>
      </p>
      {save.isError && <Alert>{describeError(save.error)}</Alert>}
      {saved && <Alert variant="success">Your profile is saved.</Alert>}
      <form onSubmit={submit} noValidate>
        <Field
          label="First name"
          name="firstName"
          autoComplete="given-name"
          defaultValue={member.contact?.firstName ?? ''}
          maxLength={100}
        />
        <Field
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          defaultValue={member.contact?.lastName ?? ''}
          maxLength={100}
        />
        <Field
          label="Name shown on your reviews"
          name="nickname"
          autoComplete="nickname"
          hint="Leave it empty to show your first and last name. Your reviews so far change with it."
          defaultValue={member.profile?.nickname ?? ''}
          maxLength={100}
        />
        <Button type="submit" busy={save.isPending}>
          Save profile
        </Button>
      </form>
    </section>
  );
}

export function Orders() {
  useTitle('Your orders');
  const { http } = useEnv();
  const [cursor, setCursor] = useState<string>();
  const orders = useQuery(orderQueries.mine(http, { cursor }));
  if (orders.isPending) return <Loading label="Loading your orders…" />;
  if (orders.isError) return <Alert>{describeError(orders.error)}</Alert>;
  const list = orders.data.orders;
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="mb-4 text-xl font-semibold">
        Orders
      </h2>
      {list.length === 0 ? (
        <p>
          You have no orders yet.{' '}
          <Link to="/shop" className={linkClass}>
            Start shopping
          </Link>
        </p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
          {list.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-x-6 gap-y-1 p-4">
              <Link to={`/account/orders/${o.id}`} className="font-semibold text-indigo-800 underline">
                Order #{o.number}
              </Link>
              <span className="text-sm text-stone-700">{date(o.createdDate)}</span>
              <span className="text-sm">
                {label(o.status)} · {label(o.paymentStatus)} · {label(o.fulfillmentStatus)}
              </span>
              <span className="ml-auto font-semibold">{o.priceSummary?.total?.formattedAmount}</span>
            </li>
          ))}
        </ul>
      )}
      {orders.data.metadata?.hasNext && orders.data.metadata.cursors?.next && (
        <Button
          variant="secondary"
          className="mt-4"
          onClick={() => setCursor(orders.data.metadata?.cursors?.next ?? undefined)}
        >
          Older orders
        </Button>
      )}
    </section>
  );
}

export function OrderDetails() {
  const { orderId = '' } = useParams();
  const { http } = useEnv();
  const order = useQuery(orderQueries.byId(http, orderId));
  // How it was paid (gift cards) and what was sent; the order shows without them.
  const payments = useQuery(orderQueries.transactions(http, orderId));
  const fulfillments = useQuery(orderQueries.fulfillments(http, orderId));
  useTitle(order.data ? `Order #${order.data.number}` : 'Order details');
  if (order.isPending || payments.isPending) return <Loading label="Loading the order…" />;
  if (order.isError)
    return (
      <>
        <Alert>{describeError(order.error)}</Alert>
        <Link to="/account/orders" className="underline">
          All orders
        </Link>
      </>
    );
  return (
    <OrderView
      order={order.data}
      payments={payments.data?.payments}
      fulfillments={fulfillments.data}
      back={
        <Link to="/account/orders" className="text-sm underline">
          ← All orders
        </Link>
      }
    />
  );
}

export function Addresses() {
  useTitle('Your addresses');
  const me = useMe();
  if (me.isPending) return <Loading />;
  if (me.isError) return <Alert>{describeError(me.error)}</Alert>;
  return <AddressBook member={me.data} />;
}
