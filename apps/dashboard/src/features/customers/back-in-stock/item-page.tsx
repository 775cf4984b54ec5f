/**
 * `/dashboard/customers/back-in-stock/:productId`: who waits for this product (or one of its
 * variants), with how many per variant; requests by state (`?state=waiting|done|all`). "Report
 * back in stock" (`?dialog=report`) e-mails everyone waiting for the product or a variant now.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { WireBackInStockRequest } from '@vitrine/contract';
import { catalogReferenceOf, type ProductRef } from '@vitrine/sdk';
import { adminBackInStockMutations, adminBackInStockQueries, productLookupQueries } from '@vitrine/sdk/react';
import {
  Alert,
  Badge,
  Button,
  buttonClass,
  Choice,
  ChoiceGroup,
  linkClass,
  PageHeading,
  Table,
  Tabs,
  tabClass,
  type BadgeTone,
} from '@vitrine/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { useCloseDialog } from '../../../app/url-dialog.ts';
import { OPENED_HERE } from '../../../kit/dialogs.ts';
import { dateTime, plural } from '../../../kit/format.ts';
import { Pager } from '../../../kit/pager.tsx';
import { QueryState } from '../../../kit/query-state.tsx';
import { Section } from '../../../kit/section.tsx';
import { customersUrls } from '../urls.ts';

const statusLabels: Record<WireBackInStockRequest['status'], [string, BadgeTone]> = {
  UNSPECIFIED: ['Unknown', 'neutral'],
  RECEIVED: ['Waiting', 'warning'],
  PROCESSING: ['Being e-mailed', 'info'],
  NOTIFICATION_SENT: ['Told', 'success'],
  FAILED: ['Failed', 'danger'],
};

/** "Blue / M" from a variant's choices; "" for a product without options. */
const variantName = (p: ProductRef | undefined, variantId: string | undefined) => {
  const v = p?.variantsInfo.variants.find((x) => x.id === variantId);
  return (
    v?.choices
      .map((c) => c.optionChoiceNames?.choiceName)
      .filter(Boolean)
      .join(' / ') ?? ''
  );
};

export function BackInStockItemPage() {
  const { productId = '' } = useParams();
  const http = useHttp();
  const [search] = useRouteSearch(customersUrls.backInStockItem);
  const state = search.state ?? 'waiting';
  const product = useQuery(productLookupQueries.byIds(http, [productId]));
  const p = product.data?.[0];
  const variants = (p?.variantsInfo.variants ?? []).filter((v) => v.choices.length > 0);
  const counts = useQuery(
    adminBackInStockQueries.counts(http, [
      catalogReferenceOf(productId),
      ...variants.map((v) => catalogReferenceOf(productId, v.id)),
    ]),
  );
  // After a report, the list follows the e-mails going out for a while.
  const [reportedAt, setReportedAt] = useState<number>();
  const list = adminBackInStockQueries.list(http, {
    productId,
    ...(state === 'all' ? {} : { state }),
    cursor: search.cursor,
  });
  const requests = useQuery({
    ...list,
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      reportedAt !== undefined && Date.now() - reportedAt < 30_000
        ? 2000
        : typeof list.refetchInterval === 'function'
          ? list.refetchInterval(q)
          : false,
  });
  const markSent = useMutation(adminBackInStockMutations.markAsSent(http));
  const close = useCloseDialog(
    customersUrls.backInStockItem.href({ productId }, { ...search, dialog: undefined }),
  );
  const [notice, setNotice] = useState<string>();
  const name = p?.name ?? (product.isPending ? 'Item' : 'A deleted product');
  useTitle(`${name} · Back in stock`);
  const waiting = counts.data?.[0]?.count;

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link to={customersUrls.backInStock.href()} className={linkClass}>
          Back in stock
        </Link>
      </nav>
      <PageHeading className="mb-2">{name}</PageHeading>
      <p className="mb-4 text-sm text-muted">
        {waiting === undefined ? 'Counting who waits…' : `${plural(waiting, 'shopper')} waiting.`}
        {p && (
          <>
            {' '}
            <a href={`/product-page/${encodeURIComponent(p.slug)}`} className={linkClass}>
              See it in the shop
            </a>
          </>
        )}
      </p>
      <Alert variant="success">{notice}</Alert>
      <Alert>{markSent.error ? errorMessage(markSent.error) : undefined}</Alert>
      <div className="mb-6 flex flex-wrap gap-2">
        <Link
          to={customersUrls.backInStockItem.href({ productId }, { ...search, dialog: 'report' })}
          state={OPENED_HERE}
          className={buttonClass('primary')}
        >
          Report back in stock
        </Link>
      </div>
      {variants.length > 0 && (
        <Section
          title="Waiting per variant"
          description="A variant's count includes shoppers who asked for the product as a whole."
        >
          <ul className="grid gap-x-8 gap-y-1 text-sm sm:grid-cols-2">
            {variants.map((v, i) => (
              <li key={v.id} className="flex justify-between gap-4 border-b border-line py-1">
                <span>{variantName(p, v.id) || 'Variant'}</span>
                <span className="tabular-nums">{counts.data?.[i + 1]?.count ?? '…'}</span>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Tabs label="Requests to show">
        {(
          [
            ['waiting', 'Waiting'],
            ['done', 'Told or failed'],
            ['all', 'All'],
          ] as const
        ).map(([s, label]) => (
          <Link
            key={s}
            to={customersUrls.backInStockItem.href({ productId }, { state: s === 'waiting' ? undefined : s })}
            className={tabClass(state === s)}
            aria-current={state === s ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </Tabs>
      <QueryState query={requests} label="Loading requests…">
        {(page) => (
          <>
            <p role="status" className="mb-2 text-sm text-muted">
              {page.requests.length === 0
                ? 'No requests here.'
                : `Showing ${plural(page.requests.length, 'request')}.`}
            </p>
            {page.requests.length > 0 && (
              <Table caption="Requests" hideCaption aria-busy={requests.isFetching || undefined}>
                <thead>
                  <tr>
                    <th scope="col">Shopper</th>
                    <th scope="col">Variant</th>
                    <th scope="col">Status</th>
                    <th scope="col">Asked</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.requests.map((r) => {
                    const variantId = (r.catalogReference.options as { variantId?: string } | undefined)
                      ?.variantId;
                    const [label, tone] = statusLabels[r.status];
                    return (
                      <tr key={r.id}>
                        <th scope="row" className="font-normal whitespace-nowrap">
                          {r.email}
                          {r.contactId && <span className="block text-muted">Member</span>}
                        </th>
                        <td>{variantId ? variantName(p, variantId) || 'One variant' : 'Any'}</td>
                        <td>
                          <Badge tone={tone}>{label}</Badge>
                          {r.status === 'NOTIFICATION_SENT' && !r.autoNotified && (
                            <span className="block text-muted">marked by hand</span>
                          )}
                        </td>
                        <td className="whitespace-nowrap">{dateTime(r.createdDate)}</td>
                        <td className="text-right">
                          {r.status === 'RECEIVED' && (
                            <Button
                              variant="secondary"
                              size="sm"
                              busy={markSent.isPending && markSent.variables === r.id}
                              aria-label={`Mark as told: ${r.email}`}
                              onClick={() =>
                                markSent.mutate(r.id, {
                                  onSuccess: () => setNotice(`${r.email} is marked as told.`),
                                })
                              }
                            >
                              Mark as told
                            </Button>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            )}
            <Pager
              label="Pages of requests"
              prev={
                page.metadata.cursors.prev
                  ? customersUrls.backInStockItem.href(
                      { productId },
                      { ...search, cursor: page.metadata.cursors.prev },
                    )
                  : null
              }
              next={
                page.metadata.cursors.next
                  ? customersUrls.backInStockItem.href(
                      { productId },
                      { ...search, cursor: page.metadata.cursors.next },
                    )
                  : null
              }
            />
          </>
        )}
      </QueryState>
      {search.dialog === 'report' && (
        <ReportDialog
          productId={productId}
          product={p}
          variants={variants.map((v, i) => ({
            id: v.id,
            name: variantName(p, v.id) || `Variant ${i + 1}`,
            count: counts.data?.[i + 1]?.count,
            inStock: v.inventoryStatus.inStock,
          }))}
          inStock={(p?.variantsInfo.variants ?? []).some((v) => v.inventoryStatus.inStock)}
          waiting={waiting}
          onClose={close}
          onDone={(m) => {
            setNotice(m);
            setReportedAt(Date.now());
            close();
          }}
        />
      )}
    </>
  );
}

function ReportDialog({
  productId,
  product,
  variants,
  inStock,
  waiting,
  onClose,
  onDone,
}: {
  productId: string;
  product: ProductRef | undefined;
  variants: { id: string; name: string; count: number | undefined; inStock: boolean }[];
  /** Some variant can be bought now (only those are e-mailed about). */
  inStock: boolean;
  waiting: number | undefined;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const http = useHttp();
  const report = useMutation(adminBackInStockMutations.reportBackInStock(http));
  return (
    <ActionDialog
      title="Report back in stock"
      description="Everyone waiting is e-mailed now, with a link to the item. Only what is in stock is e-mailed about."
      unavailable={
        inStock || !product
          ? undefined
          : 'It is still sold out. Update its stock in the catalog: the shoppers waiting are then e-mailed by themselves.'
      }
      onClose={onClose}
      submitLabel="E-mail them"
      busy={report.isPending}
      error={errorMessage(report.error)}
      onSubmit={(f) => {
        const variantId = String(f.get('variant') ?? '') || undefined;
        const chosen = variants.find((v) => v.id === variantId);
        report.mutate(
          { catalogReference: catalogReferenceOf(productId, variantId) },
          {
            onSuccess: () =>
              onDone(
                `The ${plural((chosen ? chosen.count : waiting) ?? 0, 'shopper')} waiting for ${chosen ? `${product?.name ?? 'the item'} (${chosen.name})` : (product?.name ?? 'the item')} will be e-mailed.`,
              ),
          },
        );
      }}
    >
      {variants.length > 0 ? (
        <ChoiceGroup legend="What is back">
          <div className="space-y-2">
            <Choice name="variant" value="" defaultChecked>
              <span>
                Every variant in stock
                {waiting !== undefined ? ` (${plural(waiting, 'shopper')} wait for the product)` : ''}
              </span>
            </Choice>
            {variants.map((v) => (
              <Choice key={v.id} name="variant" value={v.id} disabled={!v.inStock}>
                <span>
                  {v.name}
                  {v.count !== undefined ? ` (${plural(v.count, 'shopper')})` : ''}
                  {v.inStock ? '' : ' — sold out'}
                </span>
              </Choice>
            ))}
          </div>
        </ChoiceGroup>
      ) : (
        <p className="text-sm">
          {waiting === undefined ? 'Everyone waiting' : `${plural(waiting, 'shopper')} waiting`} for{' '}
          {product?.name ?? 'this item'} will be e-mailed.
        </p>
      )}
    </ActionDialog>
  );
}
