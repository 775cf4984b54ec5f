/**
 * `/dashboard/catalog/products/new` and `/dashboard/catalog/products/:id`: the product editor
 * (./product-editor.tsx) on a new product, or on one read with its stock. The library picker is
 * `?dialog=images`, deleting `?dialog=delete`.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminCatalogMutations, adminCatalogQueries } from '@vitrine/sdk/react';
import { Alert, Button, buttonClass, linkClass, LoadingSkeleton, PageHeading, Skeleton } from '@vitrine/ui';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ActionDialog } from '../../../app/action-dialog.tsx';
import { errorMessage } from '../../../app/errors.ts';
import { useHttp } from '../../../app/http.tsx';
import { useTitle } from '../../../app/title.ts';
import { OPENED_HERE, useCloseDialog } from '../../../app/url-dialog.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { StockBadge, VisibilityBadge } from '../format.tsx';
import { catalogUrls } from '../urls.ts';
import { emptyDraft, fromProduct, toInput, toPatch } from './draft.ts';
import { ProductEditor } from './product-editor.tsx';

function Breadcrumb() {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm">
      <Link to={catalogUrls.products.href()} className={linkClass}>
        Products
      </Link>
    </nav>
  );
}

export function NewProductPage() {
  useTitle('New product');
  const http = useHttp();
  const navigate = useNavigate();
  const [{ dialog }] = useRouteSearch(catalogUrls.newProduct);
  const create = useMutation(adminCatalogMutations.create(http));
  const closePicker = useCloseDialog(catalogUrls.newProduct.href());
  const [initial] = useState(emptyDraft);
  return (
    <>
      <Breadcrumb />
      <PageHeading>New product</PageHeading>
      <ProductEditor
        initial={initial}
        saving={create.isPending}
        onSave={(draft, _before, _revision, h) =>
          create.mutate(toInput(draft), {
            onSuccess: (p) => {
              h.onSuccess();
              void navigate(catalogUrls.product.href({ id: p.id }), {
                replace: true,
                state: { notice: `${p.name} was created.` },
              });
            },
            onError: h.onError,
          })
        }
        pickerOpen={dialog === 'images'}
        pickerHref={catalogUrls.newProduct.href({ dialog: 'images' })}
        onClosePicker={closePicker}
      />
    </>
  );
}

export function ProductPage() {
  const { id = '' } = useParams();
  const http = useHttp();
  const location = useLocation();
  const [{ dialog }] = useRouteSearch(catalogUrls.product);
  const product = useQuery(adminCatalogQueries.product(http, id));
  const stock = useQuery(adminCatalogQueries.inventory(http, id));
  const update = useMutation(adminCatalogMutations.update(http));
  const here = catalogUrls.product.href({ id });
  const closeDialog = useCloseDialog(here);
  // The editor starts again from what was saved after each save of its own (not when the product
  // is read again in the background: that would drop unsaved changes).
  const [generation, setGeneration] = useState(0);
  const [notice, setNotice] = useState<string | undefined>(
    (location.state as { notice?: string } | null)?.notice,
  );
  const p = product.data;
  useTitle(p ? p.name : 'Product');

  if (product.isError || stock.isError)
    return (
      <>
        <Breadcrumb />
        <PageHeading>Product</PageHeading>
        <Alert>
          {(product.error as { status?: number } | null)?.status === 404
            ? 'There is no such product (it may have been deleted).'
            : errorMessage(product.error ?? stock.error)}
        </Alert>
        <Button variant="secondary" onClick={() => void Promise.all([product.refetch(), stock.refetch()])}>
          Try again
        </Button>
      </>
    );
  if (!p || !stock.data)
    return (
      <>
        <Breadcrumb />
        <PageHeading>Product</PageHeading>
        <LoadingSkeleton label="Loading the product…">
          <Skeleton className="h-48 rounded-2xl" />
          <Skeleton className="h-64 rounded-2xl" />
        </LoadingSkeleton>
      </>
    );

  return (
    <>
      <Breadcrumb />
      <PageHeading className="mb-2">{p.name}</PageHeading>
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <VisibilityBadge visible={p.visible} />
        <StockBadge status={p.inventory.availabilityStatus} />
        {p.url && p.visible && (
          <a href={p.url} className={linkClass}>
            View in the shop
          </a>
        )}
      </div>
      <Alert variant="success">{notice}</Alert>
      <ProductEditor
        key={generation}
        initial={fromProduct(p, stock.data)}
        product={p}
        saving={update.isPending}
        onSave={(draft, before, revision, h) =>
          update.mutate(
            { productId: p.id, product: toPatch(draft, before, revision ?? p.revision) },
            {
              // The product and its stock are read again by then (the mutation waits for it).
              onSuccess: () => {
                h.onSuccess();
                setNotice('Changes saved.');
                setGeneration((g) => g + 1);
              },
              onError: h.onError,
            },
          )
        }
        pickerOpen={dialog === 'images'}
        pickerHref={catalogUrls.product.href({ id }, { dialog: 'images' })}
        onClosePicker={closeDialog}
        actions={
          <Link
            to={catalogUrls.product.href({ id }, { dialog: 'delete' })}
            state={OPENED_HERE}
            preventScrollReset
            className={buttonClass('danger', 'sm')}
          >
            Delete product
          </Link>
        }
      />
      {dialog === 'delete' && <DeleteDialog productId={p.id} name={p.name} onClose={closeDialog} />}
    </>
  );
}

function DeleteDialog({
  productId,
  name,
  onClose,
}: {
  productId: string;
  name: string;
  onClose: () => void;
}) {
  const http = useHttp();
  const navigate = useNavigate();
  const remove = useMutation(adminCatalogMutations.remove(http));
  return (
    <ActionDialog
      title="Delete product"
      description={`${name} will be removed from the shop and the catalog. Orders that have it keep their lines.`}
      onClose={onClose}
      submitLabel="Delete product"
      variant="danger"
      busy={remove.isPending}
      error={errorMessage(remove.error)}
      onSubmit={() =>
        remove.mutate(productId, {
          onSuccess: () =>
            void navigate(catalogUrls.products.href(), {
              replace: true,
              state: { notice: `${name} was deleted.` },
            }),
        })
      }
    >
      <p>This cannot be undone.</p>
    </ActionDialog>
  );
}
