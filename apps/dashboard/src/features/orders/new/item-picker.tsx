/**
 * Finds products by the words of their name (the catalog's search, as the shop's) and adds one of
 * a product's variants, in a quantity, to the order being put together. Each product found is a row:
 * its choices (when it has several variants) with their prices and stock, a quantity, "Add".
 */
import { useQuery } from '@tanstack/react-query';
import type { ProductRef } from '@vitrine/sdk';
import { productLookupQueries } from '@vitrine/sdk/react';
import { Button, Field, formatMoney, Select, VisuallyHidden } from '@vitrine/ui';
import { useState } from 'react';
import { useHttp } from '../../../app/http.tsx';
import { usePaused } from '../../../kit/paused.ts';
import { choicesLabel, itemLabel, MAX_QUANTITY, quantityOf, type DraftItem } from './draft.ts';

export function ItemPicker({
  onAdd,
  error,
}: {
  onAdd: (item: DraftItem) => void;
  /** Why the order cannot go on without an item (shown with the search field, which takes the focus). */
  error?: string | undefined;
}) {
  const http = useHttp();
  const [text, setText] = useState('');
  // Asks once the typing pauses, not at every key.
  const words = usePaused(text.trim());
  const found = useQuery(productLookupQueries.search(http, words));
  return (
    <div className="mb-4">
      <Field
        label="Find a product"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        hint="A few letters of its name. Products hidden from the shop are not offered."
        autoComplete="off"
        error={error}
        className="mb-2"
      />
      <div role="status" className="text-sm text-muted">
        {found.isFetching
          ? 'Searching…'
          : found.isError
            ? 'The products could not be searched; try again.'
            : words && found.data?.length === 0
              ? `No product matches “${words}”.`
              : ''}
      </div>
      {!!words && !!found.data?.length && (
        <ul aria-label="Products found" className="divide-y divide-line rounded-lg border border-line">
          {found.data.map((p) => (
            <ProductRow key={p.id} product={p} onAdd={onAdd} />
          ))}
        </ul>
      )}
    </div>
  );
}

type Variant = NonNullable<ProductRef['variantsInfo']>['variants'][number];
const stockWords = (v: Variant) => (v.inventoryStatus.inStock ? '' : ' (out of stock)');

function ProductRow({ product, onAdd }: { product: ProductRef; onAdd: (item: DraftItem) => void }) {
  const variants = (product.variantsInfo?.variants ?? []).filter((v) => v.visible);
  const [variantId, setVariantId] = useState(variants[0]?.id ?? '');
  const [qty, setQty] = useState('1');
  const variant = variants.find((v) => v.id === variantId);
  const quantity = quantityOf(qty);
  return (
    <li className="flex flex-wrap items-end gap-x-3 gap-y-2 px-3 py-2">
      <div className="min-w-40 flex-1 self-center">
        <span className="block font-medium">{product.name}</span>
        {variants.length === 1 && variant && (
          <span className="text-sm text-muted">
            {formatMoney(variant.price.actualPrice)}
            {stockWords(variant)}
          </span>
        )}
        {variants.length === 0 && (
          <span className="text-sm text-muted">Not for sale: it has no variant.</span>
        )}
      </div>
      {variants.length > 1 && (
        <Select
          label={
            <>
              Choice<VisuallyHidden> of {product.name}</VisuallyHidden>
            </>
          }
          value={variantId}
          onChange={(e) => setVariantId(e.target.value)}
          className="mb-0"
        >
          {variants.map((v) => (
            <option key={v.id} value={v.id}>
              {choicesLabel(v) || 'Default'} · {formatMoney(v.price.actualPrice)}
              {stockWords(v)}
            </option>
          ))}
        </Select>
      )}
      <Field
        label={
          <>
            Quantity<VisuallyHidden> of {product.name}</VisuallyHidden>
          </>
        }
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_QUANTITY}
        value={qty}
        onChange={(e) => setQty(e.target.value)}
        error={quantity === undefined ? `From 1 to ${MAX_QUANTITY}` : undefined}
        className="mb-0 w-28"
      />
      <Button
        variant="secondary"
        size="sm"
        disabled={!variant || quantity === undefined}
        onClick={() => {
          if (!variant || quantity === undefined) return;
          onAdd({
            productId: product.id,
            variantId: variant.id,
            label: itemLabel(product, variant),
            catalogPrice: variant.price.actualPrice.amount,
            quantity,
          });
          setQty('1');
        }}
      >
        Add<VisuallyHidden> {product.name}</VisuallyHidden>
      </Button>
    </li>
  );
}
