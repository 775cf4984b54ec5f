import { describe, expect, it } from 'vitest';
import {
  check,
  emptyDraft,
  fieldId,
  newKey,
  syncVariants,
  toInput,
  toPatch,
  type Draft,
  type DraftOption,
} from './draft.ts';

const option = (name: string, choices: string[]): DraftOption => ({
  key: newKey('o'),
  name,
  renderType: 'TEXT_CHOICES',
  choices: choices.map((c) => ({ key: newKey('c'), name: c })),
});

describe('the product draft', () => {
  it('makes one variant per combination, keeping the ones that stay (even across renames)', () => {
    const colour = option('Colour', ['Red', 'Blue']);
    const first = syncVariants([colour], [{ ...emptyDraft().variants[0]!, price: '10' }]);
    expect(first.map((v) => v.price)).toEqual(['10', '10']);
    first[1] = {
      ...first[1]!,
      id: 'blue-id',
      price: '12',
      sku: 'BLUE',
      quantity: '4',
      stockAsRead: { track: true, quantity: '4' },
    };
    const renamed: DraftOption = {
      ...colour,
      choices: [colour.choices[0]!, { ...colour.choices[1]!, name: 'Navy' }],
    };
    const size = option('Size', ['S', 'M']);
    const next = syncVariants([renamed, size], first);
    expect(next).toHaveLength(4);
    // New combinations start from the closest variant, without its id, SKU or stock.
    const navyS = next.find(
      (v) => v.choiceKeys.includes(colour.choices[1]!.key) && v.choiceKeys.includes(size.choices[0]!.key),
    )!;
    expect(navyS).toMatchObject({ price: '12', sku: '', quantity: '0' });
    expect(navyS.id).toBeUndefined();
    // Taking the new option away again: the variants as read come back, with their id and stock.
    const back = syncVariants([renamed], next, first);
    expect(back[1]).toMatchObject({ id: 'blue-id', sku: 'BLUE', quantity: '4' });
  });

  it('checks prices, compare-at prices, SKUs, quantities and option names', () => {
    const d: Draft = { ...emptyDraft(), options: [option('Size', ['S', 's'])] };
    d.variants = syncVariants(d.options, d.variants).map((v, i) => ({
      ...v,
      price: i === 0 ? '' : '10',
      compareAt: '5',
      sku: 'X',
      quantity: '-1',
    }));
    const e = check(d);
    expect(e.name).toBe('Enter a name.');
    expect(e[fieldId('choices', 0)]).toMatch(/twice/);
    expect(e[fieldId('price', 0)]).toMatch(/price/);
    expect(e[fieldId('compareAt', 1)]).toBe('Must not be lower than the price.');
    expect(e[fieldId('sku', 1)]).toBe('Another variant has this SKU.');
    expect(e[fieldId('quantity', 0)]).toMatch(/whole number/);
  });

  it('creates with everything, and updates only what changed (stock only when touched)', () => {
    const d: Draft = {
      ...emptyDraft(),
      name: ' Mug ',
      images: [{ fileId: 'f1~mv2.png', url: 'http://x/media/f1~mv2.png' }],
    };
    d.variants = [{ ...d.variants[0]!, price: '9.50', quantity: '7' }];
    const input = toInput(d);
    expect(input).toMatchObject({
      name: 'Mug',
      productType: 'PHYSICAL',
      media: { itemsInfo: { items: [{ id: 'f1~mv2.png' }] } },
      variantsInfo: {
        variants: [
          {
            price: { actualPrice: { amount: '9.50' }, compareAtPrice: null },
            inventoryItem: { quantity: 7 },
          },
        ],
      },
    });

    const read: Draft = {
      ...d,
      name: 'Mug',
      variants: [{ ...d.variants[0]!, id: 'v1', stockAsRead: { track: true, quantity: '7' } }],
    };
    expect(toPatch(read, read, '3')).toEqual({ revision: '3' });
    expect(toPatch({ ...read, visible: false }, read, '3')).toEqual({ revision: '3', visible: false });
    const restocked = { ...read, variants: [{ ...read.variants[0]!, quantity: '20' }] };
    const patch = toPatch(restocked, read, '3');
    expect(patch.variantsInfo?.variants[0]).toMatchObject({ id: 'v1', inventoryItem: { quantity: 20 } });
    const repriced = toPatch({ ...read, variants: [{ ...read.variants[0]!, price: '11' }] }, read, '3');
    expect(repriced.variantsInfo?.variants[0]).not.toHaveProperty('inventoryItem');
    expect(toPatch({ ...read, images: [] }, read, '3')).toEqual({ revision: '3', media: null });
  });
});
