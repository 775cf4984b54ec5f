/** What the reviews module does when orders change: review requests follow their order. */
import { ENTITY_FQDN, type Order } from '@vitrine/contract';
import { eventTypeOf, type Subscriber } from '../../platform/events.ts';
import { cancelForOrder, scheduleForOrder } from './requests.ts';

const orderOf = (e: unknown) =>
  (e as { actionEvent?: { body?: { order?: Order } } }).actionEvent?.body?.order;

const ended = (order: Order | undefined) =>
  order?.status === 'CANCELED' || order?.paymentStatus === 'FULLY_REFUNDED';

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
  // Most payment status changes (paid, captured) end nothing: no delivery is written for them.
  wants: (event) => ended(orderOf(event)),
  async handle(ctx, event) {
    const order = orderOf(event);
    if (order && ended(order)) await cancelForOrder(ctx, order.id);
  },
};
