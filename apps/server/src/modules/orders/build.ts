import type { FieldViolation, OrderInput } from '@vitrine/contract';
import { ValidationError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { toMinor } from '../../platform/money.ts';
import { isMinor, minor, type Minor } from './money-json.ts';

/**
 * Turns a new order in wire form into what is stored, checking what an import must satisfy
 * (spec §8: amounts add up, currency and weight unit match the store, a supported channel, no
 * refunded orders). Every problem is reported at once, as field violations with a `ruleName`.
 */
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const PRICE_KEYS = new Set(['amount', 'formattedAmount', 'convertedAmount', 'formattedConvertedAmount']);
const isPrice = (v: Record<string, unknown>) =>
  typeof v.amount === 'string' && Object.keys(v).every((k) => PRICE_KEYS.has(k));

/** Channels an order can be created for here; the others only exist inside the hosted platform's own flows. */
export const UNSUPPORTED_CHANNELS: ReadonlySet<string> = new Set([
  'UNSPECIFIED',
  'WIX_APP_STORE',
  'WIX_INVOICES',
  'PAYPAL_AGENTIC_CHECKOUT',
  'STRIPE_AGENTIC_CHECKOUT',
]);

export interface BuildContext {
  currency: string;
  weightUnit: 'KG' | 'LB';
}

export interface BuiltOrder {
  data: Record<string, unknown>;
  currency: string;
  subtotalMinor: number;
  totalMinor: number;
  channelType: string;
}

type Problems = FieldViolation[];
const problem = (
  p: Problems,
  field: string,
  description: string,
  ruleName: string,
  data: Record<string, unknown> = {},
) => p.push({ field, description, violatedRule: 'OTHER', ruleName, data });

/** Replaces every Price in `v` with `{$minor}`; an amount with too many decimals is a violation at its path. */
function pricesToMinor(v: unknown, currency: string, path: string, p: Problems): unknown {
  if (Array.isArray(v)) return v.map((x, i) => pricesToMinor(x, currency, `${path}.${i}`, p));
  if (!isObj(v)) return v;
  if (isPrice(v)) {
    try {
      return minor(toMinor(v.amount as string, currency));
    } catch (e) {
      p.push({
        field: `${path}.amount`,
        description: e instanceof Error ? e.message : 'not an amount',
        violatedRule: 'DECIMAL_MAX_SCALE',
        data: { currency },
      });
      return minor(0);
    }
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v))
    if (x !== undefined) out[k] = pricesToMinor(x, currency, `${path}.${k}`, p);
  return out;
}

const m = (v: unknown): number | undefined => (isMinor(v) ? v.$minor : undefined);
const safeMul = (a: number, b: number) => {
  const r = a * b;
  if (!Number.isSafeInteger(r)) throw new RangeError('amount out of range');
  return r;
};

function buildLine(
  raw: Record<string, unknown>,
  i: number,
  taxIncluded: boolean,
  p: Problems,
): Record<string, unknown> {
  const at = `order.lineItems.${i}`;
  const quantity = raw.quantity as number;
  const unit = m(raw.price) ?? 0;
  let linePrice: number;
  try {
    linePrice = safeMul(unit, quantity);
  } catch {
    problem(p, `${at}.price`, 'price × quantity is too large', 'AMOUNT_OUT_OF_RANGE');
    linePrice = 0;
  }
  const given = m(raw.lineItemPrice);
  if (given !== undefined && given !== linePrice) {
    problem(
      p,
      `${at}.lineItemPrice`,
      `must be price × quantity (${unit} × ${quantity} minor units)`,
      'AMOUNTS_DO_NOT_ADD_UP',
      { expected: linePrice, actual: given },
    );
  }
  const discount = m(raw.totalDiscount) ?? 0;
  if (discount > linePrice)
    problem(p, `${at}.totalDiscount`, 'must not exceed the line price', 'AMOUNTS_DO_NOT_ADD_UP');
  const taxDetails = isObj(raw.taxDetails) ? raw.taxDetails : {};
  const tax = m(taxDetails.totalTax) ?? 0;
  const beforeTax = m(raw.totalPriceBeforeTax) ?? linePrice - discount;
  const productName = raw.productName as { original: string; translated?: string };
  return {
    ...raw,
    id: (raw.id as string | undefined) ?? newId(),
    productName: {
      original: productName.original,
      translated: productName.translated ?? productName.original,
    },
    quantity,
    price: minor(unit),
    priceBeforeDiscounts: raw.priceBeforeDiscounts ?? minor(unit),
    totalDiscount: minor(discount),
    lineItemPrice: minor(linePrice),
    totalPriceBeforeTax: minor(beforeTax),
    totalPriceAfterTax: raw.totalPriceAfterTax ?? minor(taxIncluded ? beforeTax : beforeTax + tax),
    taxDetails: {
      ...taxDetails,
      taxRate: (taxDetails.taxRate as string | undefined) ?? '0',
      totalTax: minor(tax),
    },
    itemType: raw.itemType ?? { preset: 'PHYSICAL' },
    descriptionLines: raw.descriptionLines ?? [],
    paymentOption: raw.paymentOption ?? 'FULL_PAYMENT_ONLINE',
  };
}

/** Checks and converts `input`; throws one ValidationError listing every problem. */
export function buildOrder(input: OrderInput, store: BuildContext): BuiltOrder {
  const p: Problems = [];
  const currency = input.currency ?? store.currency;
  if (currency !== store.currency)
    problem(p, 'order.currency', `must be the store currency ${store.currency}`, 'CURRENCY_MISMATCH', {
      expected: store.currency,
      actual: currency,
    });
  const weightUnit =
    input.weightUnit === undefined || input.weightUnit === 'UNSPECIFIED_WEIGHT_UNIT'
      ? store.weightUnit
      : input.weightUnit;
  if (weightUnit !== store.weightUnit)
    problem(
      p,
      'order.weightUnit',
      `must be the store weight unit ${store.weightUnit}`,
      'WEIGHT_UNIT_MISMATCH',
      { expected: store.weightUnit, actual: weightUnit },
    );
  const channelType = input.channelInfo?.type ?? 'WEB';
  if (UNSUPPORTED_CHANNELS.has(channelType))
    problem(
      p,
      'order.channelInfo.type',
      `orders cannot be created for the channel ${channelType}`,
      'UNSUPPORTED_CHANNEL',
      { channel: channelType },
    );
  if (input.paymentStatus === 'PARTIALLY_REFUNDED' || input.paymentStatus === 'FULLY_REFUNDED') {
    problem(
      p,
      'order.paymentStatus',
      'refunded orders cannot be created; create the order and refund it',
      'REFUNDED_ORDER_NOT_SUPPORTED',
      { paymentStatus: input.paymentStatus },
    );
  }
  if (input.paymentStatus === 'UNSPECIFIED')
    problem(p, 'order.paymentStatus', 'must name a payment status', 'UNSPECIFIED_PAYMENT_STATUS');

  const converted = pricesToMinor(input, currency, 'order', p) as Record<string, unknown>;
  const taxIncluded = input.taxIncludedInPrices ?? false;
  const lineItems = (converted.lineItems as Record<string, unknown>[]).map((l, i) =>
    buildLine(l, i, taxIncluded, p),
  );
  const ids = new Set<string>();
  lineItems.forEach((l, i) => {
    if (ids.has(l.id as string))
      problem(p, `order.lineItems.${i}.id`, 'line item ids must be unique', 'DUPLICATE_LINE_ITEM_ID');
    ids.add(l.id as string);
  });

  const ps = converted.priceSummary as Record<string, Minor | undefined>;
  const subtotal = lineItems.reduce((s, l) => s + (l.lineItemPrice as Minor).$minor, 0);
  if (m(ps.subtotal) !== subtotal) {
    problem(
      p,
      'order.priceSummary.subtotal',
      "must be the sum of the line items' price × quantity",
      'AMOUNTS_DO_NOT_ADD_UP',
      { expected: subtotal, actual: m(ps.subtotal) },
    );
  }
  const fees = converted.additionalFees as { price?: Minor }[] | undefined;
  const feeSum = (fees ?? []).reduce((s, f) => s + (m(f.price) ?? 0), 0);
  const totalFees = m(ps.totalAdditionalFees) ?? feeSum;
  if (fees && totalFees !== feeSum)
    problem(
      p,
      'order.priceSummary.totalAdditionalFees',
      'must be the sum of the additional fees',
      'AMOUNTS_DO_NOT_ADD_UP',
      { expected: feeSum, actual: totalFees },
    );
  const [shipping, tax, discount] = [m(ps.shipping) ?? 0, m(ps.tax) ?? 0, m(ps.discount) ?? 0];
  const total = Math.max(0, subtotal - discount + shipping + (taxIncluded ? 0 : tax) + totalFees);
  if (m(ps.total) !== total) {
    problem(
      p,
      'order.priceSummary.total',
      'must be subtotal − discount + shipping + tax (unless included in prices) + additional fees',
      'AMOUNTS_DO_NOT_ADD_UP',
      { expected: total, actual: m(ps.total) },
    );
  }
  if (p.length) {
    p.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    throw new ValidationError(p, 'the order cannot be created');
  }

  const data: Record<string, unknown> = {
    ...converted,
    lineItems,
    weightUnit,
    taxIncludedInPrices: taxIncluded,
    channelInfo: { ...(converted.channelInfo as object | undefined), type: channelType },
    priceSummary: {
      subtotal: minor(subtotal),
      shipping: minor(shipping),
      tax: minor(tax),
      discount: minor(discount),
      total: minor(total),
      totalAdditionalFees: minor(totalFees),
    },
    appliedDiscounts: converted.appliedDiscounts ?? [],
    additionalFees: converted.additionalFees ?? [],
  };
  // Columns of their own (or set by the service): not duplicated in the JSON.
  for (const k of [
    'currency',
    'status',
    'paymentStatus',
    'fulfillmentStatus',
    'tags',
    'archived',
    'purchasedDate',
    'seenByAHuman',
    'checkoutId',
    'cartId',
  ])
    delete data[k];
  return { data, currency, subtotalMinor: subtotal, totalMinor: total, channelType };
}
