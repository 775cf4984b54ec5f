/**
 * `/dashboard/marketing/gift-cards`: issued gift cards with their balance and status, enabled or
 * disabled, newest first; issue a new one (`?dialog=new`). Each opens its page with redemptions.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { giftCardQueries } from '@vitrine/sdk/react';
import { Badge, buttonClass, linkClass, PageHeading, Table, Tabs, tabClass } from '@vitrine/ui';
import { Link } from 'react-router';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { OPENED_HERE } from '../../../kit/dialogs.ts';
import { useCloseDialog } from '../../../app/url-dialog.ts';
import { dateOnly, plural } from '../../../kit/format.ts';
import { Pager } from '../../../kit/pager.tsx';
import { QueryState } from '../../../kit/query-state.tsx';
import { useStoreCurrency } from '../../../kit/store-currency.ts';
import { MarketingTabs } from '../tabs.tsx';
import { marketingUrls } from '../urls.ts';
import { NewCardDialog } from './new-card-dialog.tsx';
import { cardStatus } from './status.ts';

export function GiftCardsPage() {
  useTitle('Gift cards');
  const http = useHttp();
  const currency = useStoreCurrency();
  const [search] = useRouteSearch(marketingUrls.giftCards);
  const cards = useQuery({
    ...giftCardQueries.list(http, {
      ...(search.status ? { disabled: search.status === 'disabled' } : {}),
      cursor: search.cursor,
    }),
    placeholderData: keepPreviousData,
  });
  const close = useCloseDialog(marketingUrls.giftCards.href({ ...search, dialog: undefined }));
  const views = [
    [undefined, 'All'],
    ['enabled', 'Enabled'],
    ['disabled', 'Disabled'],
  ] as const;

  return (
    <>
      <PageHeading className="mb-4">Gift cards</PageHeading>
      <MarketingTabs current="gift-cards" />
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <Tabs label="Gift cards to show" className="">
          {views.map(([status, label]) => (
            <Link
              key={label}
              to={marketingUrls.giftCards.href({ status })}
              className={tabClass(search.status === status)}
              aria-current={search.status === status ? 'page' : undefined}
            >
              {label}
            </Link>
          ))}
        </Tabs>
        <Link
          to={marketingUrls.giftCards.href({ ...search, dialog: 'new' })}
          state={OPENED_HERE}
          className={buttonClass('primary')}
        >
          New gift card
        </Link>
      </div>
      <QueryState query={cards} label="Loading gift cards…">
        {(page) => (
          <>
            <p role="status" className="mb-2 text-sm text-muted">
              {page.items.length === 0
                ? 'No gift cards here.'
                : `Showing ${plural(page.items.length, 'gift card')}.`}
            </p>
            {page.items.length > 0 && (
              <Table caption="Gift cards" hideCaption aria-busy={cards.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col" className="text-right">
                      Balance
                    </th>
                    <th scope="col" className="text-right">
                      Value
                    </th>
                    <th scope="col">Status</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Issued</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((c) => (
                    <tr key={c.id}>
                      <th scope="row" className="font-mono font-medium whitespace-nowrap">
                        <Link to={marketingUrls.giftCard.href({ id: c.id })} className={linkClass}>
                          {c.code}
                        </Link>
                      </th>
                      <td className="text-right tabular-nums">{c.balance.formattedAmount}</td>
                      <td className="text-right tabular-nums">{c.initialValue.formattedAmount}</td>
                      <td>
                        <Badge tone={cardStatus[c.status][1]}>{cardStatus[c.status][0]}</Badge>
                      </td>
                      <td className="whitespace-nowrap">
                        {c.expirationDate ? dateOnly(c.expirationDate) : 'Never'}
                      </td>
                      <td className="whitespace-nowrap">{dateOnly(c.createdDate)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            <Pager
              label="Pages of gift cards"
              prev={
                page.metadata.cursors.prev &&
                marketingUrls.giftCards.href({ ...search, cursor: page.metadata.cursors.prev })
              }
              next={
                page.metadata.hasNext && page.metadata.cursors.next
                  ? marketingUrls.giftCards.href({ ...search, cursor: page.metadata.cursors.next })
                  : null
              }
            />
          </>
        )}
      </QueryState>
      {search.dialog === 'new' && <NewCardDialog currency={currency} onClose={close} />}
    </>
  );
}
