/**
 * Which lines a discount or a trigger's range covers: the listed products, and the products of the
 * listed collections. Neither list given: every line.
 */
export interface ItemSelection {
  /** Product ids (catalog item ids). */
  catalogItemIds?: readonly string[];
  /** Collection (category) ids: a line is covered when its product is in one of them. */
  collectionIds?: readonly string[];
}

interface SelectableLine {
  catalogItemId: string;
  collectionIds?: readonly string[];
}

/** A test of whether a line is covered, or undefined when every line is. */
export function selector(sel: ItemSelection): ((l: SelectableLine) => boolean) | undefined {
  if (!sel.catalogItemIds && !sel.collectionIds) return undefined;
  const items = new Set(sel.catalogItemIds ?? []);
  const collections = new Set(sel.collectionIds ?? []);
  return (l) =>
    items.has(l.catalogItemId) ||
    (collections.size > 0 && !!l.collectionIds?.some((c) => collections.has(c)));
}

/** Whether a selection names collections, so that lines need theirs to be priced. */
export const namesCollections = (sel: ItemSelection | undefined) => !!sel?.collectionIds?.length;
