/**
 * `/dashboard/marketing/coupons`: the store's coupons with what they take off, when they are valid
 * and how often they were used; search by code or name, switch on or off (optimistic), create,
 * edit and delete (dialogs in the URL: `?dialog=new`, `?dialog=edit&id=…`, `?dialog=delete&id=…`).
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { couponMutations, couponQueries } from '@vitrine/sdk/react';
import { Alert, buttonClass, PageHeading, Table } from '@vitrine/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { ConfirmDialog } from '../../../kit/confirm.tsx';
import { OPENED_HERE, useListDialog } from '../../../kit/dialogs.ts';
import { Pager } from '../../../kit/pager.tsx';
import { QueryState } from '../../../kit/query-state.tsx';
import { useStoreCurrency } from '../../../kit/store-currency.ts';
import { ListFilters } from '../list-filters.tsx';
import { MarketingTabs } from '../tabs.tsx';
import { marketingUrls, type ListDialog } from '../urls.ts';
import { CouponDialog } from './coupon-dialog.tsx';
import { useCollectionNames } from '../collections.ts';
import { CouponRow } from './coupon-row.tsx';
import { couponCollection } from './describe.ts';

export function CouponsPage() {
  useTitle('Coupons');
  const http = useHttp();
  const currency = useStoreCurrency();
  const [search, setSearch] = useRouteSearch(marketingUrls.coupons);
  const criteria = {
    text: search.q,
    ...(search.active ? { active: search.active === 'true' } : {}),
    cursor: search.cursor,
  };
  const coupons = useQuery({ ...couponQueries.list(http, criteria), placeholderData: keepPreviousData });
  const toggle = useMutation(couponMutations.setActive(http));
  const collection = useCollectionNames(
    coupons.data?.items.flatMap((c) => couponCollection(c.specification.scope) ?? []) ?? [],
  );
  const { close, open } = useListDialog<ListDialog>({
    href: (dialog, id) => marketingUrls.coupons.href({ ...search, dialog, id }),
  });
  const [notice, setNotice] = useState<string>();
  const done = (message: string) => {
    setNotice(message);
    close();
  };
  const filtered = !!(search.q || search.active);

  return (
    <>
      <PageHeading className="mb-4">Coupons</PageHeading>
      <MarketingTabs current="coupons" />
      <div className="mb-4 flex flex-wrap gap-2">
        <Link to={open('new')} state={OPENED_HERE} className={buttonClass('primary')}>
          New coupon
        </Link>
      </div>
      <ListFilters
        key={`${search.q}|${search.active}`}
        label="Coupons"
        hint="A code or name, or its beginning."
        values={search}
        clearHref={marketingUrls.coupons.href()}
        onApply={setSearch}
      />
      <Alert variant="success">{notice}</Alert>
      <Alert>{toggle.error ? `The coupon was not switched: ${errorMessage(toggle.error)}` : undefined}</Alert>
      <QueryState query={coupons} label="Loading coupons…">
        {(page) => (
          <>
            <p role="status" className="mb-2 text-sm text-muted">
              {page.items.length === 0
                ? filtered
                  ? 'No coupons match.'
                  : 'No coupons yet.'
                : `Showing ${page.items.length} coupon${page.items.length === 1 ? '' : 's'}${coupons.isFetching ? ' (updating…)' : ''}.`}
            </p>
            {page.items.length > 0 && (
              <Table caption="Coupons" hideCaption aria-busy={coupons.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col">Discount</th>
                    <th scope="col">Valid</th>
                    <th scope="col">Usage</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((c) => (
                    <CouponRow
                      key={c.id}
                      coupon={c}
                      currency={currency}
                      collection={collection}
                      editHref={open('edit', c.id)}
                      deleteHref={open('delete', c.id)}
                      busy={toggle.isPending && toggle.variables?.id === c.id}
                      onToggle={() => {
                        setNotice(undefined);
                        toggle.mutate({ id: c.id, active: !c.specification.active });
                      }}
                    />
                  ))}
                </tbody>
              </Table>
            )}
            <Pager
              label="Pages of coupons"
              prev={
                page.metadata.cursors.prev &&
                marketingUrls.coupons.href({ ...search, cursor: page.metadata.cursors.prev })
              }
              next={
                page.metadata.hasNext && page.metadata.cursors.next
                  ? marketingUrls.coupons.href({ ...search, cursor: page.metadata.cursors.next })
                  : null
              }
            />
          </>
        )}
      </QueryState>
      {search.dialog === 'new' && <CouponDialog currency={currency} onClose={close} onDone={done} />}
      {search.dialog === 'edit' && search.id && (
        <EditCoupon id={search.id} currency={currency} onClose={close} onDone={done} />
      )}
      {search.dialog === 'delete' && search.id && (
        <DeleteCoupon id={search.id} onClose={close} onDone={done} />
      )}
    </>
  );
}

function EditCoupon({
  id,
  currency,
  onClose,
  onDone,
}: {
  id: string;
  currency: string | undefined;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const http = useHttp();
  const coupon = useQuery(couponQueries.one(http, id));
  if (coupon.isError)
    return (
      <ConfirmDialog
        title="Edit coupon"
        description=""
        confirmLabel="Close"
        unavailable={errorMessage(coupon.error)}
        onConfirm={onClose}
        onClose={onClose}
      />
    );
  // The form starts from the coupon as it is now, and keeps its revision.
  if (!coupon.data) return null;
  return <CouponDialog coupon={coupon.data} currency={currency} onClose={onClose} onDone={onDone} />;
}

function DeleteCoupon({
  id,
  onClose,
  onDone,
}: {
  id: string;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const http = useHttp();
  const coupon = useQuery(couponQueries.one(http, id));
  const remove = useMutation(couponMutations.delete(http));
  const code = coupon.data?.specification.code ?? 'this coupon';
  return (
    <ConfirmDialog
      title={`Delete ${code}?`}
      description="Shoppers can no longer use the code. Orders that used it keep their discount."
      confirmLabel="Delete coupon"
      busy={remove.isPending}
      error={remove.error}
      unavailable={coupon.isError ? errorMessage(coupon.error) : undefined}
      onConfirm={() => remove.mutate(id, { onSuccess: () => onDone(`Coupon ${code} deleted.`) })}
      onClose={onClose}
    />
  );
}
