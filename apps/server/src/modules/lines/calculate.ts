import type { Executor } from '../../platform/db/tx.ts';
import { configCache } from '../../platform/config-cache.ts';
import { toMinor } from '../../platform/money.ts';
import { AppError } from '../../platform/errors.ts';
import { couponReadFits, loadDiscountRules, readCoupon, type CouponRead } from '../discounts/index.ts';
import { findGiftCardByCode } from '../gift-cards/index.ts';
import { loadShippingConfig } from '../shipping/index.ts';
import { loadTaxConfig } from '../tax/index.ts';
import { captureSettings, pricingStoreSettings } from '../settings/index.ts';
import { productCollectionIds } from '../catalog/index.ts';
import { calculate, namesCollections } from '../pricing/index.ts';
import type {
  CouponDefinition,
  Destination,
  DiscountRule,
  DiscountTrigger,
  LineInput,
  PricingInput,
  PricingOutput,
} from '../pricing/index.ts';
import type { ResolvedLine } from './lines.ts';

/** Everything the calculator reads from the merchant's configuration, cached per process by revision. */
async function loadConfig(db: Executor) {
  const [settings, rules, shipping, tax, capture] = await Promise.all([
    pricingStoreSettings(db),
    loadDiscountRules(db),
    loadShippingConfig(db),
    loadTaxConfig(db),
    captureSettings(db),
  ]);
  return { settings, rules, shipping, tax, capture };
}
export type PricingConfig = Awaited<ReturnType<typeof loadConfig>>;
export const pricingConfig = configCache(loadConfig);

const MEMBER_KEY = 'member:';

export interface PriceRequest {
  resolved: readonly ResolvedLine[];
  couponCode?: string | null;
  /** `member:<id>` or `email:<address>`, for per-customer coupon limits. */
  customerKey?: string;
  /**
   * The coupon as an earlier pricing of these lines read it (`Priced.couponRead`), and a write made
   * from this pricing checks it is still so: used instead of reading it again when it is of this
   * code and customer.
   */
  couponRead?: CouponRead;
  giftCard?: { code: string; requestedAmountMinor?: number } | null;
  /** The merchant's own discounts on the whole order (a cart's, a checkout's made for a buyer). */
  merchantDiscounts?: readonly MerchantDiscount[];
  destination?: Destination;
  selectedShippingCode?: string | null;
  calculateShipping?: boolean;
  calculateTax?: boolean;
  calculateFees?: boolean;
  now: Date;
}

/** A discount the merchant gives on the whole order: an amount (minor units) or a percentage. */
export type MerchantDiscount = { amountMinor: number } | { percentage: number };

const merchantRule = (d: MerchantDiscount, i: number): DiscountRule => ({
  id: `merchant-${i + 1}`,
  name: 'Merchant discount',
  scope: 'GLOBAL',
  ...('percentage' in d
    ? { type: 'PERCENTAGE', value: d.percentage }
    : { type: 'FIXED_AMOUNT', value: d.amountMinor }),
});

export interface Priced {
  config: PricingConfig;
  /** The resolved lines that were priced, in order (unavailable lines are left out of totals). */
  pricedIds: Set<string>;
  output: PricingOutput;
  giftCardCode?: string;
  /** The coupon the code matched, if any (applied or not). */
  coupon?: { id: string; code: string };
  /** The coupon as read for this pricing (or taken from `couponRead`), when there is a code. */
  couponRead?: CouponRead;
}

/** Refuses a coupon or gift card the calculator rejected, with the contract's code (400). */
export function assertAccepted(priced: Priced, what: 'coupon' | 'giftCard'): void {
  const prefix = what === 'coupon' ? 'ERROR_COUPON_' : 'GIFT_CARD_';
  const msg = priced.output.messages.find((m) => m.code.startsWith(prefix));
  if (msg) throw new AppError(400, msg.code, msg.description);
}

/** Lines that count towards totals: in the catalog and purchasable now, or custom. */
export const isPriced = (r: ResolvedLine) =>
  r.availability === 'AVAILABLE' || r.availability === 'PARTIALLY_AVAILABLE';

function lineInput(r: ResolvedLine, s: { weightUnit: 'KG' | 'LB'; currency: string }): LineInput {
  const { line, item } = r;
  if (line.custom) {
    const c = line.custom;
    const itemType = c.itemType?.preset ?? 'PHYSICAL';
    return {
      id: line.id,
      catalogItemId: c.catalogReference?.catalogItemId ?? line.id,
      quantity: line.quantity,
      unitPriceMinor: toMinor(c.price, s.currency),
      itemType: c.physicalProperties?.shippable === false && itemType === 'PHYSICAL' ? 'DIGITAL' : itemType,
      ...(c.physicalProperties?.weight !== undefined
        ? { weight: { value: c.physicalProperties.weight, unit: s.weightUnit } }
        : {}),
      taxable: itemType !== 'GIFT_CARD',
    };
  }
  const it = item!;
  return {
    id: line.id,
    catalogItemId: it.productId,
    quantity: line.quantity,
    // An app's own price for the line (checked against the currency when it was added).
    unitPriceMinor:
      line.overrides?.price !== undefined ? toMinor(line.overrides.price, s.currency) : it.priceMinor,
    itemType: it.itemType,
    ...(it.weightGrams !== undefined
      ? { weight: { value: it.weightGrams / 1000, unit: 'KG' as const } }
      : {}),
    taxable: it.itemType !== 'GIFT_CARD',
  };
}

function triggerNamesCollections(t: DiscountTrigger | undefined): boolean {
  switch (t?.type) {
    case 'AND':
    case 'OR':
      return t.triggers.some(triggerNamesCollections);
    case 'SUBTOTAL_RANGE':
    case 'ITEM_QUANTITY_RANGE':
      return namesCollections(t);
    default:
      return false;
  }
}
/** Whether pricing with these rules needs each line's collections (a scope or a range names some). */
const rulesNeedCollections = (rules: readonly DiscountRule[]) =>
  rules.some((r) => namesCollections(r) || triggerNamesCollections(r.trigger));
const couponNeedsCollections = (c: CouponDefinition | undefined) => !!c && namesCollections(c.discount);

/**
 * The lines with their products' collections, read only when a discount in play is limited to
 * collections (a store without such discounts pays nothing for them).
 */
async function withCollections(db: Executor, lines: LineInput[], priced: readonly ResolvedLine[]) {
  const products = priced.flatMap((r) => (r.item ? [r.item.productId] : []));
  const of = await productCollectionIds(db, products);
  return lines.map((l, i) => {
    const ids = priced[i]?.item ? of.get(priced[i].item.productId) : undefined;
    return ids ? { ...l, collectionIds: ids } : l;
  });
}

export async function priceLines(db: Executor, configRevision: number, req: PriceRequest): Promise<Priced> {
  const config = await pricingConfig.get(db, configRevision);
  const { settings } = config;
  const priced = req.resolved.filter(isPriced);
  let lines = priced.map((r) => lineInput(r, settings));
  const rulesNeed = rulesNeedCollections(config.rules);
  const merchant = (req.merchantDiscounts ?? []).map(merchantRule);
  const code = req.couponCode;
  const [couponRead, giftCard, linesWithCollections] = await Promise.all([
    !code
      ? undefined
      : req.couponRead && couponReadFits(req.couponRead, code, req.customerKey)
        ? req.couponRead
        : readCoupon(db, code, req.customerKey),
    req.giftCard ? findGiftCardByCode(db, req.giftCard.code) : undefined,
    rulesNeed ? withCollections(db, lines, priced) : undefined,
  ]);
  const coupon = couponRead?.definition;
  if (linesWithCollections) lines = linesWithCollections;
  else if (couponNeedsCollections(coupon)) lines = await withCollections(db, lines, priced);
  const input: PricingInput = {
    lines,
    discountRules: [...config.rules, ...merchant],
    ...(req.customerKey?.startsWith(MEMBER_KEY)
      ? { buyer: { memberId: req.customerKey.slice(MEMBER_KEY.length) } }
      : {}),
    ...(req.couponCode
      ? { coupon: { code: req.couponCode, ...(coupon ? { definition: coupon } : {}) } }
      : {}),
    ...(giftCard
      ? {
          giftCard: {
            ...giftCard,
            ...(req.giftCard?.requestedAmountMinor !== undefined
              ? { requestedAmountMinor: req.giftCard.requestedAmountMinor }
              : {}),
          },
        }
      : {}),
    shipping:
      req.calculateShipping === false
        ? { regions: [], pickupOptions: [] }
        : {
            ...config.shipping,
            ...(req.destination?.country ? { destination: req.destination } : {}),
            ...(req.selectedShippingCode ? { selectedOptionCode: req.selectedShippingCode } : {}),
          },
    taxRates: req.calculateTax === false ? [] : config.tax.taxRates,
    fees: req.calculateFees === false ? [] : config.tax.fees,
    store: {
      currency: settings.currency,
      pricesIncludeTax: settings.pricesIncludeTax,
      shippingTaxable: settings.shippingTaxable,
      ...(settings.origin ? { origin: settings.origin } : {}),
    },
  };
  const output = calculate(input, req.now);
  for (const d of output.appliedDiscounts) {
    const rule = d.id.startsWith('merchant-') ? merchant.find((r) => r.id === d.id) : undefined;
    if (rule?.type === 'PERCENTAGE') d.percentage = rule.value;
  }
  if (req.giftCard && !giftCard) {
    output.messages.push({
      severity: 'WARNING',
      code: 'GIFT_CARD_NOT_FOUND',
      description: `Gift card ${req.giftCard.code} was not found.`,
    });
  }
  return {
    config,
    pricedIds: new Set(priced.map((r) => r.line.id)),
    output,
    ...(req.giftCard ? { giftCardCode: giftCard?.code ?? req.giftCard.code } : {}),
    ...(coupon ? { coupon: { id: coupon.id, code: coupon.code } } : {}),
    ...(couponRead ? { couponRead } : {}),
  };
}
