/**
 * Prices, SKUs, weights and stock: one set of fields for a product without options, else a table
 * with a row per variant (each input named by its variant for screen readers, e.g. "Price of Red /
 * M"), and a line that fills one price into every row. Stock is a tracked quantity, or untracked
 * (always available).
 */
import { Button, Choice, Field, Table } from '@vitrine/ui';
import { useState } from 'react';
import { fieldId, variantName, type Draft, type DraftVariant } from './draft.ts';
import { CellInput, EditorSection } from './section.tsx';

export function VariantsSection({
  draft,
  onChange,
  errors,
  weightUnit,
}: {
  draft: Draft;
  onChange: (variants: DraftVariant[]) => void;
  errors: Record<string, string>;
  /** KG or LB, when known. */
  weightUnit?: string | undefined;
}) {
  const set = (i: number, change: Partial<DraftVariant>) =>
    onChange(draft.variants.map((v, j) => (j === i ? { ...v, ...change } : v)));
  const physical = draft.productType === 'PHYSICAL';
  const unit = weightUnit ? ` (${weightUnit.toLowerCase()})` : '';

  if (draft.options.length === 0) {
    const v = draft.variants[0]!;
    return (
      <EditorSection title="Price and stock">
        <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field
            id={fieldId('price', 0)}
            label="Price"
            inputMode="decimal"
            value={v.price}
            error={errors[fieldId('price', 0)]}
            onChange={(e) => set(0, { price: e.target.value })}
          />
          <Field
            id={fieldId('compareAt', 0)}
            label="Compare-at price"
            inputMode="decimal"
            hint="The price before a sale, shown struck through. Optional."
            value={v.compareAt}
            error={errors[fieldId('compareAt', 0)]}
            onChange={(e) => set(0, { compareAt: e.target.value })}
          />
          <Field
            id={fieldId('sku', 0)}
            label="SKU"
            value={v.sku}
            maxLength={40}
            error={errors[fieldId('sku', 0)]}
            onChange={(e) => set(0, { sku: e.target.value })}
          />
          {physical && (
            <Field
              id={fieldId('weight', 0)}
              label={`Weight${unit}`}
              inputMode="decimal"
              value={v.weight}
              error={errors[fieldId('weight', 0)]}
              onChange={(e) => set(0, { weight: e.target.value })}
            />
          )}
          <div className="mb-4 self-end">
            <Choice
              type="checkbox"
              shape="chip"
              checked={v.track}
              onChange={(e) => set(0, { track: e.target.checked })}
            >
              Track stock
            </Choice>
          </div>
          {v.track && (
            <Field
              id={fieldId('quantity', 0)}
              label="Units in stock"
              inputMode="numeric"
              value={v.quantity}
              error={errors[fieldId('quantity', 0)]}
              hint={v.stockAsRead?.track ? `${v.stockAsRead.quantity} when the page opened.` : undefined}
              onChange={(e) => set(0, { quantity: e.target.value })}
            />
          )}
        </div>
      </EditorSection>
    );
  }

  return (
    <EditorSection
      title="Variants"
      description={`${draft.variants.length} variant${draft.variants.length === 1 ? '' : 's'}, one per combination of choices.`}
    >
      {errors.variants && (
        <p id="variants" tabIndex={-1} className="mb-2 text-sm text-danger">
          {errors.variants}
        </p>
      )}
      <FillPrice onFill={(price) => onChange(draft.variants.map((v) => ({ ...v, price })))} />
      <Table caption="Variants" hideCaption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">Price</th>
            <th scope="col">Compare-at price</th>
            <th scope="col">SKU</th>
            {physical && <th scope="col">Weight{unit}</th>}
            <th scope="col">Track stock</th>
            <th scope="col">Units in stock</th>
            <th scope="col">Shown</th>
          </tr>
        </thead>
        <tbody>
          {draft.variants.map((v, i) => {
            const name = variantName(draft, v);
            return (
              <tr key={v.choiceKeys.join('|')}>
                <th scope="row" className="font-medium whitespace-nowrap">
                  {name}
                </th>
                <td>
                  <CellInput
                    id={fieldId('price', i)}
                    label={`Price of ${name}`}
                    inputMode="decimal"
                    value={v.price}
                    error={errors[fieldId('price', i)]}
                    onChange={(price) => set(i, { price })}
                  />
                </td>
                <td>
                  <CellInput
                    id={fieldId('compareAt', i)}
                    label={`Compare-at price of ${name}`}
                    inputMode="decimal"
                    value={v.compareAt}
                    error={errors[fieldId('compareAt', i)]}
                    onChange={(compareAt) => set(i, { compareAt })}
                  />
                </td>
                <td>
                  <CellInput
                    id={fieldId('sku', i)}
                    label={`SKU of ${name}`}
                    className="w-32"
                    value={v.sku}
                    error={errors[fieldId('sku', i)]}
                    onChange={(sku) => set(i, { sku })}
                  />
                </td>
                {physical && (
                  <td>
                    <CellInput
                      id={fieldId('weight', i)}
                      label={`Weight of ${name}`}
                      inputMode="decimal"
                      className="w-20"
                      value={v.weight}
                      error={errors[fieldId('weight', i)]}
                      onChange={(weight) => set(i, { weight })}
                    />
                  </td>
                )}
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Track stock of ${name}`}
                    checked={v.track}
                    onChange={(e) => set(i, { track: e.target.checked })}
                    className="size-5 accent-accent"
                  />
                </td>
                <td>
                  {v.track ? (
                    <CellInput
                      id={fieldId('quantity', i)}
                      label={`Units in stock of ${name}`}
                      inputMode="numeric"
                      className="w-20"
                      value={v.quantity}
                      error={errors[fieldId('quantity', i)]}
                      onChange={(quantity) => set(i, { quantity })}
                    />
                  ) : (
                    <span className="text-sm text-muted">Not tracked</span>
                  )}
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Show ${name} in the shop`}
                    checked={v.visible}
                    onChange={(e) => set(i, { visible: e.target.checked })}
                    className="size-5 accent-accent"
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </EditorSection>
  );
}

function FillPrice({ onFill }: { onFill: (price: string) => void }) {
  const [price, setPrice] = useState('');
  return (
    <Field
      label="One price for every variant"
      inputMode="decimal"
      value={price}
      className="mb-4 max-w-sm"
      onChange={(e) => setPrice(e.target.value)}
      action={
        <Button
          variant="secondary"
          className="shrink-0 whitespace-nowrap"
          disabled={!price.trim()}
          onClick={() => onFill(price.trim())}
        >
          Fill in
        </Button>
      }
    />
  );
}
