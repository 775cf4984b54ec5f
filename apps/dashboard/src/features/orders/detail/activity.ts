import type { OrderActivityType } from '@vitrine/contract';

const special: Partial<Record<OrderActivityType, string>> = {
  MERCHANT_COMMENT: 'Note',
  ORDER_PLACED: 'Order placed',
  ORDER_PAID: 'Order paid',
  AUTHORIZED_PAYMENT_CREATED: 'Payment authorized',
  AUTHORIZED_PAYMENT_CAPTURED: 'Authorized payment captured',
  AUTHORIZED_PAYMENT_VOIDED: 'Authorized payment voided',
  SHIPPING_CONFIRMATION_EMAIL_SENT: 'Shipping confirmation e-mailed',
  PICKUP_READY_EMAIL_SENT: 'Ready-for-pickup e-mail sent',
  EMAIL_EDITED: 'E-mail address edited',
  ORDER_NOT_FULFILLED: 'No longer fulfilled',
};

/** `TRACKING_NUMBER_ADDED` → "Tracking number added". */
export const activityLabel = (type: OrderActivityType) =>
  special[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replaceAll('_', ' ');
