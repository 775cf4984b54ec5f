/** What the reviews module does when orders change: review requests follow their order. */
import { ENTITY_FQDN, type Order } from '@vitrine/contract';
import { eventTypeOf, type Subscriber } from '../../platform/events.ts';
import { cancelForOrder, scheduleForOrder } from './requests.ts';

const orderOf = (e: unknown) =>
  (e as { actionEvent?: { body?: { order?: Order } } }).actionEvent?.body?.order;

export const orderFulfilledSubscriber: Subscriber = {
  name: 'reviews.order-fulfilled',
  eventTypes: [eventTypeOf(ENTITY_FQDN.order, 'fulfilled')],
  async handle(ctx, event) {
    const order = orderOf(event);
    if (order) await scheduleForOrder(ctx, order);
  },
};

export const orderEndedSubscriber: Subscriber = {
  name: 'reviews.order-ended',
  eventTypes: [
    eventTypeOf(ENTITY_FQDN.order, 'canceled'),
    eventTypeOf(ENTITY_FQDN.order, 'payment_status_updated'),
  ],
  async handle(ctx, event) {
    const order = orderOf(event);
    if (!order) return;
    if (order.status === 'CANCELED' || order.paymentStatus === 'FULLY_REFUNDED')
      await cancelForOrder(ctx, order.id);
  },
};
