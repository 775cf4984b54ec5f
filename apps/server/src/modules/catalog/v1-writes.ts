import type {
  OptionInput,
  ProductInput,
  V1CollectionInput,
  V1ProductInput,
  V1VariantOverride,
  VariantInput,
} from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { notFound, violation } from '../../platform/errors.ts';
import { currencyExponent, fromMinor } from '../../platform/money.ts';
import { createCategory, deleteCategory, updateCategory } from './categories.ts';
import { createProduct, deleteProduct, moneyOf, updateProduct } from './service.ts';
import { loadDetails, type StoredOption, type VariantWithStock } from './store.ts';
import { getCollectionV1, getProductV1 } from './v1.ts';
import { choicesMap, variantV1 } from './v1-wire.ts';
import { fromGrams, type Money } from './wire.ts';

/**
 * v1 writes (catalog.md §3) as v3 writes: a v1 product's options make every combination a variant (at the
 * product's price); `priceData.price` is the price before `discount`, which becomes the v3 compare-at price.
 */
const MAX_VARIANTS = 1000;
const HEX = /^#[0-9a-f]{3,8}$/i;

const stripHtml = (html: string) =>
  html
    .replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');

/** The v3 price of a v1 price and discount. */
function prices(m: Money, price: number, discount: V1ProductInput['discount']): VariantInput['price'] {
  const e = currencyExponent(m.currency);
  const before = Math.round(price * 10 ** e);
  let actual = before;
  if (discount?.type === 'AMOUNT') actual = before - Math.round((discount.value ?? 0) * 10 ** e);
  if (discount?.type === 'PERCENT') {
    if ((discount.value ?? 0) > 100)
      throw violation('product.discount.value', 'a percentage must be at most 100', 'MAX', {
        threshold: 100,
      });
    actual = Math.round((before * (100 - (discount.value ?? 0))) / 100);
  }
  if (actual < 0) throw violation('product.discount.value', 'must not exceed the price', 'VALIDATION');
  return {
    actualPrice: { amount: fromMinor(actual, m.currency) },
    ...(actual < before ? { compareAtPrice: { amount: fromMinor(before, m.currency) } } : {}),
  };
}

function options(input: NonNullable<V1ProductInput['productOptions']>): OptionInput[] {
  return input.map((o) => {
    const color = o.optionType === 'color';
    return {
      name: o.name,
      optionRenderType: color ? 'SWATCH_CHOICES' : 'TEXT_CHOICES',
      choicesSettings: {
        choices: o.choices.map((c) => ({
          name: (c.description ?? c.value)!,
          choiceType: color ? ('ONE_COLOR' as const) : ('CHOICE_TEXT' as const),
          ...(color && c.value && HEX.test(c.value) ? { colorCode: c.value } : {}),
        })),
      },
    };
  });
}

/** Every combination of the options' choices, as v3 variant choices by name. */
function combinations(opts: OptionInput[]): NonNullable<VariantInput['choices']>[] {
  const count = opts.reduce((n, o) => n * o.choicesSettings.choices.length, 1);
  if (count > MAX_VARIANTS)
    throw violation(
      'product.productOptions',
      `the choices make ${count} variants; at most ${MAX_VARIANTS}`,
      'MAX_SIZE',
      { threshold: MAX_VARIANTS },
    );
  return opts.reduce<NonNullable<VariantInput['choices']>[]>(
    (acc, o) =>
      acc.flatMap((combo) =>
        o.choicesSettings.choices.map((c) => [
          ...combo,
          { optionChoiceNames: { optionName: o.name, choiceName: c.name } },
        ]),
      ),
    [[]],
  );
}

function newVariants(opts: OptionInput[], price: VariantInput['price'], p: V1ProductInput): VariantInput[] {
  return combinations(opts).map((choices) => ({
    price,
    choices,
    ...(opts.length === 0 && p.sku ? { sku: p.sku } : {}),
    ...(p.weight !== undefined && p.weight !== null ? { physicalProperties: { weight: p.weight } } : {}),
  }));
}

const productFields = (p: V1ProductInput) => ({
  ...(p.name !== undefined ? { name: p.name } : {}),
  ...(p.slug !== undefined ? { slug: p.slug } : {}),
  ...(p.visible !== undefined && p.visible !== null ? { visible: p.visible } : {}),
  ...(p.productType !== undefined
    ? { productType: p.productType === 'physical' ? ('PHYSICAL' as const) : ('DIGITAL' as const) }
    : {}),
  ...(p.description !== undefined
    ? { plainDescription: p.description ? stripHtml(p.description) : null }
    : {}),
  ...(p.ribbon !== undefined ? { ribbon: p.ribbon ? { name: p.ribbon } : null } : {}),
  ...(p.brand !== undefined ? { brand: p.brand ? { name: p.brand } : null } : {}),
});

export async function createProductV1(ctx: Ctx, p: V1ProductInput & { name: string }) {
  if (!p.priceData) throw violation('product.priceData.price', 'is required', 'REQUIRED_FIELD');
  const m = await moneyOf(ctx);
  const opts = options(p.productOptions ?? []);
  const input: ProductInput = {
    ...productFields(p),
    name: p.name,
    options: opts,
    variantsInfo: { variants: newVariants(opts, prices(m, p.priceData.price, p.discount), p) },
  };
  const made = await createProduct(ctx, input);
  return getProductV1(ctx, made.id);
}

/** Only the fields given change. New options rebuild the variants; a new price, discount, SKU or weight applies to every variant. */
export async function updateProductV1(ctx: Ctx, id: string, p: V1ProductInput) {
  if (p.id !== undefined && p.id.toLowerCase() !== id.toLowerCase())
    throw violation('product.id', 'must match the path');
  const row = await ctx.db.selectFrom('catalog_product').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Product', { id }, 'PRODUCT_NOT_FOUND');
  const m = await moneyOf(ctx);
  const current = (await loadDetails(ctx.db, [id])).variants.get(id) ?? [];
  const lead = [...current].sort(
    (a, b) => Number(!a.visible) - Number(!b.visible) || Number(a.price) - Number(b.price),
  )[0];
  const e = currencyExponent(m.currency);
  // The price before discount and the discount stay as they are unless given.
  const before = Number(lead?.compare_at_price ?? lead?.price ?? 0);
  const price = () =>
    prices(
      m,
      p.priceData?.price ?? before / 10 ** e,
      p.discount ?? { type: 'AMOUNT', value: (before - Number(lead?.price ?? 0)) / 10 ** e },
    );
  let variantsInfo: ProductInput['variantsInfo'];
  let opts: OptionInput[] | undefined;
  if (p.productOptions !== undefined) {
    opts = options(p.productOptions);
    variantsInfo = { variants: newVariants(opts, price(), p) };
  } else if (
    p.priceData !== undefined ||
    p.discount !== undefined ||
    p.sku !== undefined ||
    p.weight !== undefined
  ) {
    const newPrice = p.priceData !== undefined || p.discount !== undefined ? price() : undefined;
    variantsInfo = {
      variants: current.map((v) =>
        keep(v, m, row.options, newPrice, current.length === 1 ? p.sku : undefined, p.weight),
      ),
    };
  }
  await updateProduct(ctx, id, {
    ...productFields(p),
    revision: String(row.revision),
    ...(opts ? { options: opts } : {}),
    ...(variantsInfo ? { variantsInfo } : {}),
  });
  return getProductV1(ctx, id);
}

/** An existing variant as v3 input, with a new price, SKU or weight when given. */
function keep(
  v: VariantWithStock,
  m: Money,
  opts: StoredOption[],
  price: VariantInput['price'] | undefined,
  sku: string | null | undefined,
  weight: number | null | undefined,
): VariantInput {
  const amount = (minor: number) => ({ amount: fromMinor(Number(minor), m.currency) });
  const grams = v.weight_grams;
  return {
    id: v.id,
    visible: v.visible,
    sku: sku !== undefined ? sku : v.sku,
    choices: v.choices
      .filter((c) => opts.some((o) => o.id === c.optionId))
      .map((c) => ({ optionChoiceIds: c })),
    price: price ?? {
      actualPrice: amount(v.price),
      ...(v.compare_at_price !== null ? { compareAtPrice: amount(v.compare_at_price) } : {}),
    },
    ...(weight !== undefined
      ? { physicalProperties: { weight } }
      : grams !== null
        ? { physicalProperties: { weight: fromGrams(grams, m.weightUnit) } }
        : {}),
  };
}

const norm = (x: string) => x.trim().toLowerCase();

/** Whether an override selects a variant: by id, else by every choice it names (none named: every variant). */
function selects(o: V1VariantOverride, v: VariantWithStock, opts: StoredOption[]): boolean {
  if (o.variantIds?.length) return o.variantIds.some((x) => x.toLowerCase() === v.id);
  const mine = choicesMap(opts, v);
  return Object.entries(o.choices ?? {}).every(([name, choice]) => {
    const option = Object.keys(mine).find((k) => norm(k) === norm(name));
    if (!option) return false;
    const c = opts.find((x) => x.name === option)?.choices.find((x) => x.name === mine[option]);
    return (
      norm(mine[option]!) === norm(choice) ||
      (c?.colorCode !== undefined && norm(c.colorCode) === norm(choice))
    );
  });
}

/**
 * `updateProductVariants`: each override sets price (before the variant's current discount), SKU, weight or
 * visibility of the variants it selects; later overrides win. Stock stays. Cost and dimensions are not kept.
 */
export async function updateProductVariantsV1(ctx: Ctx, id: string, overrides: V1VariantOverride[]) {
  const row = await ctx.db.selectFrom('catalog_product').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Product', { id }, 'PRODUCT_NOT_FOUND');
  const m = await moneyOf(ctx);
  const e = currencyExponent(m.currency);
  const current = (await loadDetails(ctx.db, [id])).variants.get(id) ?? [];
  const changed = new Map(
    current.map((v) => [v.id, keep(v, m, row.options, undefined, undefined, undefined)]),
  );
  for (const [i, o] of overrides.entries()) {
    const chosen = current.filter((v) => selects(o, v, row.options));
    if (chosen.length === 0)
      throw violation(
        `variants.${i}`,
        o.variantIds?.length
          ? 'names no variant of this product'
          : 'its choices match no variant of this product',
        'VALIDATION',
        { index: i },
      );
    for (const v of chosen) {
      const input = changed.get(v.id)!;
      const discount = Number(v.compare_at_price ?? v.price) - Number(v.price);
      changed.set(v.id, {
        ...input,
        ...(o.price !== undefined && o.price !== null
          ? { price: splitPrice(m, Math.round(o.price * 10 ** e), discount) }
          : {}),
        ...(o.sku !== undefined ? { sku: o.sku } : {}),
        ...(o.visible !== undefined && o.visible !== null ? { visible: o.visible } : {}),
        ...(o.weight !== undefined ? { physicalProperties: { weight: o.weight } } : {}),
      });
    }
  }
  await updateProduct(ctx, id, {
    revision: String(row.revision),
    variantsInfo: { variants: current.map((v) => changed.get(v.id)!) },
  });
  const saved = (await loadDetails(ctx.db, [id])).variants.get(id) ?? [];
  return { variants: saved.map((v) => variantV1(m, row.options, v)) };
}

/** A v1 price (before discount) and the variant's discount as v3 actual and compare-at prices. */
function splitPrice(m: Money, before: number, discount: number): VariantInput['price'] {
  const actual = Math.max(0, before - discount);
  const amount = (minor: number) => ({ amount: fromMinor(minor, m.currency) });
  return { actualPrice: amount(actual), ...(actual < before ? { compareAtPrice: amount(before) } : {}) };
}

export const deleteProductV1 = deleteProduct;

const imageOf = (c: V1CollectionInput) =>
  c.media === undefined ? undefined : (c.media?.mainMedia?.image?.url ?? null);

export async function createCollectionV1(ctx: Ctx, c: V1CollectionInput & { name: string }) {
  const image = imageOf(c);
  const made = await createCategory(ctx, {
    name: c.name,
    ...(c.slug ? { slug: c.slug } : {}),
    ...(c.visible !== undefined && c.visible !== null ? { visible: c.visible } : {}),
    ...(c.description !== undefined ? { description: c.description } : {}),
    ...(image !== undefined ? { image } : {}),
  });
  return getCollectionV1(ctx, { id: made.id });
}

export async function updateCollectionV1(ctx: Ctx, id: string, c: V1CollectionInput) {
  if (c.id !== undefined && c.id.toLowerCase() !== id.toLowerCase())
    throw violation('collection.id', 'must match the path');
  const row = await ctx.db
    .selectFrom('catalog_category')
    .select('revision')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Collection', { id }, 'COLLECTION_NOT_FOUND');
  const image = imageOf(c);
  await updateCategory(ctx, id, {
    revision: String(row.revision),
    ...(c.name !== undefined ? { name: c.name } : {}),
    ...(c.slug ? { slug: c.slug } : {}),
    ...(c.visible !== undefined && c.visible !== null ? { visible: c.visible } : {}),
    ...(c.description !== undefined ? { description: c.description } : {}),
    ...(image !== undefined ? { image } : {}),
  });
  return getCollectionV1(ctx, { id });
}

export const deleteCollectionV1 = deleteCategory;
