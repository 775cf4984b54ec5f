import { describe, expect, it } from 'vitest';
import {
  addItem,
  customItemProblems,
  discountOf,
  draftProblems,
  itemLabel,
  lineOf,
  priceOf,
  quantityOf,
  type DraftItem,
} from './draft.ts';

const chair: DraftItem = { productId: 'p1', variantId: 'v1', label: 'Chair', quantity: 2 };

describe('the order being put together', () => {
  it('adds an item to its line when it is there, else as a new line, never beyond 999', () => {
    expect(addItem([], chair)).toEqual([chair]);
    expect(addItem([chair], { ...chair, quantity: 3 })).toEqual([{ ...chair, quantity: 5 }]);
    const other = { ...chair, variantId: 'v2', label: 'Chair — Size: L' };
    expect(addItem([chair], other)).toEqual([chair, other]);
    expect(addItem([chair], { ...chair, quantity: 998 })[0]!.quantity).toBe(999);
  });

  it('keeps a custom item on its own line, joined only by the same name, price and delivery', () => {
    const engraving: DraftItem = {
      label: 'Engraving',
      quantity: 1,
      custom: { price: '20', shippable: false },
    };
    expect(addItem([chair, engraving], { ...engraving, quantity: 2 })).toEqual([
      chair,
      { ...engraving, quantity: 3 },
    ]);
    const dearer = { ...engraving, custom: { price: '25', shippable: false } };
    expect(addItem([engraving], dearer)).toEqual([engraving, dearer]);
  });

  it("reads a custom item's price as a plain amount, and names what is missing", () => {
    expect(priceOf(' 19.90 ')).toBe('19.90');
    expect(priceOf('0')).toBe('0');
    for (const bad of ['', '-1', '1,50', '$5', '1.2345', 'ten']) expect(priceOf(bad), bad).toBeUndefined();
    expect(customItemProblems({ name: ' ', price: 'x', quantity: '0' })).toEqual({
      name: 'Name the item as the buyer will read it.',
      price: 'Enter a price like 20 or 19.90.',
      quantity: 'From 1 to 999',
    });
    expect(customItemProblems({ name: 'Engraving', price: '20', quantity: '1' })).toEqual({});
  });

  it('reads a quantity as a whole number from 1 to 999', () => {
    expect(quantityOf('3')).toBe(3);
    expect(quantityOf(' 12 ')).toBe(12);
    for (const bad of ['', '0', '-1', '1.5', '1000', 'two', '1e2'])
      expect(quantityOf(bad), bad).toBeUndefined();
  });

  it("names an item by its product and its variant's choices", () => {
    const variant = {
      choices: [
        {
          optionChoiceIds: { optionId: 'o', choiceId: 'c' },
          optionChoiceNames: { optionName: 'Size', choiceName: 'M', renderType: 'TEXT_CHOICES' },
        },
        {
          optionChoiceIds: { optionId: 'o2', choiceId: 'c2' },
          optionChoiceNames: { optionName: 'Color', choiceName: 'Navy', renderType: 'SWATCH_CHOICES' },
        },
      ],
    };
    expect(itemLabel({ name: 'Chair' }, variant as never)).toBe('Chair — Size: M, Color: Navy');
    expect(itemLabel({ name: 'Poster' }, { choices: [] } as never)).toBe('Poster');
  });

  it('needs an e-mail that looks like one and at least one item', () => {
    expect(draftProblems({ email: '', items: [] })).toEqual({
      email: "Enter the buyer's e-mail: the payment link is sent there.",
      items: 'Add at least one item.',
    });
    expect(draftProblems({ email: 'ada@', items: [chair] }).email).toMatch(/like name@example.com/);
    expect(draftProblems({ email: ' ada@example.test ', items: [chair] })).toEqual({});
  });

  it('reads the merchant discount as typed: empty is none, a percentage to 100, an amount above 0', () => {
    expect(discountOf('percentage', ' ')).toBeNull();
    expect(discountOf('percentage', '10')).toEqual({ percentage: 10 });
    expect(discountOf('percentage', '12.5 %')).toEqual({ percentage: 12.5 });
    expect(discountOf('percentage', '100')).toEqual({ percentage: 100 });
    for (const bad of ['0', '100.01', '150', '12.345', '-5', 'ten'])
      expect(discountOf('percentage', bad), bad).toBeUndefined();
    expect(discountOf('amount', '19.90')).toEqual({ amount: '19.90' });
    for (const bad of ['0', '0.00', '-1', '1,5', 'abc'])
      expect(discountOf('amount', bad), bad).toBeUndefined();
    const discount = { kind: 'amount', text: 'abc' } as const;
    expect(draftProblems({ email: 'ada@example.test', items: [chair], discount })).toEqual({
      discount: 'Enter an amount above 0, like 20 or 19.90.',
    });
    expect(
      draftProblems({
        email: 'ada@example.test',
        items: [chair],
        discount: { kind: 'percentage', text: '' },
      }),
    ).toEqual({});
  });

  it("sends a catalog item's own price each only when it is one, and stops on one that is not", () => {
    expect(lineOf({ ...chair, price: '19.90' })).toEqual({
      productId: 'p1',
      variantId: 'v1',
      quantity: 2,
      price: '19.90',
    });
    expect(lineOf({ ...chair, price: undefined })).toEqual({ productId: 'p1', variantId: 'v1', quantity: 2 });
    expect(draftProblems({ email: 'ada@example.test', items: [{ ...chair, price: '19,90' }] }).items).toMatch(
      /is not a price/,
    );
    expect(draftProblems({ email: 'ada@example.test', items: [{ ...chair, price: '19.90' }] })).toEqual({});
  });
});
