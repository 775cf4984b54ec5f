import { APP_ID } from '@vitrine/contract';
import { multiCurrencyPrice, toMinor } from '../../platform/money.ts';
import type {
  AppliedDiscount,
  PricingMessage,
  PricingOutput,
  ShippingOptionOutput,
} from '../pricing/index.ts';
import type { PricingConfig } from './calculate.ts';
import type { CatalogOverrides, ResolvedLine } from './lines.ts';

/**
 * Maps stored lines and the calculator's output to the contract's REST shapes
 * (cart-checkout.md §3). Amounts are MultiCurrencyPrice; the store has one currency.
 */
export interface WireMoney {
  currency: string;
  locale: string;
  language: string;
  weightUnit: 'KG' | 'LB';
  publicUrl: string;
  (minor: number): ReturnType<typeof multiCurrencyPrice>;
}

export function wireMoney(settings: PricingConfig['settings'], publicUrl: string): WireMoney {
  const f = (minor: number) => multiCurrencyPrice(minor, settings.currency, settings.locale);
  return Object.assign(f, {
    currency: settings.currency,
    locale: settings.locale,
    language: settings.locale.split('-')[0]!.toLowerCase(),
    weightUnit: settings.weightUnit,
    publicUrl,
  });
}

const tr = (original: string) => ({ original, translated: original });
const GRAMS = { KG: 1000, LB: 453.59237 } as const;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
/** A rate in percent (8.875) as the wire's decimal fraction string ("0.08875"). */
export const rateString = (percent: number) => String(Number((percent / 100).toFixed(6)));

export function unitPriceMinor(r: ResolvedLine, m: WireMoney): number | undefined {
  if (r.line.custom) return toMinorSafe(r.line.custom.price, m);
  const own = r.line.overrides?.price;
  return own !== undefined && r.item ? toMinorSafe(own, m) : r.item?.priceMinor;
}
/** Custom prices were checked against the currency when the line was added. */
const toMinorSafe = (amount: string, m: WireMoney) => toMinor(amount, m.currency);

/** The fields cart and checkout line items share. */
function baseLine(r: ResolvedLine, m: WireMoney) {
  const { line, item } = r;
  const c = line.custom;
  const unit = unitPriceMinor(r, m);
  // An app's own price for a catalog line replaces the catalog's sale too: its full price is its own.
  const o = item ? line.overrides : undefined;
  const full =
    c?.fullPrice !== undefined
      ? toMinorSafe(c.fullPrice, m)
      : o?.fullPrice !== undefined
        ? toMinorSafe(o.fullPrice, m)
        : o?.price !== undefined
          ? unit
          : (item?.compareAtPriceMinor ?? unit);
  const name = c?.productName.original ?? o?.productName?.original ?? item?.name ?? line.name ?? '';
  // The lines a custom item or an override gives, else the catalog's.
  const own = c ? (c.descriptionLines ?? []) : o?.descriptionLines;
  const preset = c ? (c.itemType?.preset ?? (c.itemType?.custom ? undefined : 'PHYSICAL')) : item?.itemType;
  const weight = c
    ? c.physicalProperties?.weight
    : item?.weightGrams !== undefined
      ? round3(item.weightGrams / GRAMS[m.weightUnit])
      : undefined;
  const sku = c ? c.physicalProperties?.sku : item?.sku;
  const shippable = c
    ? (c.physicalProperties?.shippable ?? preset === 'PHYSICAL')
    : item?.itemType === 'PHYSICAL';
  const path = item ? `/product-page/${item.slug}` : c?.url?.relativePath;
  return {
    id: line.id,
    quantity: line.quantity,
    ...(line.catalogReference ? { catalogReference: line.catalogReference } : {}),
    productName: tr(name),
    ...(path
      ? { url: { relativePath: path, url: c?.url?.url ?? `${m.publicUrl}${path}` } }
      : c?.url?.url
        ? { url: { relativePath: '', url: c.url.url } }
        : {}),
    ...(unit !== undefined
      ? {
          price: m(unit),
          fullPrice: m(full ?? unit),
          priceBeforeDiscounts: m(unit),
          lineItemPrice: m(unit * line.quantity),
        }
      : {}),
    descriptionLines: own
      ? own.map((d) => ({
          name: tr(d.name.original),
          ...(d.colorInfo
            ? {
                colorInfo: {
                  original: d.colorInfo.original,
                  translated: d.colorInfo.original,
                  ...(d.colorInfo.code ? { code: d.colorInfo.code } : {}),
                },
              }
            : { plainText: tr(d.plainText?.original ?? '') }),
        }))
      : (item?.descriptionLines ?? []).map((d) => ({
          name: tr(d.name),
          ...(d.colorCode
            ? { colorInfo: { original: d.value, translated: d.value, code: d.colorCode } }
            : { plainText: tr(d.value) }),
        })),
    availability: {
      status: r.availability,
      ...(r.quantityAvailable !== undefined ? { quantityAvailable: r.quantityAvailable } : {}),
    },
    physicalProperties: { ...(weight !== undefined ? { weight } : {}), ...(sku ? { sku } : {}), shippable },
    itemType: preset ? { preset } : { custom: c?.itemType?.custom ?? 'CUSTOM' },
    paymentOption: c?.paymentOption ?? 'FULL_PAYMENT_ONLINE',
    ...(c?.priceDescription ? { priceDescription: tr(c.priceDescription.original) } : {}),
    ...(item
      ? { rootCatalogItemId: item.productId }
      : c?.rootCatalogItemId
        ? { rootCatalogItemId: c.rootCatalogItemId }
        : {}),
    customLineItem: !!c,
    priceUndetermined: false,
    fixedQuantity: false,
    ...(o ? { catalogOverrideFields: overridesWire(o) } : {}),
  };
}

/** The overrides as the platform answers them (its own price and full price as money strings). */
const overridesWire = (o: CatalogOverrides) => ({
  ...(o.productName ? { productName: tr(o.productName.original) } : {}),
  ...(o.price !== undefined ? { price: o.price } : {}),
  ...(o.fullPrice !== undefined ? { fullPrice: o.fullPrice } : {}),
  ...(o.descriptionLines ? { descriptionLines: o.descriptionLines } : {}),
  ...(o.image ? { image: o.image } : {}),
});

function image(r: ResolvedLine) {
  if (r.line.custom?.media) return r.line.custom.media;
  if (r.item && r.line.overrides?.image) return r.line.overrides.image;
  const img = r.item?.image;
  return img ? { ...img, ...(img.id ? {} : { id: img.url }) } : undefined;
}

export function cartLineItem(r: ResolvedLine, m: WireMoney) {
  const img = image(r);
  return { ...baseLine(r, m), ...(img ? { image: img } : {}) };
}

export function checkoutLineItem(r: ResolvedLine, m: WireMoney, out: PricingOutput, ratePercent: number) {
  const img = image(r);
  const o = out.lines.find((l) => l.id === r.line.id);
  const afterDiscount = o ? o.fullPriceMinor - o.discountMinor : 0;
  const beforeTax = o ? (out.tax.taxIncludedInPrice ? afterDiscount - o.taxMinor : afterDiscount) : 0;
  return {
    ...baseLine(r, m),
    ...(img ? { media: img } : {}),
    totalPriceBeforeTax: m(beforeTax),
    totalPriceAfterTax: m(o?.totalMinor ?? 0),
    taxDetails: {
      taxableAmount: m(o?.taxableAmountMinor ?? 0),
      taxRate: rateString(o && o.taxableAmountMinor > 0 ? ratePercent : 0),
      totalTax: m(o?.taxMinor ?? 0),
    },
    discount: m(o?.discountMinor ?? 0),
  };
}

/** The line's price breakdown as estimate-totals returns it. */
export function calculatedLineItem(r: ResolvedLine, m: WireMoney, out: PricingOutput, ratePercent: number) {
  const l = checkoutLineItem(r, m, out, ratePercent);
  return {
    lineItemId: r.line.id,
    pricesBreakdown: {
      totalPriceAfterTax: l.totalPriceAfterTax,
      totalPriceBeforeTax: l.totalPriceBeforeTax,
      taxDetails: l.taxDetails,
      totalDiscount: l.discount,
      ...(l.price
        ? {
            price: l.price,
            priceBeforeDiscounts: l.priceBeforeDiscounts,
            lineItemPrice: l.lineItemPrice,
            fullPrice: l.fullPrice,
          }
        : {}),
    },
    paymentOption: l.paymentOption,
  };
}

export function appliedDiscountsWire(list: readonly AppliedDiscount[], m: WireMoney) {
  return list.map((d) => {
    const base = {
      discountType: d.discountType,
      lineItemIds: d.allocations.filter((a) => a.amountMinor > 0).map((a) => a.lineItemId),
    };
    if (d.source === 'COUPON')
      return { ...base, coupon: { id: d.id, code: d.code ?? '', amount: m(d.amountMinor), name: d.name } };
    if (d.id.startsWith('merchant-'))
      return {
        ...base,
        merchantDiscount: {
          amount: m(d.amountMinor),
          ...(d.percentage !== undefined ? { percentage: d.percentage } : {}),
        },
      };
    return { ...base, discountRule: { id: d.id, name: tr(d.name), amount: m(d.amountMinor) } };
  });
}

function shippingOptionWire(o: ShippingOptionOutput, m: WireMoney) {
  const slot = o.logistics.deliveryTimeSlots?.[0];
  const iso = (d: Date | string) => new Date(d).toISOString();
  return {
    code: o.code,
    title: o.title,
    logistics: {
      ...(o.logistics.deliveryTime ? { deliveryTime: o.logistics.deliveryTime } : {}),
      ...(o.logistics.instructions ? { instructions: o.logistics.instructions } : {}),
      ...(o.logistics.pickupDetails ? { pickupDetails: o.logistics.pickupDetails } : {}),
      ...(slot ? { deliveryTimeSlot: { from: iso(slot.from), to: iso(slot.to) } } : {}),
    },
    cost: { price: m(o.costMinor), otherCharges: [] },
  };
}

export function shippingInfoWire(out: PricingOutput, m: WireMoney, ratePercent: number) {
  const s = out.shipping;
  const sel = s.selected;
  const carrierOf = (code: string) =>
    s.carrierServiceOptions.find((c) => c.shippingOptions.some((o) => o.code === code))?.carrierId;
  const discount = s.discountMinor ?? 0;
  const afterDiscount = s.costMinor - discount;
  const shippingTax = out.tax.shippingTaxMinor;
  return {
    ...(s.region ? { region: s.region } : {}),
    ...(sel
      ? {
          selectedCarrierServiceOption: {
            ...shippingOptionWire(sel, m),
            carrierId: carrierOf(sel.code),
            cost: {
              price: m(s.costMinor),
              totalDiscount: m(discount),
              totalPriceBeforeTax: m(
                out.tax.taxIncludedInPrice ? afterDiscount - shippingTax : afterDiscount,
              ),
              totalPriceAfterTax: m(out.tax.taxIncludedInPrice ? afterDiscount : afterDiscount + shippingTax),
              taxDetails: {
                taxableAmount: m(shippingTax > 0 ? afterDiscount : 0),
                taxRate: rateString(shippingTax > 0 ? ratePercent : 0),
                totalTax: m(shippingTax),
              },
            },
            requestedShippingOption: true,
            otherCharges: [],
          },
        }
      : {}),
    carrierServiceOptions: s.carrierServiceOptions.map((c) => ({
      carrierId: c.carrierId,
      shippingOptions: c.shippingOptions.map((o) => shippingOptionWire(o, m)),
    })),
  };
}

export function priceSummaryWire(out: PricingOutput, m: WireMoney) {
  const t = out.totals;
  const summary = {
    subtotal: m(t.subtotalMinor),
    shipping: m(t.shippingMinor),
    tax: m(t.taxMinor),
    discount: m(t.discountMinor),
    total: m(t.totalMinor),
    additionalFees: m(t.additionalFeesMinor),
  };
  const zero = m(0);
  return {
    priceSummary: summary,
    payNow: { ...summary, total: m(t.amountToPayMinor) },
    payLater: {
      subtotal: zero,
      shipping: zero,
      tax: zero,
      discount: zero,
      total: zero,
      additionalFees: zero,
    },
    taxSummary: { taxableAmount: m(out.tax.taxableAmountMinor), totalTax: m(out.tax.totalTaxMinor) },
    additionalFees: out.additionalFees.map((f) => ({
      code: f.code,
      name: f.name,
      price: m(f.amountMinor),
      taxDetails: { taxableAmount: m(0), taxRate: '0', totalTax: m(0) },
      priceBeforeTax: m(f.amountMinor),
      priceAfterTax: m(f.amountMinor),
    })),
  };
}

export const obfuscate = (code: string) => `${'*'.repeat(Math.max(0, code.length - 4))}${code.slice(-4)}`;

export function giftCardWire(out: PricingOutput, code: string | undefined, m: WireMoney) {
  if (!out.giftCard || !code) return {};
  return {
    giftCard: {
      id: out.giftCard.id,
      obfuscatedCode: obfuscate(code),
      amount: m(out.giftCard.amountMinor),
      appId: GIFT_CARD_APP_ID,
      ...(out.giftCard.requestedAmountMinor !== undefined
        ? { requestedAmount: m(out.giftCard.requestedAmountMinor) }
        : {}),
    },
  };
}
/** The app id gift cards are issued under (Vitrine's own gift-card module). */
export const GIFT_CARD_APP_ID = APP_ID.giftCards;

type Details = { applicationError: { code: string; description: string; data: Record<string, unknown> } };
const details = (m: PricingMessage): Details => ({
  applicationError: { code: m.code, description: m.description, data: {} },
});

/** Calculator messages as the contract's `calculationErrors`. */
export function calculationErrorsWire(messages: readonly PricingMessage[]) {
  const out: Record<string, unknown> = {};
  const orderValidationErrors: Details['applicationError'][] = [];
  for (const msg of messages) {
    if (msg.code.startsWith('ERROR_COUPON_')) out.couponCalculationError ??= details(msg);
    else if (msg.code.startsWith('GIFT_CARD_')) out.giftCardCalculationError ??= details(msg);
    else if (msg.code === 'SELECTED_CARRIER_SERVICE_OPTION_NOT_FOUND')
      out.selectedShippingOptionError ??= details(msg);
    else if (msg.code === 'NO_SHIPPING_REGION' || msg.code === 'NO_SELECTED_CARRIER_SERVICE_OPTION')
      out.generalShippingCalculationError ??= details(msg);
    else if (msg.severity === 'ERROR') orderValidationErrors.push(details(msg).applicationError);
  }
  if (orderValidationErrors.length) out.orderValidationErrors = orderValidationErrors;
  return Object.keys(out).length ? { calculationErrors: out } : {};
}

export interface Violation {
  severity: 'WARNING' | 'ERROR';
  target:
    | { other: { name: 'OTHER_DEFAULT' } }
    | {
        lineItem: {
          name: 'LINE_ITEM_DEFAULT';
          id: string;
          suggestedFix: 'UNKNOWN_SUGGESTED_FIX' | 'REMOVE_LINE_ITEM';
        };
      };
  description: string;
}

const AVAILABILITY_TEXT = {
  NOT_FOUND: 'This item is no longer sold.',
  NOT_AVAILABLE: 'This item is out of stock.',
} as const;

/** Unavailable lines and calculator messages as `violations`; ERROR ones block order creation. */
export function violationsOf(
  resolved: readonly ResolvedLine[],
  messages: readonly PricingMessage[],
): Violation[] {
  const v: Violation[] = [];
  for (const r of resolved) {
    if (r.availability === 'AVAILABLE') continue;
    const description =
      r.availability === 'PARTIALLY_AVAILABLE'
        ? `Only ${r.quantityAvailable ?? 0} of ${r.item?.name ?? r.line.name ?? 'this item'} left in stock.`
        : AVAILABILITY_TEXT[r.availability];
    v.push({
      severity: 'ERROR',
      target: {
        lineItem: {
          name: 'LINE_ITEM_DEFAULT',
          id: r.line.id,
          suggestedFix:
            r.availability === 'PARTIALLY_AVAILABLE' ? 'UNKNOWN_SUGGESTED_FIX' : 'REMOVE_LINE_ITEM',
        },
      },
      description,
    });
  }
  for (const msg of messages) {
    v.push({
      severity: msg.severity,
      target: msg.lineItemId
        ? {
            lineItem: {
              name: 'LINE_ITEM_DEFAULT',
              id: msg.lineItemId,
              suggestedFix: 'UNKNOWN_SUGGESTED_FIX',
            },
          }
        : { other: { name: 'OTHER_DEFAULT' } },
      description: msg.description,
    });
  }
  return v;
}
