/**
 * `/dashboard/catalog/categories/:id`: a category, its products (paged: `?cursor=`), taking products
 * out of it, and its dialogs (`?dialog=rename|delete|add-products`; the add dialog's words are
 * `?q=`). Showing or hiding it is one button.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Category } from '@vitrine/sdk';
import { adminCatalogMutations, adminCatalogQueries } from '@vitrine/sdk/react';
import {
  Alert,
  Badge,
  Button,
  buttonClass,
  linkClass,
  LoadingSkeleton,
  PageHeading,
  Skeleton,
  Table,
} from '@vitrine/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { OPENED_HERE, useCloseDialog } from '../../../app/url-dialog.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { priceRange, StockBadge, VisibilityBadge } from '../format.tsx';
import { catalogUrls, type CategoryDialog } from '../urls.ts';
import { AddProductsDialog, DeleteCategoryDialog, RenameCategoryDialog } from './category-dialogs.tsx';

export function CategoryPage() {
  const { id = '' } = useParams();
  const http = useHttp();
  const [search] = useRouteSearch(catalogUrls.category);
  const category = useQuery(adminCatalogQueries.category(http, id));
  const update = useMutation(adminCatalogMutations.updateCategory(http));
  const close = useCloseDialog(
    catalogUrls.category.href({ id }, search.cursor ? { cursor: search.cursor } : {}),
  );
  const [notice, setNotice] = useState<string>();
  const c = category.data;
  useTitle(c ? `Category ${c.name}` : 'Category');

  const back = (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <Link to={catalogUrls.categories.href()} className={linkClass}>
        Categories
      </Link>
    </nav>
  );
  if (category.isError)
    return (
      <>
        {back}
        <PageHeading>Category</PageHeading>
        <Alert>
          {(category.error as { status?: number }).status === 404
            ? 'There is no such category.'
            : errorMessage(category.error)}
        </Alert>
      </>
    );
  if (!c)
    return (
      <>
        {back}
        <PageHeading>Category</PageHeading>
        <LoadingSkeleton label="Loading the category…">
          <Skeleton className="h-48 rounded-2xl" />
        </LoadingSkeleton>
      </>
    );
  const open = (
    d: CategoryDialog,
    label: string,
    variant: 'secondary' | 'danger' | 'primary' = 'secondary',
  ) => (
    <Link
      to={catalogUrls.category.href({ id }, { ...search, dialog: d })}
      state={OPENED_HERE}
      preventScrollReset
      className={buttonClass(variant, 'sm')}
    >
      {label}
    </Link>
  );
  const done = (message: string) => {
    setNotice(message);
    close();
  };

  return (
    <>
      {back}
      <PageHeading className="mb-2">{c.name}</PageHeading>
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        {c.visible ? <Badge tone="info">Shown</Badge> : <Badge>Hidden</Badge>}
        <span className="text-muted">
          /{c.slug} · {c.itemCounter} product{c.itemCounter === 1 ? '' : 's'}
        </span>
      </div>
      <Alert variant="success">{notice}</Alert>
      <Alert>{update.error ? errorMessage(update.error) : undefined}</Alert>
      <div className="mb-6 flex flex-wrap gap-2">
        {open('add-products', 'Add products', 'primary')}
        {open('rename', 'Rename')}
        <Button
          variant="secondary"
          size="sm"
          busy={update.isPending}
          onClick={() =>
            update.mutate(
              { categoryId: c.id, category: { revision: c.revision, visible: !c.visible } },
              {
                onSuccess: (x) =>
                  setNotice(
                    x.visible
                      ? 'The category is shown in the shop.'
                      : 'The category is hidden from the shop.',
                  ),
              },
            )
          }
        >
          {c.visible ? 'Hide from the shop' : 'Show in the shop'}
        </Button>
        {open('delete', 'Delete', 'danger')}
      </div>
      <CategoryProducts category={c} cursor={search.cursor} onNotice={setNotice} />
      {search.dialog === 'rename' && <RenameCategoryDialog category={c} onClose={close} onDone={done} />}
      {search.dialog === 'delete' && <DeleteCategoryDialog category={c} onClose={close} />}
      {search.dialog === 'add-products' && <AddProductsDialog category={c} onClose={close} onDone={done} />}
    </>
  );
}

function CategoryProducts({
  category,
  cursor,
  onNotice,
}: {
  category: Category;
  cursor: string | undefined;
  onNotice: (m: string) => void;
}) {
  const http = useHttp();
  const products = useQuery({
    ...adminCatalogQueries.search(http, {
      categoryId: category.id,
      sort: 'name',
      limit: 20,
      ...(cursor ? { cursor } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const assign = useMutation(adminCatalogMutations.assignCategory(http));
  const page = products.data;
  return (
    <section aria-labelledby="category-products">
      <h2 id="category-products" className="mb-2 text-lg font-semibold">
        Products in this category
      </h2>
      <Alert>
        {assign.error ? `Not every product was taken out: ${errorMessage(assign.error)}` : undefined}
      </Alert>
      {products.isError ? (
        <Alert>{errorMessage(products.error)}</Alert>
      ) : !page ? (
        <LoadingSkeleton label="Loading its products…">
          <Skeleton className="h-32 rounded-2xl" />
        </LoadingSkeleton>
      ) : page.products.length === 0 ? (
        <p className="text-sm text-muted">No products in this category yet.</p>
      ) : (
        <Table caption="Products in this category" hideCaption aria-busy={products.isFetching || undefined}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="text-right">
                Price
              </th>
              <th scope="col">Stock</th>
              <th scope="col">Visibility</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {page.products.map((p) => (
              <tr key={p.id}>
                <th scope="row" className="font-medium">
                  <Link to={catalogUrls.product.href({ id: p.id })} className={linkClass}>
                    {p.name}
                  </Link>
                </th>
                <td className="text-right whitespace-nowrap tabular-nums">{priceRange(p)}</td>
                <td>
                  <StockBadge status={p.inventory.availabilityStatus} />
                </td>
                <td>
                  <VisibilityBadge visible={p.visible} />
                </td>
                <td className="text-right">
                  <Button
                    size="sm"
                    variant="ghost"
                    busy={assign.isPending && assign.variables?.remove?.includes(p.id)}
                    aria-label={`Take out ${p.name}`}
                    onClick={() =>
                      assign.mutate(
                        { categoryId: category.id, remove: [p.id] },
                        { onSuccess: () => onNotice(`${p.name} was taken out of ${category.name}.`) },
                      )
                    }
                  >
                    Take out
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {page && (
        <nav aria-label="Pages of products in this category" className="flex flex-wrap gap-2">
          {page.pagingMetadata.cursors.prev && (
            <Link
              to={catalogUrls.category.href(
                { id: category.id },
                { cursor: page.pagingMetadata.cursors.prev },
              )}
              className={buttonClass('secondary')}
            >
              Previous page
            </Link>
          )}
          {page.pagingMetadata.hasNext && page.pagingMetadata.cursors.next && (
            <Link
              to={catalogUrls.category.href(
                { id: category.id },
                { cursor: page.pagingMetadata.cursors.next },
              )}
              className={buttonClass('secondary')}
            >
              Next page
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
