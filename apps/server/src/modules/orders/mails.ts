import {
  addressLines,
  placeText,
  type AddressLike,
  type ContactLike,
  type Money,
  type Order,
  type StoreSettings,
} from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { escapeHtml as esc, lineChoices, mailDocument } from '../../platform/mail-layout.ts';
import { queueMail } from '../../platform/mail.ts';
import { dashboardOrderLink, orderLink } from './order-link.ts';

/**
 * The orders module's messages (plain text, and HTML in the store's mail layout), queued in the
 * caller's transaction.
 */

/**
 * What paid the order, as the payments module tells it when it approves one (a gift card and the
 * card that paid the rest): the buyer's record says what each was charged, not the total alone.
 */
export interface PaidWith {
  /** "Gift card ****T-50", "Visa ****4242"; a manual payment method's name ("Bank transfer"). */
  label: string;
  amount: Money;
  /** Not paid yet: the buyer pays it outside the store (a manual payment method), as it says. */
  due?: { instructions: string };
}

const paidLine = (p: PaidWith) => `${p.due ? 'To pay by' : 'Paid with'} ${p.label}`;
/** How to pay what is due, in the method's words. */
const dueOf = (paidWith: readonly PaidWith[]) =>
  paidWith
    .filter((p) => p.due?.instructions)
    .map((p) => ({ title: `How to pay by ${p.label}`, text: p.due!.instructions }));

function linesOf(o: Order) {
  return o.lineItems.map((l) => {
    const choices = lineChoices(l.descriptionLines);
    const name = l.productName.original;
    return {
      text: `${l.quantity} × ${name}${choices ? ` (${choices})` : ''}  ${l.lineItemPrice.formattedAmount}`,
      name,
      choices,
      qty: l.quantity,
      amount: l.lineItemPrice.formattedAmount,
    };
  });
}

function summaryText(o: Order, paidWith: readonly PaidWith[] = []): string {
  const ps = o.priceSummary;
  return [
    ...linesOf(o).map((l) => l.text),
    '',
    `Subtotal: ${ps.subtotal.formattedAmount}`,
    ...(Number(ps.discount.amount) ? [`Discount: -${ps.discount.formattedAmount}`] : []),
    ...(pickupOf(o)
      ? [`Pickup: ${pickupOf(o)!.place}`]
      : Number(ps.shipping.amount)
        ? [`Shipping: ${ps.shipping.formattedAmount}`]
        : []),
    ...(Number(ps.tax.amount) ? [`Tax: ${ps.tax.formattedAmount}`] : []),
    `Total: ${ps.total.formattedAmount}`,
    ...paidWith.map((p) => `${paidLine(p)}: ${p.amount.formattedAmount}`),
    ...dueOf(paidWith).map((d) => `\n${d.title}:\n${d.text}`),
  ].join('\n');
}

function summaryHtml(o: Order, paidWith: readonly PaidWith[] = []): string {
  const row = (left: string, right: string) =>
    `<tr><td>${left}</td><td style="text-align:right">${right}</td></tr>`;
  const rows = linesOf(o)
    .map((l) =>
      row(
        `${l.qty} × ${esc(l.name)}${l.choices ? `<br><small>${esc(l.choices)}</small>` : ''}`,
        esc(l.amount),
      ),
    )
    .join('');
  const total = row(
    '<strong>Total</strong>',
    `<strong>${esc(o.priceSummary.total.formattedAmount)}</strong>`,
  );
  const paid = paidWith.map((p) => row(esc(paidLine(p)), esc(p.amount.formattedAmount))).join('');
  const due = dueOf(paidWith)
    .map((d) => `<p><strong>${esc(d.title)}</strong><br>${esc(d.text).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return `<table cellpadding="4">${rows}${total}${paid}</table>${due}`;
}

type PickupAddress = AddressLike & { addressLine1?: string };
/** Where a pickup order is collected ("Shop name, 100 Demo Street, New York, NY 10001"), or undefined when it is delivered. */
export function pickupOf(o: Order): { place: string; instructions?: string } | undefined {
  const info = o.shippingInfo as
    | { title?: string; logistics?: { pickupDetails?: { address?: PickupAddress }; instructions?: string } }
    | undefined;
  const details = info?.logistics?.pickupDetails;
  if (!details) return undefined;
  const a = details.address ?? {};
  const place = [info?.title, placeText({ ...a, addressLine: a.addressLine ?? a.addressLine1 })]
    .filter(Boolean)
    .join(', ');
  return { place, ...(info?.logistics?.instructions ? { instructions: info.logistics.instructions } : {}) };
}

type Addressed = { address?: AddressLike; contactDetails?: ContactLike } | undefined;

/**
 * Where a delivered order goes, and where it is billed when that is another place, each as the
 * pages write an address (the country's layout, `addressLines`): `Ship to` and `Billing address`.
 * A pickup order has no delivery address (its place is in the summary).
 */
function addressBlocks(o: Order): { title: string; lines: string[] }[] {
  if (pickupOf(o)) return [];
  const ship = (o.shippingInfo?.logistics as { shippingDestination?: Addressed } | undefined)
    ?.shippingDestination;
  const bill = o.billingInfo as Addressed;
  const shipLines = ship?.address ? addressLines(ship.address, ship.contactDetails) : [];
  const billLines = bill?.address ? addressLines(bill.address, bill.contactDetails) : [];
  return [
    ...(shipLines.length ? [{ title: 'Ship to', lines: shipLines }] : []),
    ...(billLines.length && billLines.join('\n') !== shipLines.join('\n')
      ? [{ title: 'Billing address', lines: billLines }]
      : []),
  ];
}

const addressesText = (o: Order) =>
  addressBlocks(o)
    .map((b) => `\n\n${b.title}:\n${b.lines.join('\n')}`)
    .join('');

const addressesHtml = (o: Order) =>
  addressBlocks(o)
    .map((b) => `<p><strong>${esc(b.title)}</strong><br>${b.lines.map(esc).join('<br>')}</p>`)
    .join('');

/** When an order awaiting a manual payment chosen at `chosen` is canceled (settings' days), if ever. */
export const manualPaymentDue = (s: StoreSettings, chosen: Date): Date | undefined =>
  s.manualPaymentCancelDays ? new Date(chosen.getTime() + s.manualPaymentCancelDays * 86_400_000) : undefined;

/**
 * What happens next, in words: delivery or pickup, once a payment still due (a manual method's) is
 * in; by `payBy` when the store cancels orders whose payment does not arrive.
 */
function nextStep(o: Order, paidWith: readonly PaidWith[] = [], payBy?: string): string {
  const pickup = pickupOf(o);
  if (paidWith.some((p) => p.due)) {
    const deadline = payBy
      ? ` Please pay by ${payBy}: the order is canceled if your payment has not arrived by then.`
      : '';
    return pickup
      ? `Your order waits for your payment (how to pay is below); we will let you know when it is ready for pickup at ${pickup.place}.${deadline}`
      : `Your order waits for your payment (how to pay is below); we will let you know when it ships.${deadline}`;
  }
  return pickup
    ? `We will let you know when it is ready for pickup at ${pickup.place}.`
    : 'We received your order and will let you know when it ships.';
}

/** The way to the order from a buyer's mail (the account's order page, or a signed status link). */
async function viewOrder(ctx: Ctx, o: Order) {
  const link = await orderLink(ctx, o);
  return { text: `View your order: ${link}`, action: { label: 'View your order', url: link } };
}

/** A message of the store's mail layout: `title` (the heading) above `body`, with the subject as title. */
const page = (
  s: StoreSettings,
  subject: string,
  title: string,
  body: string,
  action?: { label: string; url: string },
) =>
  mailDocument({
    storeName: s.storeName,
    title: subject,
    heading: title,
    body,
    ...(action ? { action } : {}),
  });

export async function mailOrderConfirmation(
  ctx: Ctx,
  s: StoreSettings,
  o: Order,
  to: string,
  paidWith: readonly PaidWith[] = [],
): Promise<void> {
  const title = `Thank you for your order #${o.number}`;
  const view = await viewOrder(ctx, o);
  const subject = `${s.storeName}: order #${o.number} confirmed`;
  // The store cancels it when the payment has not arrived in time (cancel.ts schedules that day).
  const due = paidWith.some((p) => p.due) ? manualPaymentDue(s, ctx.clock.now()) : undefined;
  const payBy = due
    ? due.toLocaleDateString(s.locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : undefined;
  const next = nextStep(o, paidWith, payBy);
  await queueMail(ctx, {
    to,
    senderName: s.storeName,
    subject,
    text: `${title}.\n\n${next}\n\n${summaryText(o, paidWith)}${addressesText(o)}\n\n${view.text}\n\n${s.storeName}`,
    html: page(
      s,
      subject,
      title,
      `<p>${esc(next)}</p>${summaryHtml(o, paidWith)}${addressesHtml(o)}`,
      view.action,
    ),
  });
}

export async function mailNewOrderNotice(ctx: Ctx, s: StoreSettings, o: Order, to: string): Promise<void> {
  const buyer = o.buyerInfo.email ?? 'a visitor without e-mail';
  const dashboard = dashboardOrderLink(ctx, o);
  const title = `New order #${o.number}`;
  const subject = `${s.storeName}: new order #${o.number} (${o.priceSummary.total.formattedAmount})`;
  await queueMail(ctx, {
    to,
    senderName: s.storeName,
    subject,
    text: `${title} from ${buyer}.\n\n${summaryText(o)}${addressesText(o)}\n\nPayment status: ${o.paymentStatus}\n\nOpen it in the dashboard: ${dashboard}`,
    html: page(
      s,
      subject,
      title,
      `<p>From ${esc(buyer)}. Payment status: ${esc(o.paymentStatus)}.</p>${summaryHtml(o)}${addressesHtml(o)}`,
      { label: 'Open it in the dashboard', url: dashboard },
    ),
  });
}

export async function mailOrderCanceled(
  ctx: Ctx,
  s: StoreSettings,
  o: Order,
  to: string,
  customMessage?: string,
): Promise<void> {
  const title = `Your order #${o.number} was canceled`;
  const note = customMessage ? `\n\n${customMessage}` : '';
  const view = await viewOrder(ctx, o);
  const subject = `${s.storeName}: order #${o.number} canceled`;
  await queueMail(ctx, {
    to,
    senderName: s.storeName,
    subject,
    text: `${title}.${note}\n\n${summaryText(o)}\n\nIf you were charged, the payment will be refunded.\n\n${view.text}\n\n${s.storeName}`,
    html: page(
      s,
      subject,
      title,
      `${customMessage ? `<p>${esc(customMessage)}</p>` : ''}${summaryHtml(o)}<p>If you were charged, the payment will be refunded.</p>`,
      view.action,
    ),
  });
}

export interface ShipmentInfo {
  trackingNumber?: string;
  shippingProvider?: string;
  trackingLink?: string;
  items: { name: string; quantity: number }[];
  /**
   * A shipment's tracking, afterwards: its number `changed` (corrected), or `added` to a shipment
   * that had none; the mail says so instead of "on its way".
   */
  update?: 'changed' | 'added';
}

export async function mailShippingConfirmation(
  ctx: Ctx,
  s: StoreSettings,
  o: Order,
  to: string,
  sh: ShipmentInfo,
): Promise<void> {
  const pickup = pickupOf(o);
  if (pickup) return mailReadyForPickup(ctx, s, o, to, sh, pickup);
  const title =
    sh.update === 'changed'
      ? `The tracking number of your order #${o.number} has changed`
      : sh.update === 'added'
        ? `Your order #${o.number} can now be tracked`
        : `Your order #${o.number} is on its way`;
  // [text, HTML]: the tracking link is a link in the HTML too (the same address as the text's).
  const tracking = [
    sh.shippingProvider && [`Carrier: ${sh.shippingProvider}`, esc(`Carrier: ${sh.shippingProvider}`)],
    sh.trackingNumber && [
      `Tracking number: ${sh.trackingNumber}`,
      esc(`Tracking number: ${sh.trackingNumber}`),
    ],
    sh.trackingLink && [
      `Track it: ${sh.trackingLink}`,
      `Track it: <a href="${esc(sh.trackingLink)}">${esc(sh.trackingLink)}</a>`,
    ],
  ].filter((t): t is [string, string] => Boolean(t));
  const items = sh.items.map((i) => `${i.quantity} × ${i.name}`);
  const view = await viewOrder(ctx, o);
  const subject = sh.update
    ? `${s.storeName}: ${sh.update === 'changed' ? 'new tracking number' : 'tracking number'} for order #${o.number}`
    : `${s.storeName}: order #${o.number} shipped`;
  await queueMail(ctx, {
    to,
    senderName: s.storeName,
    subject,
    text: `${title}.\n\n${items.join('\n')}\n\n${tracking.map(([t]) => t).join('\n')}\n\n${view.text}\n\n${s.storeName}`.replace(
      /\n{3,}/g,
      '\n\n',
    ),
    html: page(
      s,
      subject,
      title,
      `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>${tracking.map(([, h]) => `<p>${h}</p>`).join('')}`,
      view.action,
    ),
  });
}

/** A pickup order's fulfilment: the items are ready at the pickup location. */
async function mailReadyForPickup(
  ctx: Ctx,
  s: StoreSettings,
  o: Order,
  to: string,
  sh: ShipmentInfo,
  pickup: { place: string; instructions?: string },
): Promise<void> {
  const title = `Your order #${o.number} is ready for pickup`;
  const items = sh.items.map((i) => `${i.quantity} × ${i.name}`);
  const where = [`Pick it up at ${pickup.place}.`, ...(pickup.instructions ? [pickup.instructions] : [])];
  const view = await viewOrder(ctx, o);
  const subject = `${s.storeName}: order #${o.number} is ready for pickup`;
  await queueMail(ctx, {
    to,
    senderName: s.storeName,
    subject,
    text: `${title}.\n\n${items.join('\n')}\n\n${where.join('\n')}\n\n${view.text}\n\n${s.storeName}`,
    html: page(
      s,
      subject,
      title,
      `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>${where.map((w) => `<p>${esc(w)}</p>`).join('')}`,
      view.action,
    ),
  });
}

/** A refund of (part of) the order, to its buyer. */
export async function mailRefund(
  ctx: Ctx,
  s: StoreSettings,
  o: Order,
  to: string,
  r: { amount: string; full: boolean; reason?: string },
): Promise<void> {
  const title = `We refunded ${r.amount} for your order #${o.number}`;
  const lines = [
    r.full ? 'Your order is refunded in full.' : 'This is a partial refund of your order.',
    ...(r.reason ? [`Reason: ${r.reason}`] : []),
    'It can take a few days to show on your statement.',
  ];
  const view = await viewOrder(ctx, o);
  const subject = `${s.storeName}: refund for order #${o.number}`;
  await queueMail(ctx, {
    to,
    senderName: s.storeName,
    subject,
    text: `${title}.\n\n${lines.join('\n')}\n\n${summaryText(o)}\n\n${view.text}\n\n${s.storeName}`,
    html: page(
      s,
      subject,
      title,
      `${lines.map((l) => `<p>${esc(l)}</p>`).join('')}${summaryHtml(o)}`,
      view.action,
    ),
  });
}

/** The merchant marked the order paid (a manual payment method's money arrived): what happens next. */
export async function mailPaymentReceived(
  ctx: Ctx,
  s: StoreSettings,
  o: Order,
  to: string,
  amount: string,
): Promise<void> {
  const title = `We received your payment for order #${o.number}`;
  const pickup = pickupOf(o);
  const next = pickup
    ? `Thank you: ${amount} arrived. We will let you know when your order is ready for pickup at ${pickup.place}.`
    : `Thank you: ${amount} arrived. We will let you know when your order ships.`;
  const view = await viewOrder(ctx, o);
  const subject = `${s.storeName}: payment received for order #${o.number}`;
  await queueMail(ctx, {
    to,
    senderName: s.storeName,
    subject,
    text: `${title}.\n\n${next}\n\n${summaryText(o)}\n\n${view.text}\n\n${s.storeName}`,
    html: page(s, subject, title, `<p>${esc(next)}</p>${summaryHtml(o)}`, view.action),
  });
}
