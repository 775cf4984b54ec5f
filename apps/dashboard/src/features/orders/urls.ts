/**
 * The orders feature's typed URLs. The list's filters, sort and page are its query string; the
 * detail page's open dialog is `?dialog=…`.
 *
 *   ordersUrls.list.href({ payment: ['NOT_PAID'], status: ['APPROVED'] })  →  /orders?payment=NOT_PAID&status=APPROVED
 *   ordersUrls.list.href({ authorization: 'held' })                        →  /orders?authorization=held
 *   ordersUrls.detail.href({ id }, { dialog: 'refund' })                   →  /orders/<id>?dialog=refund
 *   ordersUrls.detail.href({ id }, { dialog: 'edit-shipment', shipment })   →  /orders/<id>?dialog=edit-shipment&shipment=<id>
 *   ordersUrls.abandoned.href({ status: 'ABANDONED', q: 'ada' })           →  /orders/abandoned?q=ada&status=ABANDONED
 *   ordersUrls.abandonedCheckout.href({ id }, { dialog: 'delete' })         →  /orders/abandoned/<id>?dialog=delete
 *   ordersUrls.packingSlips.href({ status: ['APPROVED'] })                  →  /orders/packing-slips?status=APPROVED
 *   ordersUrls.packingSlips.href({ order: [a, b] })                         →  /orders/packing-slips?order=<a>&order=<b>
 *   ordersUrls.create.href({ checkout: id })                                →  /orders/new?checkout=<id>
 *   ordersUrls.create.href({ checkout: id, dialog: 'delete' })              →  /orders/new?checkout=<id>&dialog=delete
 */
import { ABANDONED_SORTS, ABANDONED_STATUSES, ADMIN_ORDER_SORTS } from '@vitrine/sdk';
import { param, route } from '../../app/url.ts';

export const PAYMENT_STATUSES = [
  'NOT_PAID',
  'PAID',
  'PARTIALLY_PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'PENDING',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
] as const;
export const FULFILMENT_STATUSES = ['NOT_FULFILLED', 'PARTIALLY_FULFILLED', 'FULFILLED'] as const;
export const ORDER_STATUSES = ['APPROVED', 'CANCELED', 'PENDING', 'REJECTED'] as const;
export const ORDER_DIALOGS = [
  'capture',
  'void',
  'refund',
  'mark-paid',
  'fulfil',
  'cancel',
  'tags',
  'note',
  'edit-shipment',
  'delete-shipment',
] as const;
export type OrderDialog = (typeof ORDER_DIALOGS)[number];

/** The orders list's filters and sort (the list and the packing slips read the same ones). */
const listFilters = {
  /** An order number or part of the buyer's e-mail. */
  q: param.text(),
  payment: param.manyOf(PAYMENT_STATUSES),
  fulfilment: param.manyOf(FULFILMENT_STATUSES),
  status: param.manyOf(ORDER_STATUSES),
  /** Placed on or after this day, and on or before `to` (the browser's time zone). */
  from: param.date(),
  to: param.date(),
  /** Orders carrying all these tags. */
  tag: param.list(),
  archived: param.oneOf(['true', 'false']),
  /** `held`: orders holding a card authorization still to capture or void (canceled ones too). */
  authorization: param.oneOf(['held']),
  sort: param.oneOf(ADMIN_ORDER_SORTS),
};

export const ordersUrls = {
  list: route('/orders', { ...listFilters, cursor: param.token() }),
  detail: route('/orders/:id', {
    dialog: param.oneOf(ORDER_DIALOGS),
    /** The shipment (fulfillment id) the edit-shipment and delete-shipment dialogs are about. */
    shipment: param.token(),
  }),
  /** Checkouts shoppers left (newest first, 20 a page), with the last 30 days' recovery figures. */
  abandoned: route('/orders/abandoned', {
    /** Words starting the buyer's e-mail, first or last name. */
    q: param.text(),
    status: param.oneOf(ABANDONED_STATUSES),
    sort: param.oneOf(ABANDONED_SORTS),
    cursor: param.token(),
  }),
  abandonedCheckout: route('/orders/abandoned/:id', { dialog: param.oneOf(['delete']) }),
  /**
   * Printable packing slips: of the orders named (`order`: one from its page, or those ticked in
   * the list, at most a page of 20), else of the orders the list's filters find, in its sort (the
   * first 100).
   */
  packingSlips: route('/orders/packing-slips', { ...listFilters, order: param.list() }),
  /** An order taken for a buyer: the items and e-mail, then (`checkout`, once priced) its payment link. */
  create: route('/orders/new', { checkout: param.token(), dialog: param.oneOf(['delete']) }),
  /** The orders created for buyers whose payment link is not paid yet, newest first. */
  paymentLinks: route('/orders/payment-links', { cursor: param.token() }),
};
