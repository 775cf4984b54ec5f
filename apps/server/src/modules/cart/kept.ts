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
import type { CartReadAt, CartRow } from './store.ts';

/** What the kept answers may take in all (their JSON text and keys). */
export const KEPT_CARTS_BUDGET = 4 * 1024 * 1024;

const kept = new Map<
  string,
  { version: string; answer: RawJson; size: number; stockIds: readonly string[] | undefined }
>();
let keptBytes = 0;
let hits = 0;

function forget(owner: string) {
  const k = kept.get(owner);
  if (!k) return;
  kept.delete(owner);
  keptBytes -= k.size;
}

/** The kept answer of `owner`'s cart when it was made from `version`. */
export function keptCart(owner: string, version: string): RawJson | undefined {
  const k = kept.get(owner);
  if (!k || k.version !== version) return undefined;
  hits++;
  // Most recently used last (a Map keeps insertion order).
  kept.delete(owner);
  kept.set(owner, k);
  return k.answer;
}

/**
 * The variant ids whose stock `owner`'s kept answer was made with (store.ts withStock), to read its
 * version by; undefined when there is none, or when it was made of lines whose stock is not tracked
 * and so kept with a version without their stock.
 */
export const keptStockIds = (owner: string): readonly string[] | undefined => kept.get(owner)?.stockIds;

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
  forget(owner);
  if (size > KEPT_CARTS_BUDGET) return answer;
  for (const first of kept.keys()) {
    if (keptBytes + size <= KEPT_CARTS_BUDGET) break;
    forget(first);
  }
  kept.set(owner, { version, answer, size, stockIds });
  keptBytes += size;
  return answer;
}

/** How many answers are kept, their size, and how many reads were answered from them (for tests and diagnostics). */
export const keptCartsSize = () => ({ count: kept.size, bytes: keptBytes, hits });

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
const sources = new Map<string, { source: KeptCartSource; size: number }>();
let sourceBytes = 0;
let sourceHits = 0;

export function forgetCartSource(owner: string): void {
  const k = sources.get(owner);
  if (!k) return;
  sources.delete(owner);
  sourceBytes -= k.size;
}

/** Keeps `source` as `owner`'s cart, least recently used going first past the budget. */
export function keepCartSource(owner: string, source: KeptCartSource): void {
  forgetCartSource(owner);
  const size = cartSourceBytes(source.row.line_items.length);
  if (size > KEPT_CART_SOURCES_BUDGET) return;
  for (const first of sources.keys()) {
    if (sourceBytes + size <= KEPT_CART_SOURCES_BUDGET) break;
    forgetCartSource(first);
  }
  sources.set(owner, { source, size });
  sourceBytes += size;
}

/** `owner`'s kept cart; undefined when none is kept. */
export const keptCartSource = (owner: string): KeptCartSource | undefined => sources.get(owner)?.source;

/** Counts a checkout made from a kept cart. */
export function countCartSourceUse(): void {
  sourceHits++;
}

/** How many carts are kept as sources, their estimated size, and how many checkouts were made from one (tests, diagnostics). */
export const keptCartSourcesSize = () => ({ count: sources.size, bytes: sourceBytes, hits: sourceHits });
