import {
  MAX_LINE_ITEMS,
  MAX_LINE_QUANTITY,
  type CatalogOverrideFieldsInput,
  type CatalogReference,
  type CustomLineItemInput,
} from '@vitrine/contract';
import { isDeepStrictEqual } from 'node:util';
import { AppError, ValidationError, violation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { sql } from 'kysely';
import { configRevisionSql } from '../../platform/config-cache.ts';
import {
  catalogItemsFromRows,
  catalogRevision,
  lookupCatalogItems,
  stockVersionOf,
  variantIdsOfRefs,
  STORES_APP_ID,
  type CatalogItem,
} from '../catalog/index.ts';
import { currencyExponent, toMinor } from '../../platform/money.ts';
import type { Executor } from '../../platform/db/tx.ts';

/**
 * Line items as carts and checkouts store them: a reference to the catalog (priced again on every
 * read) or, for admin/app callers, a custom line with its own price. `name` is what the item was
 * called when added, shown if it disappears from the catalog.
 */
export interface StoredLine {
  id: string;
  quantity: number;
  catalogReference?: CatalogReference;
  custom?: Omit<CustomLineItemInput, 'id' | 'quantity'>;
  /** An app's own price, name, description lines or image for this catalog line (`catalogOverrideFields`). */
  overrides?: CatalogOverrides;
  name?: string;
}

/** The overrides of a catalog line Vitrine applies (`catalogOverrideFields`, contract). */
export type CatalogOverrides = Pick<
  CatalogOverrideFieldsInput,
  'productName' | 'price' | 'fullPrice' | 'descriptionLines' | 'image'
>;
const UNSUPPORTED_OVERRIDES = [
  'physicalProperties',
  'paymentOption',
  'depositAmount',
  'savePaymentMethod',
] as const;

/**
 * The overrides asked for line `i`: undefined for none (`null`, `{}`); a refusal for those Vitrine
 * does not apply, or when the caller may not override (only the site owner and apps may).
 */
function overridesOf(
  asked: CatalogOverrideFieldsInput | null | undefined,
  i: number,
  allowed: boolean,
): CatalogOverrides | undefined {
  if (!asked) return undefined;
  const unsupported = UNSUPPORTED_OVERRIDES.find((k) => asked[k] !== undefined && asked[k] !== null);
  if (unsupported)
    throw violation(
      `lineItems.${i}.catalogOverrideFields.${unsupported}`,
      "is not supported: a catalog line keeps its item's delivery and payment; only productName, price, fullPrice, descriptionLines and image are overridden",
      'FIELD_NOT_ALLOWED',
    );
  const { productName, price, fullPrice, descriptionLines, image } = asked;
  const o: CatalogOverrides = {
    ...(productName ? { productName } : {}),
    ...(price !== undefined ? { price } : {}),
    ...(fullPrice !== undefined ? { fullPrice } : {}),
    ...(descriptionLines ? { descriptionLines } : {}),
    ...(image ? { image } : {}),
  };
  if (Object.keys(o).length === 0) return undefined;
  if (!allowed)
    throw new AppError(403, 'PERMISSION_DENIED', 'Only the site owner and apps may override catalog fields.');
  return o;
}

export type Availability = 'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE';

/** A stored line with what the catalog says about it now. */
export interface ResolvedLine {
  line: StoredLine;
  item?: CatalogItem;
  availability: Availability;
  /** Units available when stock is tracked (or given by a custom line). */
  quantityAvailable?: number;
}

const sameReference = (a: CatalogReference | undefined, b: CatalogReference) =>
  !!a &&
  a.catalogItemId === b.catalogItemId &&
  a.appId === b.appId &&
  isDeepStrictEqual(a.options ?? null, b.options ?? null);

function availabilityOf(
  line: StoredLine,
  item: CatalogItem | undefined,
): Pick<ResolvedLine, 'availability' | 'quantityAvailable'> {
  if (line.custom) {
    const q = line.custom.quantityAvailable;
    if (q === undefined) return { availability: 'AVAILABLE' };
    if (q <= 0) return { availability: 'NOT_AVAILABLE', quantityAvailable: 0 };
    return { availability: q < line.quantity ? 'PARTIALLY_AVAILABLE' : 'AVAILABLE', quantityAvailable: q };
  }
  if (!item) return { availability: 'NOT_FOUND' };
  if (!item.visible || !item.inStock)
    return { availability: 'NOT_AVAILABLE', ...(item.tracked ? { quantityAvailable: 0 } : {}) };
  if (!item.tracked) return { availability: 'AVAILABLE' };
  return {
    availability: item.quantity < line.quantity ? 'PARTIALLY_AVAILABLE' : 'AVAILABLE',
    quantityAvailable: item.quantity,
  };
}

const isCatalogLine = (l: StoredLine) => !l.custom && l.catalogReference?.appId === STORES_APP_ID;

export const resolveWith = (line: StoredLine, item: CatalogItem | undefined): ResolvedLine => ({
  line,
  item,
  ...availabilityOf(line, item),
});

/**
 * Looks up, in one statement, every catalog line of `lines` and every reference in `extra`
 * (items about to be added).
 */
export async function lookupLines(
  db: Executor,
  lines: readonly StoredLine[],
  extra: readonly CatalogReference[] = [],
): Promise<{ resolved: ResolvedLine[]; extraItems: (CatalogItem | undefined)[] }> {
  const catalogLines = lines.filter(isCatalogLine);
  const refs = [...catalogLines.map((l) => l.catalogReference!), ...extra.filter(isStoresRef)];
  const items = refs.length ? await lookupCatalogItems(db, refs.map(refOf)) : [];
  const byLine = new Map(catalogLines.map((l, i) => [l, items[i]]));
  return {
    resolved: lines.map((line) => resolveWith(line, byLine.get(line))),
    extraItems: inPlace(extra, items.slice(catalogLines.length)),
  };
}

/** The same as lookupLines for `lines` alone, from rows read with `catalogRowsFor` (no query). */
export function resolveLinesFromRows(lines: readonly StoredLine[], rows: unknown): ResolvedLine[] {
  const catalogLines = lines.filter(isCatalogLine);
  const items = catalogItemsFromRows(
    catalogLines.map((l) => ({
      catalogItemId: l.catalogReference!.catalogItemId,
      options: l.catalogReference!.options ?? null,
    })),
    rows,
  );
  const byLine = new Map(catalogLines.map((l, i) => [l, items[i]]));
  return lines.map((line) => resolveWith(line, byLine.get(line)));
}

/**
 * The lines of a cart or checkout with their catalog data — from the rows read beside them
 * (`catalogRowsFor`) when there are any, else looked up — plus the items of `extra` about to be added:
 * from `extraRows` when they were read too (`extraRowsFor`), else looked up.
 */
export async function resolveStored(
  db: Executor,
  lines: readonly StoredLine[],
  rows: unknown,
  extra: readonly CatalogReference[] = [],
  extraRows?: unknown,
) {
  if (rows === undefined && lines.length) return lookupLines(db, lines, extra);
  return {
    resolved: resolveLinesFromRows(lines, rows ?? []),
    extraItems: await resolveExtra(db, extra, extraRows),
  };
}

/**
 * What lines' catalog rows were read at: the catalog's and the configuration's revisions, and the
 * inventory version (catalog `stockVersionOf`) of their variants `stockIds`.
 */
export interface LinesReadAt {
  catalogRev: string;
  configRev: string;
  stockIds: readonly string[];
  stockVersion: string;
}

/**
 * A condition, true while the catalog, the configuration and the stock are still at `v`: rows read
 * at `v` are then current. A write made from rows kept since an earlier call carries it.
 */
export const stillReadAt = (v: LinesReadAt) => sql<boolean>`${catalogRevision()} = ${v.catalogRev}
    and ${configRevisionSql} = ${v.configRev}
    and ${stockVersionOf(sql`${v.stockIds}::uuid[]`)} = ${v.stockVersion}`;

/** The items of `extra` about to be added: from `extraRows` when they were read (`extraRowsFor`), else looked up. */
export async function resolveExtra(
  db: Executor,
  extra: readonly CatalogReference[],
  extraRows?: unknown,
): Promise<(CatalogItem | undefined)[]> {
  if (!extra.length) return [];
  if (extraRows === undefined) return (await lookupLines(db, [], extra)).extraItems;
  return inPlace(extra, catalogItemsFromRows(extra.filter(isStoresRef).map(refOf), extraRows));
}

/** Items about to be added, as the variant ids whose catalog rows a read takes with them. */
export type ExtraIds = { variantIds: readonly string[] };

/**
 * For a read in the same round trip as the cart or checkout it adds to: which catalog rows of
 * `extra` to read with it (`catalogRowsOfIds`), when each names its variant (else undefined:
 * resolveStored looks them up).
 */
export function extraRowsFor(extra: readonly CatalogReference[]): ExtraIds | undefined {
  const variantIds = extra.length ? variantIdsOfRefs(extra.filter(isStoresRef).map(refOf)) : undefined;
  return variantIds && { variantIds };
}

const isStoresRef = (r: CatalogReference) => r.appId === STORES_APP_ID;
const refOf = (r: CatalogReference) => ({ catalogItemId: r.catalogItemId, options: r.options ?? null });
/** The items of `extra`'s stores references (in their order) in `extra`'s places; others: undefined. */
function inPlace(extra: readonly CatalogReference[], items: readonly (CatalogItem | undefined)[]) {
  let next = 0;
  return extra.map((r) => (isStoresRef(r) ? items[next++] : undefined));
}

export interface AddItems {
  lineItems?: {
    catalogReference: CatalogReference;
    quantity: number;
    id?: string;
    catalogOverrideFields?: CatalogOverrideFieldsInput | null | undefined;
  }[];
  customLineItems?: CustomLineItemInput[];
}

const tooMany = (field: string, have: number) =>
  violation(field, `must be at most ${MAX_LINE_QUANTITY} in total (the line already has ${have})`, 'MAX', {
    max: MAX_LINE_QUANTITY,
  });

/** Custom prices, and the prices catalog lines are given (`catalogOverrideFields`), must fit the store currency's decimals. */
export function checkCustomPrices(add: AddItems, currency: string): void {
  const check = (v: string | undefined, field: string) => {
    if (v === undefined) return;
    try {
      toMinor(v, currency);
    } catch {
      throw violation(
        field,
        `must have at most ${currencyExponent(currency)} decimals in ${currency}`,
        'DECIMAL_MAX_SCALE',
        { maxScale: currencyExponent(currency) },
      );
    }
  };
  (add.customLineItems ?? []).forEach((c, i) => {
    for (const key of ['price', 'fullPrice'] as const) check(c[key], `customLineItems.${i}.${key}`);
  });
  (add.lineItems ?? []).forEach((l, i) => {
    for (const key of ['price', 'fullPrice'] as const)
      check(l.catalogOverrideFields?.[key], `lineItems.${i}.catalogOverrideFields.${key}`);
  });
}

/**
 * Adds items to `current` (resolved), given the catalog items of `add.lineItems` in order: a
 * catalog item already in the list gets its quantity raised, anything else becomes a new line.
 * Catalog items must exist, be visible and in stock, and the quantity in the list may not exceed
 * tracked stock. Returns the new resolved list and the ids of the lines touched.
 */
export function addLines(
  current: readonly ResolvedLine[],
  add: AddItems,
  items: readonly (CatalogItem | undefined)[],
  allowCustom: boolean,
): { resolved: ResolvedLine[]; touched: string[] } {
  const lines = current.map((r) => ({ line: { ...r.line }, item: r.item }));
  const touched: string[] = [];
  if (add.customLineItems?.length && !allowCustom) {
    throw new AppError(403, 'PERMISSION_DENIED', 'Only the site owner and apps may add custom line items.');
  }
  const refs = add.lineItems ?? [];
  const unknownApp = refs.findIndex((r) => r.catalogReference.appId !== STORES_APP_ID);
  if (unknownApp >= 0) {
    throw violation(
      `lineItems.${unknownApp}.catalogReference.appId`,
      `must be the stores catalog app id ${STORES_APP_ID}; no other catalog is installed`,
      'VALIDATION',
    );
  }
  refs.forEach((r, i) => {
    const item = items[i];
    const field = `lineItems.${i}`;
    if (!item) {
      throw new AppError(
        404,
        'CATALOG_ITEM_NOT_FOUND',
        'No product or variant matches this catalog reference (a product with several variants needs options.variantId).',
        { field, catalogItemId: r.catalogReference.catalogItemId },
      );
    }
    if (!item.visible || !item.inStock) {
      throw new AppError(400, 'ITEM_NOT_AVAILABLE', `${item.name} is out of stock.`, {
        field,
        catalogItemId: item.productId,
        variantId: item.variantId,
      });
    }
    // The product and variant actually resolved are written in (ids as stored, in lower case), so a
    // later read finds the same ones and the same item named again goes to the same line.
    const reference: CatalogReference = {
      ...r.catalogReference,
      catalogItemId: item.productId,
      options: { ...(r.catalogReference.options ?? {}), variantId: item.variantId },
    };
    const overrides = overridesOf(r.catalogOverrideFields, i, allowCustom);
    // The same item with other overrides (another price) is a line of its own.
    let entry = lines.find(
      (l) =>
        sameReference(l.line.catalogReference, reference) &&
        isDeepStrictEqual(l.line.overrides ?? null, overrides ?? null),
    );
    if (entry) {
      if (entry.line.quantity + r.quantity > MAX_LINE_QUANTITY)
        throw tooMany(`${field}.quantity`, entry.line.quantity);
      entry.line.quantity += r.quantity;
      entry.item = item;
    } else {
      entry = {
        line: {
          id: r.id ?? newId(),
          quantity: r.quantity,
          catalogReference: reference,
          ...(overrides ? { overrides } : {}),
          name: overrides?.productName?.original ?? item.name,
        },
        item,
      };
      lines.push(entry);
    }
    if (item.tracked && entry.line.quantity > item.quantity) {
      throw new AppError(
        400,
        'INSUFFICIENT_INVENTORY',
        `Only ${item.quantity} of ${item.name} left in stock.`,
        {
          field,
          quantityAvailable: item.quantity,
          quantityInCart: entry.line.quantity - r.quantity,
          variantId: item.variantId,
        },
      );
    }
    touched.push(entry.line.id);
  });
  for (const c of add.customLineItems ?? []) {
    const { id, quantity, ...custom } = c;
    const line: StoredLine = { id: id ?? newId(), quantity, custom, name: c.productName.original };
    lines.push({ line, item: undefined });
    touched.push(line.id);
  }
  const ids = new Set<string>();
  for (const { line } of lines) {
    if (ids.has(line.id))
      throw violation('lineItems.id', `line item id ${line.id} is used twice`, 'VALIDATION');
    ids.add(line.id);
  }
  if (lines.length > MAX_LINE_ITEMS)
    throw violation('lineItems', `a cart holds at most ${MAX_LINE_ITEMS} different items`, 'MAX_SIZE', {
      max: MAX_LINE_ITEMS,
    });
  return { resolved: lines.map((l) => resolveWith(l.line, l.item)), touched };
}

/** Merges a visitor's lines into a member's (log-in): same items add up, capped at the maximum. */
export function mergeLines(into: readonly StoredLine[], from: readonly StoredLine[]): StoredLine[] {
  const out = into.map((l) => ({ ...l }));
  for (const l of from) {
    const same =
      l.catalogReference && out.find((o) => sameReference(o.catalogReference, l.catalogReference!));
    if (same) same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + l.quantity);
    else if (!out.some((o) => o.id === l.id)) out.push({ ...l });
    else out.push({ ...l, id: newId() });
  }
  return out.slice(0, MAX_LINE_ITEMS);
}

export function removeLines(current: readonly ResolvedLine[], ids: readonly string[]): ResolvedLine[] {
  const missing = ids.filter((id) => !current.some((r) => r.line.id === id));
  if (missing.length)
    throw new AppError(404, 'LINE_ITEM_NOT_FOUND', 'No line item with this id.', { lineItemIds: missing });
  return current.filter((r) => !ids.includes(r.line.id));
}

/**
 * The quantity a line gets when `requested` is asked for (update-line-items-quantity), as the
 * platform documents it: more than the tracked stock left sets the line to what is left. With
 * nothing left the line keeps its quantity (a raise is not made; a cut is), and shows as out of
 * stock: never an error, never a line gone. Untracked items and custom lines take what is asked.
 */
function quantityWithin(line: StoredLine, item: CatalogItem | undefined, requested: number): number {
  if (!item?.tracked) return requested;
  const left = Math.max(0, item.quantity);
  if (requested <= left) return requested;
  return left > 0 ? left : Math.min(requested, line.quantity);
}

/**
 * New quantities for existing lines. A quantity above the tracked stock left becomes what is left
 * (`quantityWithin`); nothing is reserved, so create-order checks the stock again.
 */
export function setQuantities(
  current: readonly ResolvedLine[],
  updates: readonly { id: string; quantity: number }[],
): ResolvedLine[] {
  const missing = updates.filter((u) => !current.some((r) => r.line.id === u.id)).map((u) => u.id);
  if (missing.length)
    throw new AppError(404, 'LINE_ITEM_NOT_FOUND', 'No line item with this id.', { lineItemIds: missing });
  const errors = updates.flatMap((u, i) =>
    updates.findIndex((x) => x.id === u.id) !== i
      ? [
          {
            field: `lineItems.${i}.id`,
            description: 'is listed twice',
            violatedRule: 'VALIDATION' as const,
            data: {},
          },
        ]
      : [],
  );
  if (errors.length) throw new ValidationError(errors);
  return current.map((r) => {
    const update = updates.find((x) => x.id === r.line.id);
    if (!update) return r;
    return resolveWith({ ...r.line, quantity: quantityWithin(r.line, r.item, update.quantity) }, r.item);
  });
}
