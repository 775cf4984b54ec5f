import type { ProductInput } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { createCategory } from './categories.ts';
import { ensureDemoImages, type DemoImage, type Shape } from './demo-images.ts';
import { createProduct, slugify } from './service.ts';
import { ITEM_TYPE_NAMESPACE } from './wire.ts';

type V = NonNullable<ProductInput['variantsInfo']>['variants'][number];
const SIZES = ['S', 'M', 'L'];
const SWATCH: Record<string, string> = {
  White: '#f5f5f2',
  Black: '#1f1f1f',
  Sage: '#9caf88',
  Sand: '#d8c8a8',
  Navy: '#1f2f4f',
  Charcoal: '#3b3b3b',
  Oat: '#dccfb4',
  Olive: '#6b6b3a',
  Stone: '#b7ad9a',
  Rust: '#b4532a',
  Terracotta: '#c8664a',
  Ink: '#22304a',
  'Navy Stripe': '#23345a',
  'Red Stripe': '#b23a3a',
};
const amount = (a: string, compareAt?: string) => ({
  actualPrice: { amount: a },
  ...(compareAt ? { compareAtPrice: { amount: compareAt } } : {}),
});
const weighed = (kg?: number) => (kg === undefined ? {} : { physicalProperties: { weight: kg } });
const single = (price: string, o: Partial<V> = {}, compareAt?: string, kg?: number): V[] => [
  { price: amount(price, compareAt), ...weighed(kg), ...o },
];
const colourOption = (colours: string[]) => ({
  name: 'Color',
  optionRenderType: 'SWATCH_CHOICES' as const,
  choicesSettings: {
    choices: colours.map((name) => ({
      name,
      choiceType: 'ONE_COLOR' as const,
      ...(SWATCH[name] ? { colorCode: SWATCH[name] } : {}),
    })),
  },
});
const pick = (option: string, choice: string) => ({
  optionChoiceNames: { optionName: option, choiceName: choice },
});
const stocked = (quantity: number | undefined) =>
  quantity !== undefined ? { inventoryItem: { quantity } } : {};

/** Variants for every size × colour, with SKUs `<base>-<size>-<colour>`. */
function grid(
  base: string,
  price: string,
  colours: string[],
  stock?: (size: string, colour: string) => number | undefined,
  compareAt?: string,
  kg?: number,
): Pick<ProductInput, 'options' | 'variantsInfo'> {
  const variants: V[] = [];
  for (const size of SIZES) {
    for (const colour of colours) {
      variants.push({
        sku: `${base}-${size}-${colour.slice(0, 3).toUpperCase()}`,
        price: amount(price, compareAt),
        ...weighed(kg),
        choices: [pick('Size', size), pick('Color', colour)],
        ...stocked(stock?.(size, colour)),
      });
    }
  }
  return {
    options: [
      {
        name: 'Size',
        optionRenderType: 'TEXT_CHOICES',
        choicesSettings: { choices: SIZES.map((name) => ({ name })) },
      },
      colourOption(colours),
    ],
    variantsInfo: { variants },
  };
}

/** One variant per colour. */
function coloured(
  base: string,
  price: string,
  colours: string[],
  quantity?: number,
  kg?: number,
): Pick<ProductInput, 'options' | 'variantsInfo'> {
  return {
    options: [colourOption(colours)],
    variantsInfo: {
      variants: colours.map((c) => ({
        sku: `${base}-${c.slice(0, 3).toUpperCase()}`,
        price: amount(price),
        ...weighed(kg),
        choices: [pick('Color', c)],
        ...stocked(quantity),
      })),
    },
  };
}

/** One variant per size, each with its own price and weight. */
function sized(
  base: string,
  sizes: [name: string, price: string, kg: number][],
): Pick<ProductInput, 'options' | 'variantsInfo'> {
  return {
    options: [
      {
        name: 'Size',
        optionRenderType: 'TEXT_CHOICES',
        choicesSettings: { choices: sizes.map(([name]) => ({ name })) },
      },
    ],
    variantsInfo: {
      variants: sizes.map(([name, price, kg]) => ({
        sku: `${base}-${name.slice(0, 1)}`,
        price: amount(price),
        ...weighed(kg),
        choices: [pick('Size', name)],
      })),
    },
  };
}

/** A product and the colours of its picture. */
type Demo = ProductInput & { look: [from: string, to: string]; shape: Shape };

/**
 * A small clothing, home-goods and stationery shop: 24 products in 4 categories, each with a picture generated
 * on the machine; some with variants, some out of stock, one digital product and one gift card.
 */
export async function seedCatalogDemo(ctx: Ctx) {
  const categoryImages: DemoImage[] = [
    { name: 'category-apparel', from: '#d8c8a8', to: '#6b6b3a', shape: 'circle', letter: 'A' },
    { name: 'category-home', from: '#e7d9c7', to: '#9c6b4a', shape: 'square', letter: 'H' },
    { name: 'category-accessories', from: '#c9b7a3', to: '#3b3b3b', shape: 'diamond', letter: 'A' },
    { name: 'category-stationery-gifts', from: '#c3d0dc', to: '#22304a', shape: 'triangle', letter: 'S' },
  ];
  const catUrls = await ensureDemoImages(ctx, categoryImages);
  const cat = (name: string, slug: string, description: string) =>
    createCategory(ctx, { name, slug, description, image: catUrls.get(`category-${slug}`)! });
  const apparel = await cat('Apparel', 'apparel', 'Everyday clothes in natural fibres.');
  const home = await cat('Home', 'home', 'Things for a calm, lived-in home.');
  const accessories = await cat('Accessories', 'accessories', 'Small things that go everywhere with you.');
  const paper = await cat('Stationery & Gifts', 'stationery-gifts', 'Paper goods, pens and presents.');
  const cats = (...ids: string[]) => ({ directCategoriesInfo: { categories: ids.map((id) => ({ id })) } });
  const A = { ...cats(apparel.id), shape: 'circle' as const };
  const H = { ...cats(home.id), shape: 'square' as const };
  const X = { ...cats(accessories.id), shape: 'diamond' as const };
  const S = { ...cats(paper.id), shape: 'triangle' as const };

  const products: Demo[] = [
    {
      name: 'Organic Cotton T-Shirt',
      plainDescription: 'A soft everyday tee in heavyweight organic cotton.',
      brand: { name: 'Vitrine Basics' },
      ...grid('TEE', '24.00', ['White', 'Black', 'Sage'], undefined, undefined, 0.2),
      ...A,
      look: ['#e9ede4', '#9caf88'],
    },
    {
      name: 'Linen Button-Down Shirt',
      plainDescription: 'Breathable washed linen, relaxed fit.',
      ribbon: { name: 'Sale' },
      ...grid('LINEN', '49.00', ['Sand', 'Navy'], undefined, '65.00', 0.3),
      ...A,
      look: ['#efe6d4', '#1f2f4f'],
    },
    {
      name: 'Merino Crew Sweater',
      plainDescription: 'Fine-gauge merino wool that keeps its shape.',
      ...grid('MERINO', '89.00', ['Charcoal', 'Oat'], (size) => (size === 'L' ? 0 : 8), undefined, 0.4),
      ...A,
      look: ['#dccfb4', '#3b3b3b'],
    },
    {
      name: 'Everyday Canvas Jacket',
      plainDescription: 'Waxed canvas chore jacket with four pockets.',
      ribbon: { name: 'New' },
      ...grid('JACKET', '129.00', ['Olive'], undefined, undefined, 1.1),
      ...A,
      look: ['#a3a36b', '#3f3f22'],
    },
    {
      name: 'Wool Beanie',
      plainDescription: 'Ribbed knit beanie, one size.',
      variantsInfo: {
        variants: single('19.00', { sku: 'BEANIE', inventoryItem: { quantity: 0 } }, undefined, 0.1),
      },
      ...A,
      ...cats(apparel.id, accessories.id),
      look: ['#e0b49a', '#8c3b22'],
    },
    {
      name: 'Leather Card Wallet',
      plainDescription: 'Vegetable-tanned leather, holds six cards.',
      variantsInfo: {
        variants: single('35.00', { sku: 'WALLET', inventoryItem: { quantity: 3 } }, undefined, 0.08),
      },
      ...X,
      look: ['#c89b6d', '#5a3720'],
    },
    {
      name: 'Canvas Tote Bag',
      plainDescription: 'Heavy canvas tote with an inside pocket.',
      variantsInfo: { variants: single('18.00', { sku: 'TOTE' }, '22.00', 0.35) },
      ...X,
      look: ['#f0e8d8', '#b7ad9a'],
    },
    {
      name: 'Stoneware Coffee Mug',
      plainDescription: 'Hand-glazed stoneware, 350 ml.',
      variantsInfo: { variants: single('16.00', { sku: 'MUG' }, undefined, 0.45) },
      ...H,
      look: ['#d6e0e6', '#4f6d7a'],
    },
    {
      name: 'Linen Throw Pillow',
      plainDescription: 'Stonewashed linen cover with a feather insert.',
      variantsInfo: { variants: single('39.00', { sku: 'PILLOW' }, '45.00', 0.9) },
      ...H,
      look: ['#efe2d0', '#b08d6e'],
    },
    {
      name: 'Soy Wax Candle',
      plainDescription: 'Cedar and fig, about 40 hours of burn time.',
      variantsInfo: { variants: single('28.00', { sku: 'CANDLE' }, undefined, 0.5) },
      ...H,
      look: ['#f6e7c8', '#c58b3c'],
    },
    {
      name: 'Waffle Bath Towel',
      plainDescription: 'Quick-drying cotton waffle weave.',
      variantsInfo: { variants: single('32.00', { sku: 'TOWEL' }, undefined, 0.7) },
      ...H,
      look: ['#e3eef0', '#6f9aa3'],
    },
    {
      name: 'Gift Card',
      plainDescription: 'Sent by e-mail; never expires.',
      productType: 'DIGITAL',
      extendedFields: { namespaces: { [ITEM_TYPE_NAMESPACE]: { itemType: 'GIFT_CARD' } } },
      variantsInfo: { variants: single('50.00', { sku: 'GIFT-50' }) },
      ...S,
      look: ['#f3c6cf', '#a3344f'],
    },
    {
      name: 'Relaxed Chino Trousers',
      plainDescription: 'Garment-dyed cotton twill with a tapered leg.',
      ...grid(
        'CHINO',
        '68.00',
        ['Stone', 'Navy'],
        (size, colour) => (size === 'M' && colour === 'Navy' ? 0 : 6),
        undefined,
        0.6,
      ),
      ...A,
      look: ['#e4ddd0', '#8a7f6a'],
    },
    {
      name: 'Striped Breton Top',
      plainDescription: 'Heavy jersey stripes, boat neck.',
      ribbon: { name: 'New' },
      ...grid('BRETON', '54.00', ['Navy Stripe', 'Red Stripe'], undefined, undefined, 0.3),
      ...A,
      look: ['#f2f2f2', '#23345a'],
    },
    {
      name: 'Ceramic Plant Pot',
      plainDescription: 'Matte glazed pot with a drainage hole and saucer.',
      ...sized('POT', [
        ['Small', '22.00', 0.6],
        ['Medium', '29.00', 1.2],
        ['Large', '36.00', 2.1],
      ]),
      ...H,
      look: ['#e8e2d6', '#7d8f69'],
    },
    {
      name: 'Cotton Waffle Blanket',
      plainDescription: 'A light blanket for every season.',
      ...coloured('BLANKET', '95.00', ['Oat', 'Sage'], undefined, 1.4),
      ...H,
      look: ['#efe7d6', '#a4a07a'],
    },
    {
      name: 'Oak Serving Board',
      plainDescription: 'Solid oak, oiled by hand. Back soon.',
      variantsInfo: {
        variants: single('58.00', { sku: 'BOARD', inventoryItem: { quantity: 0 } }, undefined, 1.3),
      },
      ...H,
      look: ['#e6c79c', '#8a5a2b'],
    },
    {
      name: 'Merino Knit Scarf',
      plainDescription: 'Long, warm and soft against the skin.',
      ...coloured('SCARF', '55.00', ['Charcoal', 'Rust'], 12, 0.2),
      ...X,
      look: ['#d9a38a', '#3b3b3b'],
    },
    {
      name: 'Canvas Baseball Cap',
      plainDescription: 'Six panels, adjustable brass buckle.',
      variantsInfo: { variants: single('26.00', { sku: 'CAP' }, undefined, 0.1) },
      ...X,
      look: ['#d5d9c5', '#55613f'],
    },
    {
      name: 'Cloth-bound Notebook',
      plainDescription: 'A5, 192 dotted pages, lays flat.',
      ...coloured('NOTEBOOK', '14.00', ['Sage', 'Terracotta', 'Ink'], undefined, 0.3),
      ...S,
      look: ['#e7d7c9', '#c8664a'],
    },
    {
      name: 'Brass Ballpoint Pen',
      plainDescription: 'Solid brass that darkens with use; refillable.',
      variantsInfo: {
        variants: single('29.00', { sku: 'PEN', inventoryItem: { quantity: 25 } }, undefined, 0.04),
      },
      ...S,
      look: ['#f1dc9c', '#9a7b24'],
    },
    {
      name: 'Weekly Desk Planner',
      plainDescription: 'Undated weeks on tear-off sheets.',
      variantsInfo: { variants: single('21.00', { sku: 'PLANNER' }, undefined, 0.4) },
      ...S,
      look: ['#dfe7ef', '#4a6a8a'],
    },
    {
      name: 'Letterpress Card Set',
      plainDescription: 'Eight cards with envelopes. Reprinting now.',
      variantsInfo: {
        variants: single('16.50', { sku: 'CARDS', inventoryItem: { quantity: 0 } }, undefined, 0.2),
      },
      ...S,
      look: ['#f6e6e1', '#b45a5a'],
    },
    {
      name: 'Printable Wall Art',
      plainDescription: 'A set of six botanical prints as high-resolution PDF files, to print at home.',
      productType: 'DIGITAL',
      variantsInfo: { variants: single('9.00', { sku: 'PRINTS' }) },
      ...S,
      look: ['#e5efe0', '#557a4a'],
    },
  ];
  const urls = await ensureDemoImages(
    ctx,
    products.map((p) => ({
      name: slugify(p.name),
      from: p.look[0],
      to: p.look[1],
      shape: p.shape,
      letter: p.name[0]!,
    })),
  );
  for (const { look: _look, shape: _shape, ...p } of products) {
    await createProduct(ctx, { ...p, media: { main: { url: urls.get(slugify(p.name))! } } });
  }
}
