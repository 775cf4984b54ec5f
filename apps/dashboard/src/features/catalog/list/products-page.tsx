/**
 * `/dashboard/catalog`: search and filter products (hidden ones too: words, visibility, stock
 * status and sort all in the URL, `catalogUrls.products`), 20 at a time with cursor paging.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminCatalogQueries } from '@vitrine/sdk/react';
import {
  Alert,
  Button,
  buttonClass,
  linkClass,
  LoadingSkeleton,
  PageHeading,
  Skeleton,
  Table,
} from '@vitrine/ui';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { CatalogTabs, priceRange, productThumb, StockBadge, VisibilityBadge } from '../format.tsx';
import { catalogUrls } from '../urls.ts';
import { ProductFilters } from './filters.tsx';
import { isFiltered, toProductSearch } from './search.ts';

export function ProductsPage() {
  useTitle('Products');
  const http = useHttp();
  const location = useLocation();
  const [search, setSearch] = useRouteSearch(catalogUrls.products);
  const products = useQuery({
    ...adminCatalogQueries.search(http, toProductSearch(search)),
    placeholderData: keepPreviousData,
  });
  const page = products.data;
  const filtered = isFiltered(search);
  // What the page the merchant came from did ("Linen shirt was deleted.").
  const notice = (location.state as { notice?: string } | null)?.notice;

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <PageHeading className="">Products</PageHeading>
        <Link to={catalogUrls.newProduct.href()} className={buttonClass('primary')}>
          New product
        </Link>
      </div>
      <CatalogTabs />
      <Alert variant="success">{notice}</Alert>
      <ProductFilters key={location.search} search={search} onApply={setSearch} />
      {products.isError ? (
        <>
          <Alert>{errorMessage(products.error)}</Alert>
          <Button variant="secondary" onClick={() => void products.refetch()}>
            Try again
          </Button>
        </>
      ) : !page ? (
        <LoadingSkeleton label="Loading products…">
          <Skeleton className="h-64 rounded-2xl" />
        </LoadingSkeleton>
      ) : (
        <>
          <p role="status" className="mb-2 text-sm text-muted">
            {page.products.length === 0
              ? filtered
                ? 'No products match these filters.'
                : 'No products yet.'
              : `Showing ${page.products.length} product${page.products.length === 1 ? '' : 's'}${filtered ? ' matching the filters' : ''}${products.isFetching ? ' (updating…)' : ''}.`}
          </p>
          {page.products.length > 0 && (
            <Table caption="Products" hideCaption aria-busy={products.isFetching || undefined}>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="sr-only">Picture</span>
                  </th>
                  <th scope="col">Product</th>
                  <th scope="col" className="text-right">
                    Price
                  </th>
                  <th scope="col">Stock</th>
                  <th scope="col">Visibility</th>
                  <th scope="col" className="hidden lg:table-cell">
                    Variants
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.products.map((p) => {
                  const thumb = productThumb(p, 96);
                  return (
                    <tr key={p.id} className="hover:bg-hover">
                      <td className="w-18">
                        {thumb ? (
                          <img
                            src={thumb}
                            alt=""
                            width={48}
                            height={48}
                            loading="lazy"
                            className="size-12 rounded-lg bg-line object-cover"
                          />
                        ) : (
                          <span aria-hidden="true" className="block size-12 rounded-lg bg-line" />
                        )}
                      </td>
                      <th scope="row" className="font-medium">
                        <Link to={catalogUrls.product.href({ id: p.id })} className={linkClass}>
                          {p.name}
                        </Link>
                        <span className="block text-xs font-normal text-muted">{p.slug}</span>
                      </th>
                      <td className="text-right whitespace-nowrap tabular-nums">{priceRange(p)}</td>
                      <td>
                        <StockBadge status={p.inventory.availabilityStatus} />
                      </td>
                      <td>
                        <VisibilityBadge visible={p.visible} />
                      </td>
                      <td className="hidden tabular-nums lg:table-cell">{p.variantSummary.variantCount}</td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )}
          <nav aria-label="Pages of products" className="flex flex-wrap gap-2">
            {page.pagingMetadata.cursors.prev && (
              <Link
                to={catalogUrls.products.href({ ...search, cursor: page.pagingMetadata.cursors.prev })}
                className={buttonClass('secondary')}
              >
                Previous page
              </Link>
            )}
            {page.pagingMetadata.hasNext && page.pagingMetadata.cursors.next && (
              <Link
                to={catalogUrls.products.href({ ...search, cursor: page.pagingMetadata.cursors.next })}
                className={buttonClass('secondary')}
              >
                Next page
              </Link>
            )}
          </nav>
        </>
      )}
    </>
  );
}
