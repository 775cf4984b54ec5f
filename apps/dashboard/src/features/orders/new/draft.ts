/**
 * The order a merchant is putting together for a buyer, before the store prices it: the lines
 * picked (a product's variant, how many) and the buyer's e-mail. Pure functions, tested beside.
 */
import type { DraftLine, ProductRef } from '@vitrine/sdk';

/** At most this many of one item in a line (the checkout's own limit is higher; nobody types more). */
export const MAX_QUANTITY = 999;

/** A variant of the catalog, or an item the merchant describes (a custom item: a name and a price). */
export type DraftItem = {
  /** "Oak Chair — Size: M, Color: Navy", as the picker showed it; a custom item's name. */
  label: string;
  quantity: number;
} & ({ productId: string; variantId: string } | { custom: { price: string; shippable: boolean } });

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

/** What stops the draft from being priced, by field (empty when nothing does). */
export function draftProblems(d: { email: string; items: readonly DraftItem[] }): {
  email?: string;
  items?: string;
} {
  const email = d.email.trim();
  return {
    ...(!email
      ? { email: "Enter the buyer's e-mail: the payment link is sent there." }
      : !EMAIL.test(email)
        ? { email: 'Enter an e-mail address like name@example.com.' }
        : {}),
    ...(d.items.length === 0 ? { items: 'Add at least one item.' } : {}),
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

/** The line the store is asked to price for an item. */
export const lineOf = (i: DraftItem): DraftLine =>
  'custom' in i
    ? { name: i.label, price: i.custom.price, shippable: i.custom.shippable, quantity: i.quantity }
    : { productId: i.productId, variantId: i.variantId, quantity: i.quantity };
