/**
 * The product editor's model, pure: a `Draft` made from a product (and its stock) or empty, the
 * variants kept in step with the options (one per combination of choices; a combination keeps its
 * variant, with its id and stock, across renames because variants name choices by a local key),
 * client-side checks, and the create input or the update patch (only the parts that changed, so
 * an untouched product keeps its variants' rows and stock).
 */
import type { InventoryItem, Product, ProductInput, ProductPatch } from '@vitrine/sdk';

export interface DraftChoice {
  /** Local identity (stable across renames); the choice's id when it has one. */
  key: string;
  choiceId?: string;
  name: string;
  choiceType?: string;
  colorCode?: string;
}
export interface DraftOption {
  key: string;
  id?: string;
  name: string;
  renderType: string;
  choices: DraftChoice[];
}
export interface DraftVariant {
  /** The keys of its choices, in the options' order (none without options). */
  choiceKeys: string[];
  id?: string;
  price: string;
  compareAt: string;
  sku: string;
  weight: string;
  visible: boolean;
  track: boolean;
  quantity: string;
  /** Stock as read (the variant's inventory item), to send stock only when it changed. */
  stockAsRead?: { track: boolean; quantity: string };
}
export interface DraftImage {
  /** The library file id (absent for a picture still being imported from a URL). */
  fileId?: string;
  url: string;
  /** The file's name, when known (fresh uploads and library picks; a product read names files by id). */
  name?: string;
}
export interface Draft {
  name: string;
  slug: string;
  /** Given when creating (empty: the URL name then); read-only after. */
  handle: string;
  description: string;
  visible: boolean;
  productType: 'PHYSICAL' | 'DIGITAL';
  options: DraftOption[];
  variants: DraftVariant[];
  images: DraftImage[];
  categoryIds: string[];
}

let counter = 0;
export const newKey = (prefix = 'k') => `${prefix}${(counter += 1)}`;

const emptyVariant = (choiceKeys: string[] = []): DraftVariant => ({
  choiceKeys,
  price: '',
  compareAt: '',
  sku: '',
  weight: '',
  visible: true,
  track: true,
  quantity: '0',
});

export const emptyDraft = (): Draft => ({
  name: '',
  slug: '',
  handle: '',
  description: '',
  visible: true,
  productType: 'PHYSICAL',
  options: [],
  variants: [emptyVariant()],
  images: [],
  categoryIds: [],
});

export function fromProduct(p: Product, stock: readonly InventoryItem[]): Draft {
  const keyOf = new Map<string, string>();
  const options: DraftOption[] = p.options.map((o) => ({
    key: o.id,
    id: o.id,
    name: o.name,
    renderType: o.optionRenderType,
    choices: o.choicesSettings.choices.map((c) => {
      keyOf.set(`${o.id}|${c.choiceId}`, c.choiceId);
      return {
        key: c.choiceId,
        choiceId: c.choiceId,
        name: c.name,
        choiceType: c.choiceType,
        ...(c.colorCode ? { colorCode: c.colorCode } : {}),
      };
    }),
  }));
  const variants = p.variantsInfo.variants.map((v): DraftVariant => {
    const item = stock.find((i) => i.variantId === v.id);
    const track = item?.trackQuantity ?? false;
    const quantity = String(item?.quantity ?? 0);
    return {
      id: v.id,
      choiceKeys: options.map((o) => {
        const c = v.choices.find((x) => x.optionChoiceIds.optionId === o.id);
        return c ? (keyOf.get(`${o.id}|${c.optionChoiceIds.choiceId}`) ?? c.optionChoiceIds.choiceId) : '';
      }),
      price: v.price.actualPrice.amount,
      compareAt: v.price.compareAtPrice?.amount ?? '',
      sku: v.sku ?? '',
      weight: v.physicalProperties.weight === undefined ? '' : String(v.physicalProperties.weight),
      visible: v.visible,
      track,
      quantity,
      stockAsRead: { track, quantity },
    };
  });
  return {
    name: p.name,
    slug: p.slug,
    handle: p.handle,
    description: p.plainDescription ?? '',
    visible: p.visible,
    productType: p.productType === 'DIGITAL' ? 'DIGITAL' : 'PHYSICAL',
    options,
    variants,
    images: (p.media.itemsInfo?.items ?? (p.media.main ? [p.media.main] : [])).map((m) => ({
      ...(m.image.id ? { fileId: m.image.id } : {}),
      url: m.image.url || m.url,
    })),
    categoryIds: p.directCategoriesInfo?.categories.map((c) => c.id) ?? [],
  };
}

/** Every combination of the options' choices, as choice keys in the options' order. */
export function combinations(options: readonly DraftOption[]): string[][] {
  return options.reduce<string[][]>(
    (acc, o) => acc.flatMap((keys) => o.choices.map((c) => [...keys, c.key])),
    [[]],
  );
}

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((k) => b.includes(k));

/**
 * The variants for new options: a combination that had a variant keeps it (among the current
 * ones, else among those read, so that adding an option and taking it away again loses nothing);
 * a new one starts from the variant sharing most of its choices (price, compare-at price, weight,
 * visibility, whether stock is tracked; no SKU, no stock, no id).
 */
export function syncVariants(
  options: readonly DraftOption[],
  old: readonly DraftVariant[],
  read: readonly DraftVariant[] = [],
): DraftVariant[] {
  return combinations(options).map((keys) => {
    const same =
      old.find((v) => sameKeys(v.choiceKeys, keys)) ?? read.find((v) => sameKeys(v.choiceKeys, keys));
    if (same) return { ...same, choiceKeys: keys };
    const shared = (v: DraftVariant) => v.choiceKeys.filter((k) => keys.includes(k)).length;
    const like = [...old].sort((a, b) => shared(b) - shared(a))[0];
    return like
      ? {
          ...emptyVariant(keys),
          price: like.price,
          compareAt: like.compareAt,
          weight: like.weight,
          visible: like.visible,
          track: like.track,
        }
      : emptyVariant(keys);
  });
}

/** A variant's name: its choices' names ("Red / M"), or "Default" without options. */
export function variantName(d: Pick<Draft, 'options'>, v: Pick<DraftVariant, 'choiceKeys'>): string {
  if (!d.options.length) return 'Default';
  return d.options.map((o, i) => o.choices.find((c) => c.key === v.choiceKeys[i])?.name ?? '?').join(' / ');
}

const AMOUNT = /^\d{1,13}(\.\d{1,4})?$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_VARIANTS = 1000;

/** Problems to fix before saving, by the id of the control that has them (see `fieldId`). */
export function check(d: Draft): Record<string, string> {
  const e: Record<string, string> = {};
  if (!d.name.trim()) e.name = 'Enter a name.';
  else if (d.name.trim().length > 200) e.name = 'At most 200 characters.';
  if (d.slug && !SLUG.test(d.slug)) e.slug = 'Lower-case letters, digits and single dashes only.';
  const names = new Set<string>();
  d.options.forEach((o, i) => {
    const n = o.name.trim().toLowerCase();
    if (!n) e[fieldId('option', i)] = 'Name the option.';
    else if (names.has(n)) e[fieldId('option', i)] = 'Another option has this name.';
    names.add(n);
    const choices = new Set<string>();
    if (!o.choices.length) e[fieldId('choices', i)] = 'Add at least one choice.';
    for (const c of o.choices) {
      const cn = c.name.trim().toLowerCase();
      if (choices.has(cn)) e[fieldId('choices', i)] = `"${c.name}" is there twice.`;
      choices.add(cn);
    }
  });
  if (d.variants.length > MAX_VARIANTS)
    e.variants = `At most ${MAX_VARIANTS} variants: these options make ${d.variants.length}.`;
  const skus = new Set<string>();
  d.variants.forEach((v, i) => {
    if (!AMOUNT.test(v.price.trim())) e[fieldId('price', i)] = 'Enter a price, e.g. 19.99.';
    if (v.compareAt.trim()) {
      if (!AMOUNT.test(v.compareAt.trim()))
        e[fieldId('compareAt', i)] = 'Enter an amount, e.g. 24.99, or nothing.';
      else if (AMOUNT.test(v.price.trim()) && Number(v.compareAt) < Number(v.price))
        e[fieldId('compareAt', i)] = 'Must not be lower than the price.';
    }
    const sku = v.sku.trim();
    if (sku.length > 40) e[fieldId('sku', i)] = 'At most 40 characters.';
    else if (sku && skus.has(sku)) e[fieldId('sku', i)] = 'Another variant has this SKU.';
    if (sku) skus.add(sku);
    if (v.weight.trim() && !(Number(v.weight) >= 0))
      e[fieldId('weight', i)] = 'Enter a weight, e.g. 0.5, or nothing.';
    if (v.track && !/^\d{1,10}$/.test(v.quantity.trim()))
      e[fieldId('quantity', i)] = 'Enter a whole number of units.';
  });
  return e;
}

/** The id of a control in the editor (errors name them; the summary links to them). */
export const fieldId = (what: string, index: number) => `${what}-${index}`;

function stockOf(v: DraftVariant, created: boolean) {
  const changed =
    created ||
    !v.stockAsRead ||
    v.stockAsRead.track !== v.track ||
    (v.track && v.stockAsRead.quantity !== v.quantity.trim());
  if (!changed) return {};
  return { inventoryItem: v.track ? { quantity: Number(v.quantity.trim()) } : { inStock: true } };
}

function variantsInput(d: Draft, created: boolean) {
  return {
    options: d.options.map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      name: o.name.trim(),
      optionRenderType: o.renderType as 'TEXT_CHOICES' | 'SWATCH_CHOICES',
      choicesSettings: {
        choices: o.choices.map((c) => ({
          ...(c.choiceId ? { choiceId: c.choiceId } : {}),
          name: c.name.trim(),
          ...(c.choiceType ? { choiceType: c.choiceType as 'CHOICE_TEXT' | 'ONE_COLOR' } : {}),
          ...(c.colorCode ? { colorCode: c.colorCode } : {}),
        })),
      },
    })),
    variantsInfo: {
      variants: d.variants.map((v) => ({
        ...(v.id ? { id: v.id } : {}),
        visible: v.visible,
        sku: v.sku.trim() || null,
        choices: d.options.map((o, i) => ({
          optionChoiceNames: {
            optionName: o.name.trim(),
            choiceName: (o.choices.find((c) => c.key === v.choiceKeys[i])?.name ?? '').trim(),
          },
        })),
        price: {
          actualPrice: { amount: v.price.trim() },
          compareAtPrice: v.compareAt.trim() ? { amount: v.compareAt.trim() } : null,
        },
        physicalProperties: v.weight.trim() ? { weight: Number(v.weight) } : null,
        ...stockOf(v, created || !v.id),
      })),
    },
  };
}

const mediaInput = (d: Draft) => ({
  itemsInfo: { items: d.images.map((i) => (i.fileId ? { id: i.fileId } : { url: i.url })) },
});
const categoriesInput = (d: Draft) => ({ categories: d.categoryIds.map((id) => ({ id })) });

export function toInput(d: Draft): ProductInput {
  return {
    name: d.name.trim(),
    ...(d.slug ? { slug: d.slug } : {}),
    ...(d.handle.trim() ? { handle: d.handle.trim() } : {}),
    plainDescription: d.description.trim() || null,
    visible: d.visible,
    productType: d.productType,
    ...variantsInput(d, true),
    ...(d.images.length ? { media: mediaInput(d) } : {}),
    ...(d.categoryIds.length ? { directCategoriesInfo: categoriesInput(d) } : {}),
  };
}

const json = (v: unknown) => JSON.stringify(v);

/** The fields that differ from `before` (the draft as read), with the revision read. */
export function toPatch(d: Draft, before: Draft, revision: string): ProductPatch {
  const variantsChanged =
    json(variantsInput(d, false)) !== json(variantsInput(before, false)) ||
    json(d.options) !== json(before.options);
  return {
    revision,
    ...(d.name.trim() !== before.name ? { name: d.name.trim() } : {}),
    ...(d.slug !== before.slug && d.slug ? { slug: d.slug } : {}),
    ...(d.description.trim() !== before.description.trim()
      ? { plainDescription: d.description.trim() || null }
      : {}),
    ...(d.visible !== before.visible ? { visible: d.visible } : {}),
    ...(d.productType !== before.productType ? { productType: d.productType } : {}),
    ...(variantsChanged ? variantsInput(d, false) : {}),
    ...(json(d.images) !== json(before.images) ? { media: d.images.length ? mediaInput(d) : null } : {}),
    ...(json(d.categoryIds) !== json(before.categoryIds) ? { directCategoriesInfo: categoriesInput(d) } : {}),
  };
}

/** Whether the draft differs from what was read. */
export const isDirty = (d: Draft, before: Draft) => json(d) !== json(before);
