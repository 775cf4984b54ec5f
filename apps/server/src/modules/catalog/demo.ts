import type { ProductInput } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { createCategory } from './reads.ts';
import { createProduct } from './service.ts';

type V = NonNullable<ProductInput['variantsInfo']>['variants'][number];
const SIZES = ['S', 'M', 'L'];
const amount = (a: string, compareAt?: string) => ({ actualPrice: { amount: a }, ...(compareAt ? { compareAtPrice: { amount: compareAt } } : {}) });
const single = (price: string, o: Partial<V> = {}, compareAt?: string): V[] => [{ price: amount(price, compareAt), ...o }];

/** Variants for every size × colour, with SKUs `<base>-<size>-<colour>`. */
function grid(base: string, price: string, colours: string[], stock?: (size: string, colour: string) => number | undefined, compareAt?: string): Pick<ProductInput, 'options' | 'variantsInfo'> {
  const variants: V[] = [];
  for (const size of SIZES) {
    for (const colour of colours) {
      const quantity = stock?.(size, colour);
      variants.push({
        sku: `${base}-${size}-${colour.slice(0, 3).toUpperCase()}`, price: amount(price, compareAt),
        choices: [{ optionChoiceNames: { optionName: 'Size', choiceName: size } }, { optionChoiceNames: { optionName: 'Color', choiceName: colour } }],
        ...(quantity !== undefined ? { inventoryItem: { quantity } } : {}),
      });
    }
  }
  return {
    options: [
      { name: 'Size', optionRenderType: 'TEXT_CHOICES', choicesSettings: { choices: SIZES.map((name) => ({ name })) } },
      { name: 'Color', optionRenderType: 'SWATCH_CHOICES', choicesSettings: { choices: colours.map((name) => ({ name, choiceType: 'ONE_COLOR' as const })) } },
    ],
    variantsInfo: { variants },
  };
}

/** A small clothing and home-goods shop: 12 products in 3 categories. No images ship with the demo. */
export async function seedCatalogDemo(ctx: Ctx) {
  const apparel = await createCategory(ctx, { name: 'Apparel', slug: 'apparel' });
  const home = await createCategory(ctx, { name: 'Home', slug: 'home' });
  const accessories = await createCategory(ctx, { name: 'Accessories', slug: 'accessories' });
  const cats = (...ids: string[]) => ({ directCategoriesInfo: { categories: ids.map((id) => ({ id })) } });
  const media = { main: null };
  const products: ProductInput[] = [
    { name: 'Organic Cotton T-Shirt', plainDescription: 'A soft everyday tee in heavyweight organic cotton.', brand: { name: 'Vitrine Basics' }, ...grid('TEE', '24.00', ['White', 'Black', 'Sage']), ...cats(apparel.id) },
    { name: 'Linen Button-Down Shirt', plainDescription: 'Breathable washed linen, relaxed fit.', ribbon: { name: 'Sale' }, ...grid('LINEN', '49.00', ['Sand', 'Navy'], undefined, '65.00'), ...cats(apparel.id) },
    { name: 'Merino Crew Sweater', plainDescription: 'Fine-gauge merino wool that keeps its shape.', ...grid('MERINO', '89.00', ['Charcoal', 'Oat'], (size) => (size === 'L' ? 0 : 8)), ...cats(apparel.id) },
    { name: 'Everyday Canvas Jacket', plainDescription: 'Waxed canvas chore jacket with four pockets.', ribbon: { name: 'New' }, ...grid('JACKET', '129.00', ['Olive']), ...cats(apparel.id) },
    { name: 'Wool Beanie', plainDescription: 'Ribbed knit beanie, one size.', variantsInfo: { variants: single('19.00', { sku: 'BEANIE', inventoryItem: { quantity: 0 } }) }, ...cats(apparel.id, accessories.id) },
    { name: 'Leather Card Wallet', plainDescription: 'Vegetable-tanned leather, holds six cards.', variantsInfo: { variants: single('35.00', { sku: 'WALLET', inventoryItem: { quantity: 3 } }) }, ...cats(accessories.id) },
    { name: 'Canvas Tote Bag', plainDescription: 'Heavy canvas tote with an inside pocket.', variantsInfo: { variants: single('18.00', { sku: 'TOTE' }, '22.00') }, ...cats(accessories.id) },
    { name: 'Stoneware Coffee Mug', plainDescription: 'Hand-glazed stoneware, 350 ml.', variantsInfo: { variants: single('16.00', { sku: 'MUG' }) }, ...cats(home.id) },
    { name: 'Linen Throw Pillow', plainDescription: 'Stonewashed linen cover with a feather insert.', variantsInfo: { variants: single('39.00', { sku: 'PILLOW' }, '45.00') }, ...cats(home.id) },
    { name: 'Soy Wax Candle', plainDescription: 'Cedar and fig, about 40 hours of burn time.', variantsInfo: { variants: single('28.00', { sku: 'CANDLE' }) }, ...cats(home.id) },
    { name: 'Waffle Bath Towel', plainDescription: 'Quick-drying cotton waffle weave.', variantsInfo: { variants: single('32.00', { sku: 'TOWEL' }) }, ...cats(home.id) },
    { name: 'Gift Card', plainDescription: 'Sent by e-mail; never expires.', productType: 'DIGITAL', variantsInfo: { variants: single('50.00', { sku: 'GIFT-50' }) } },
  ];
  for (const p of products) await createProduct(ctx, { media, ...p });
}
