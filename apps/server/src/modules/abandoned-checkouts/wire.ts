/** Abandoned checkouts in the wire's shape, and their events. */
import { ENTITY_FQDN, type WireAbandonedCheckout } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { emitEvent, type EventBody } from '../../platform/events.ts';
import { recoveryUrl } from './link.ts';
import type { AbandonedRow } from './store.ts';

export const ABANDONED_FQDN = ENTITY_FQDN.abandonedCheckout;

export const abandonedNotFound = (id: string) =>
  notFound('Abandoned checkout', { id }, 'ABANDONED_CHECKOUT_NOT_FOUND');

/** The entity; its `checkoutUrl` is a recovery link signed now. */
export async function toWire(ctx: Ctx, r: AbandonedRow): Promise<WireAbandonedCheckout> {
  const s = r.snapshot;
  return {
    id: r.id,
    createdDate: r.created_at.toISOString(),
    updatedDate: r.updated_at.toISOString(),
    checkoutId: r.checkout_id,
    ...(r.cart_id ? { cartId: r.cart_id } : {}),
    status: r.status,
    ...(s.buyerLanguage ? { buyerLanguage: s.buyerLanguage } : {}),
    buyerInfo: s.buyerInfo,
    ...(s.contactDetails ? { contactDetails: s.contactDetails } : {}),
    currency: r.currency,
    conversionCurrency: s.conversionCurrency,
    subtotalPrice: s.subtotalPrice,
    totalPrice: s.totalPrice,
    activities: r.activities,
    ...(r.recovered_at ? { checkoutRecoveredDate: r.recovered_at.toISOString() } : {}),
    checkoutUrl: await recoveryUrl(ctx, r.id),
    lineItems: s.lineItems,
    appliedDiscounts: s.appliedDiscounts,
  };
}

/** The `created`, `updated` (an activity), `deleted` or `recovered` event of a row the caller's transaction wrote. */
export async function emitAbandonedEvent(
  ctx: Ctx,
  r: AbandonedRow,
  slug: 'created' | 'updated' | 'deleted' | 'recovered',
) {
  const entity = await toWire(ctx, r);
  const body: EventBody =
    slug === 'created'
      ? { createdEvent: { entity } }
      : slug === 'updated'
        ? { updatedEvent: { currentEntity: entity, modifiedFields: { activities: entity.activities } } }
        : slug === 'deleted'
          ? { deletedEvent: { deletedEntity: entity } }
          : { actionEvent: { body: { abandonedCheckout: entity } } };
  await emitEvent(ctx, { entityFqdn: ABANDONED_FQDN, slug, entityId: r.id, ...body }, { entityLocked: true });
}
