/**
 * Orders as a spreadsheet (`GET /ecom/v1/orders/export`, the dashboard's "Export CSV"): one row per
 * line item, the order's own columns on each of its rows, its money totals on its first row only
 * (so a column's sum is the orders' sum). RFC 4180 (commas, `"` doubled, CRLF), with a byte-order
 * mark so that Excel reads it as UTF-8 ("Zürich", not "ZÃ¼rich").
 */
import {
  addressText,
  countryName,
  placeText,
  type AddressLike,
  type ContactLike,
} from '@vitrine/contract/address-text';
import type { WireOrder } from './service.ts';

type Cell = string | number | undefined;

/**
 * A cell as a spreadsheet will read it. Text that a spreadsheet would run as a formula (`=`, `+`,
 * `-`, `@`, a tab or a carriage return first: a buyer's name "=HYPERLINK(…)") gets a `'` before
 * it (OWASP's advice against CSV injection); numbers are written as they are.
 */
export function csvCell(v: Cell): string {
  if (v === undefined) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvRow = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const CSV_BOM = '\uFEFF';

export const ORDER_CSV_COLUMNS = [
  'Order',
  'Placed',
  'Order status',
  'Payment',
  'Fulfilment',
  'Archived',
  'Customer',
  'E-mail',
  'Phone',
  'Item',
  'Options',
  'SKU',
  'Quantity',
  'Item price',
  'Item total',
  'Currency',
  'Subtotal',
  'Shipping',
  'Tax',
  'Discount',
  'Total',
  'Paid',
  'Coupon',
  'Delivery',
  'Ship to',
  'Address',
  'City',
  'Region',
  'Postal code',
  'Country',
  'Billing address',
  'Tags',
  'Buyer note',
] as const;

interface Contactful {
  address?: AddressLike & { streetAddress?: { number?: string; name?: string } };
  contactDetails?: ContactLike;
}

const nameOf = (c: ContactLike | undefined) =>
  [c?.firstName, c?.lastName].filter((p) => p?.trim()).join(' ') || undefined;

/** `2026-12-06 17:03` in the merchant's zone (the dashboard sends its browser's). */
export function localTime(zone: string) {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (iso: string) => {
    const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
  };
}

/** `IL` for `US-IL` (as shipping tools and the post write it); another code or name as given. */
const region = (a: AddressLike | undefined) => {
  const prefix = a?.country ? `${a.country.toUpperCase()}-` : undefined;
  const code = a?.subdivision ?? undefined;
  return code && prefix && code.toUpperCase().startsWith(prefix) ? code.slice(prefix.length) : code;
};

const coupons = (o: WireOrder) =>
  o.appliedDiscounts
    .map((d) => (d as { coupon?: { code?: string } }).coupon?.code)
    .filter((c): c is string => !!c)
    .join(' ') || undefined;

const options = (line: WireOrder['lineItems'][number]) =>
  (line.descriptionLines ?? [])
    .map((d) => `${d.name.original}: ${d.colorInfo?.original ?? d.plainText?.original ?? ''}`.trim())
    .join('; ') || undefined;

/** An order's rows (at least one: an order without lines still has its totals). */
export function orderCsvRows(o: WireOrder, time: (iso: string) => string): string {
  const logistics = o.shippingInfo?.logistics as
    { shippingDestination?: Contactful; pickupDetails?: { address?: AddressLike } } | undefined;
  const destination = logistics?.shippingDestination;
  const billing = o.billingInfo as Contactful | undefined;
  const contact = billing?.contactDetails ?? destination?.contactDetails;
  const a = destination?.address;
  const pickup = logistics?.pickupDetails?.address;
  const sameAsShipping = !!a && !!billing?.address && addressText(billing.address) === addressText(a);
  const order: Cell[] = [
    o.number,
    time(o.createdDate),
    o.status,
    o.paymentStatus,
    o.fulfillmentStatus,
    o.archived ? 'yes' : 'no',
    nameOf(contact),
    o.buyerInfo.email,
    contact?.phone ?? undefined,
  ];
  const totals: Cell[] = [
    o.priceSummary.subtotal.amount,
    o.priceSummary.shipping.amount,
    o.priceSummary.tax.amount,
    o.priceSummary.discount.amount,
    o.priceSummary.total.amount,
    o.balanceSummary.paid.amount,
  ];
  const delivery: Cell[] = [
    coupons(o),
    o.shippingInfo?.title,
    pickup ? `Pickup: ${placeText(pickup)}` : nameOf(destination?.contactDetails),
    a ? [a.addressLine, a.addressLine2].filter((l) => l?.trim()).join(', ') || undefined : undefined,
    a?.city ?? undefined,
    region(a),
    a?.postalCode ?? undefined,
    a?.country ? countryName(a.country) : undefined,
    billing?.address
      ? sameAsShipping
        ? 'Same as shipping'
        : addressText(billing.address, billing.contactDetails)
      : undefined,
    o.tags.tags.tagIds.join(' ') || undefined,
    o.buyerNote,
  ];
  const lines = o.lineItems.length ? o.lineItems : [undefined];
  return lines
    .map((line, i) =>
      csvRow([
        ...order,
        line?.productName.original,
        line && options(line),
        line?.physicalProperties?.sku,
        line?.quantity,
        line?.price.amount,
        line?.lineItemPrice.amount,
        o.currency,
        ...(i === 0 ? totals : totals.map(() => undefined)),
        ...delivery,
      ]),
    )
    .join('');
}
