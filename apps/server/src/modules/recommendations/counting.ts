/** Keeps the recommendation tables up to date from approved orders (at least once: counted once). */
import { APP_ID, ENTITY_FQDN, type Order } from '@vitrine/contract';
import { eventTypeOf, type Subscriber } from '../../platform/events.ts';
import { countOrder } from './store.ts';

const EPOCH = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;
/** An order's weight doubles every 30 days of recency (README); a double lasts ~85 years of it. */
export const pairWeight = (at: Date) => 2 ** ((at.getTime() - EPOCH) / DAY / 30);

export const orderApprovedSubscriber: Subscriber = {
  name: 'recommendations.order-approved',
  eventTypes: [eventTypeOf(ENTITY_FQDN.order, 'approved')],
  async handle(ctx, event) {
    const order = (event as { actionEvent?: { body?: { order?: Order } } }).actionEvent?.body?.order;
    if (!order) return;
    const quantities = new Map<string, number>();
    for (const l of order.lineItems) {
      const ref = l.catalogReference;
      if (ref?.appId !== APP_ID.stores || !ref.catalogItemId) continue;
      const id = ref.catalogItemId.toLowerCase();
      quantities.set(id, (quantities.get(id) ?? 0) + l.quantity);
    }
    if (quantities.size === 0) return;
    const at = new Date(order.purchasedDate ?? order.createdDate ?? ctx.clock.now().toISOString());
    await countOrder(ctx.db, {
      orderId: order.id,
      countedAt: ctx.clock.now(),
      day: at.toISOString().slice(0, 10),
      weight: pairWeight(at),
      quantities,
    });
  },
};
