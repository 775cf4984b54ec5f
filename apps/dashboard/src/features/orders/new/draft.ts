/**
 * The order a merchant is putting together for a buyer, before the store prices it: the lines
 * picked (a product's variant, how many) and the buyer's e-mail. Pure functions, tested beside.
 */
import type { DraftLine, MerchantDiscount, ProductRef } from '@vitrine/sdk';

/** At most this many of one item in a line (the checkout's own limit is higher; nobody types more). */
export const MAX_QUANTITY = 999;

/** A variant of the catalog, or an item the merchant describes (a custom item: a name and a price). */
export type DraftItem = {
  /** "Oak Chair — Size: M, Color: Navy", as the picker showed it; a custom item's name. */
  label: string;
  quantity: number;
} & (
  | {
      productId: string;
      variantId: string;
      /** The catalog's price each, as the picker showed it ("320.00"). */
      catalogPrice?: string;
      /** The merchant's own price each for this order, as typed (draftProblems checks it). */
      price?: string;
    }
  | { custom: { price: string; shippable: boolean } }
);

/** One line per catalog variant, and per custom item of the same name, price and delivery. */
const keyOf = (i: DraftItem) =>
  'custom' in i
    ? `custom/${i.label}/${i.custom.price}/${i.custom.shippable}`
    : `${i.productId}/${i.variantId}`;
export const draftKey = keyOf;

type Variant = NonNullable<ProductRef['variantsInfo']>['variants'][number];

/** A variant's choices ("Size: M, Color: Navy"); empty for a product without options. */
export const choicesLabel = (v: Variant): string =>
  v.choices
    .map((c) => c.optionChoiceNames && `${c.optionChoiceNames.optionName}: ${c.optionChoiceNames.choiceName}`)
    .filter(Boolean)
    .join(', ');

/** The line's name: the product's, and its variant's choices when it has options. */
export const itemLabel = (p: Pick<ProductRef, 'name'>, v: Variant): string => {
  const choices = choicesLabel(v);
  return choices ? `${p.name} — ${choices}` : p.name;
};

/** The draft with `quantity` more of an item: added to its line when it is there, else a new line. */
export function addItem(items: readonly DraftItem[], item: DraftItem): DraftItem[] {
  const at = items.findIndex((i) => keyOf(i) === keyOf(item));
  if (at < 0) return [...items, { ...item, quantity: Math.min(item.quantity, MAX_QUANTITY) }];
  return items.map((i, n) =>
    n === at ? { ...i, quantity: Math.min(i.quantity + item.quantity, MAX_QUANTITY) } : i,
  );
}

/** A quantity as typed: a whole number from 1 to MAX_QUANTITY, else undefined. */
export function quantityOf(text: string): number | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= MAX_QUANTITY ? n : undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Whether the text has the shape of an e-mail address (name@example.com). */
export const looksLikeEmail = (text: string) => EMAIL.test(text.trim());

/** What stops the draft from being priced, by field (empty when nothing does). */
export function draftProblems(d: {
  email: string;
  items: readonly DraftItem[];
  discount?: { kind: DiscountKind; text: string };
}): {
  email?: string;
  items?: string;
  discount?: string;
} {
  const email = d.email.trim();
  const discount = d.discount && discountProblem(d.discount.kind, d.discount.text);
  return {
    ...(!email
      ? { email: "Enter the buyer's e-mail: the payment link is sent there." }
      : !EMAIL.test(email)
        ? { email: 'Enter an e-mail address like name@example.com.' }
        : {}),
    ...(d.items.length === 0
      ? { items: 'Add at least one item.' }
      : d.items.some((i) => !('custom' in i) && i.price !== undefined && priceOf(i.price) === undefined)
        ? { items: 'A price each is not a price: correct it, or empty it for the catalog’s.' }
        : {}),
    ...(discount ? { discount } : {}),
  };
}

/** A custom item's price as typed: a plain amount ("20", "19.90"), else undefined. */
export function priceOf(text: string): string | undefined {
  const t = text.trim();
  return /^\d{1,9}(\.\d{1,3})?$/.test(t) ? t : undefined;
}

/** What stops a custom item from being added, by field. */
export function customItemProblems(d: { name: string; price: string; quantity: string }): {
  name?: string;
  price?: string;
  quantity?: string;
} {
  return {
    ...(!d.name.trim() ? { name: 'Name the item as the buyer will read it.' } : {}),
    ...(priceOf(d.price) === undefined ? { price: 'Enter a price like 20 or 19.90.' } : {}),
    ...(quantityOf(d.quantity) === undefined ? { quantity: `From 1 to ${MAX_QUANTITY}` } : {}),
  };
}

/** How the merchant's discount is given: a share of the items, or an amount off them. */
export type DiscountKind = 'percentage' | 'amount';

/**
 * The merchant's discount as typed: null when left empty, undefined when it is not one (a
 * percentage from 0.01 to 100 with up to 2 decimals, or an amount above 0 like 20 or 19.90).
 */
export function discountOf(kind: DiscountKind, text: string): MerchantDiscount | null | undefined {
  const t = text.trim().replace(/%$/, '').trim();
  if (!t) return null;
  if (kind === 'percentage') {
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return undefined;
    const n = Number(t);
    return n > 0 && n <= 100 ? { percentage: n } : undefined;
  }
  const amount = priceOf(t);
  return amount !== undefined && Number(amount) > 0 ? { amount } : undefined;
}

/** Why a typed discount is refused (undefined when it is a discount or left empty). */
export const discountProblem = (kind: DiscountKind, text: string): string | undefined =>
  discountOf(kind, text) !== undefined
    ? undefined
    : kind === 'percentage'
      ? 'Enter a percentage from 0.01 to 100, like 10 or 12.5.'
      : 'Enter an amount above 0, like 20 or 19.90.';

/** The line the store is asked to price for an item. */
export const lineOf = (i: DraftItem): DraftLine =>
  'custom' in i
    ? { name: i.label, price: i.custom.price, shippable: i.custom.shippable, quantity: i.quantity }
    : {
        productId: i.productId,
        variantId: i.variantId,
        quantity: i.quantity,
        ...(i.price && priceOf(i.price) ? { price: priceOf(i.price)! } : {}),
      };
