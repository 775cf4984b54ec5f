/**
 * The order a merchant is putting together for a buyer, before the store prices it: the lines
 * picked (a product's variant, how many) and the buyer's e-mail. Pure functions, tested beside.
 */
import type { ProductRef } from '@vitrine/sdk';

/** At most this many of one item in a line (the checkout's own limit is higher; nobody types more). */
export const MAX_QUANTITY = 999;

export interface DraftItem {
  productId: string;
  variantId: string;
  /** "Oak Chair — Size: M, Color: Navy", as the picker showed it. */
  label: string;
  quantity: number;
}

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
  const at = items.findIndex((i) => i.variantId === item.variantId && i.productId === item.productId);
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
