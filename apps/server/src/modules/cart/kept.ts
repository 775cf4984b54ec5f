/**
 * Answers of get-current-cart kept per process, per cart owner, with the version they were made
 * from (store.ts baseVersion: the cart row's, the catalog's and the configuration's; with its lines'
 * stock, `withStock`, unless no line's stock is tracked). A call reads
 * the owner's current version in one small statement and, when it is the kept one, sends the kept
 * text: a cart read many times between changes (every page of a storefront shows it) is priced and
 * serialised once. The version is read from the database on every call, so a change made by any
 * process shows at once. Bounded: the least recently used answers go past the budget.
 */
import { rawJsonBytes, type RawJson } from '../../platform/http/raw-json.ts';
import { KeptMap } from '../../platform/kept-map.ts';
import type { CartReadAt, CartRow, ExtraRead } from './store.ts';

/** What the kept answers may take in all (their JSON text and keys). */
export const KEPT_CARTS_BUDGET = 4 * 1024 * 1024;

const kept = new KeptMap<{ version: string; answer: RawJson; stockIds: readonly string[] | undefined }>(
  KEPT_CARTS_BUDGET,
);

/** The kept answer of `owner`'s cart when it was made from `version`. */
export const keptCart = (owner: string, version: string): RawJson | undefined =>
  kept.use(owner, (k) => k.version === version)?.answer;

/**
 * The variant ids whose stock `owner`'s kept answer was made with (store.ts withStock), to read its
 * version by; undefined when there is none, or when it was made of lines whose stock is not tracked
 * and so kept with a version without their stock.
 */
export const keptStockIds = (owner: string): readonly string[] | undefined => kept.peek(owner)?.stockIds;

/**
 * Keeps `text` as `owner`'s answer made from `version` (`stockIds`: the variant ids its stock was
 * read from; none for a version without the lines' stock, for an answer no line's quantity shows
 * in), and answers it.
 */
export function keepCart(
  owner: string,
  version: string,
  text: string,
  stockIds?: readonly string[],
): RawJson {
  const answer = rawJsonBytes(text);
  // An id: 36 characters and its share of the array.
  const size = text.length + owner.length + version.length + (stockIds?.length ?? 0) * 40;
  kept.set(owner, { version, answer, stockIds }, size);
  return answer;
}

/** How many answers are kept, their size, and how many reads were answered from them (for tests and diagnostics). */
export const keptCartsSize = () => kept.stats();

/**
 * A cart as this process last wrote it (the shopper's next call is most often create-checkout,
 * to this process), with what it was made from: its lines' catalog rows, and the catalog's, the
 * configuration's and the lines' inventory versions they were read at. create-checkout makes the
 * checkout from it without reading the cart; the link it writes on the cart checks all of these
 * (store.ts setKeptCartCheckout), and anything that fails runs again from a read.
 */
export interface KeptCartSource {
  row: CartRow;
  catalogRows: unknown[];
  configRevision: number;
  at: CartReadAt;
}

/** What the kept cart sources may take in all, as estimated by `cartSourceBytes`. */
export const KEPT_CART_SOURCES_BUDGET = 4 * 1024 * 1024;
/**
 * A kept cart's heap, estimated: 3 KB and 3 KB a line (its stored line and catalog row). Measured
 * with 5,000 carts of made-up rows of the same shape: 6.4 KB each with one line, 38.8 KB with ten.
 */
export const cartSourceBytes = (lines: number) => 3072 + 3072 * lines;
const sources = new KeptMap<KeptCartSource>(KEPT_CART_SOURCES_BUDGET);

export const forgetCartSource = (owner: string): void => sources.delete(owner);

/** Keeps `source` as `owner`'s cart. */
export const keepCartSource = (owner: string, source: KeptCartSource): void =>
  sources.set(owner, source, cartSourceBytes(source.row.line_items.length));

/** `owner`'s kept cart, not yet counted as used; undefined when none is kept. */
export const keptCartSource = (owner: string): KeptCartSource | undefined => sources.peek(owner);

/** Counts a checkout made from a kept cart. */
export const countCartSourceUse = (): void => sources.countUse();

/** How many carts are kept as sources, their estimated size, and how many checkouts were made from one (tests, diagnostics). */
export const keptCartSourcesSize = () => sources.stats();

/**
 * The catalog rows of items a new cart was made of (by the variant ids asked for, in their order),
 * with the catalog's, the configuration's and the items' inventory versions they were read at: a
 * new visitor adding the same items makes the cart from them without a read (service.ts mutate),
 * its transaction checking the versions (store.ts sendItemsStillAt). A popular item is read once
 * per change of the catalog or of its stock rather than once per new cart.
 */
export type KeptItems = ExtraRead & {
  configRevision: number;
  /** This process's stock moves counter before they were read (catalog `stockMoves`). */
  stockMoves: number;
  /** Not used before then (ms): their stock had moved since they were kept before. */
  notBefore?: number;
};

/**
 * How long items whose stock moved under their kept rows are not used (an item that sells often
 * would fail its new carts' checks, each costing a round trip before the read).
 */
export const KEPT_ITEMS_PAUSE_MS = 60_000;

/** What the kept items may take in all, as estimated by `cartSourceBytes`. */
export const KEPT_ITEMS_BUDGET = 1024 * 1024;
const items = new KeptMap<KeptItems>(KEPT_ITEMS_BUDGET);
const itemsKey = (variantIds: readonly string[]) => variantIds.join(',');

export const keepItems = (variantIds: readonly string[], value: KeptItems): void =>
  items.set(itemsKey(variantIds), value, cartSourceBytes(variantIds.length));

/** The items kept for these variant ids, not yet counted as used; undefined when none are. */
export const keptItems = (variantIds: readonly string[]): KeptItems | undefined =>
  items.peek(itemsKey(variantIds));

/** Counts a cart made from kept items. */
export const countItemsUse = (): void => items.countUse();

export const forgetItems = (variantIds: readonly string[]): void => items.delete(itemsKey(variantIds));

/** How many sets of items are kept, their estimated size, and how many carts were made from one (tests, diagnostics). */
export const keptItemsSize = () => items.stats();
