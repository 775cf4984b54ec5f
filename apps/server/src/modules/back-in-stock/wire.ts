/** Requests in the wire's shape, who may see them, and their events. */
import { ENTITY_FQDN, type WireBackInStockRequest } from '@vitrine/contract';
import { shopperOf, type Caller, type Ctx } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { emitEvent, type EventBody } from '../../platform/events.ts';
import type { RequestRow } from './store.ts';

export const REQUEST_FQDN = ENTITY_FQDN.backInStockRequest;

export const requestNotFound = (id: string) =>
  notFound('Back in stock notification request', { id }, 'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND');

/** Whether the caller made the request (a member by member id; a visitor by visitor id) or is an admin. */
export function owns(caller: Caller, r: RequestRow): boolean {
  if (caller.role === 'admin') return true;
  const shopper = shopperOf(caller);
  if (!shopper) return false;
  if (shopper.memberId) return r.member_id === shopper.memberId;
  return r.member_id === null && r.visitor_id !== null && r.visitor_id === shopper.visitorId;
}

/**
 * The entity. Someone else's request (a repeat of an open request made by another shopper) shows no
 * contact or item URL: those are the maker's.
 */
export function toRequest(r: RequestRow, full = true): WireBackInStockRequest {
  return {
    id: r.id,
    catalogReference: r.catalog_reference,
    email: r.email,
    ...(full && r.contact_id ? { contactId: r.contact_id } : {}),
    status: r.status,
    autoNotified: r.auto_notified,
    createdDate: r.created_at.toISOString(),
    ...(full && r.item_url ? { itemUrl: r.item_url } : {}),
  };
}

/** The `created`, `updated` or `deleted` event of a request whose row the caller's transaction holds. */
export function emitRequestEvent(ctx: Ctx, r: RequestRow, slug: 'created' | 'updated' | 'deleted') {
  const entity = toRequest(r);
  const body: EventBody =
    slug === 'created'
      ? { createdEvent: { entity } }
      : slug === 'updated'
        ? { updatedEvent: { currentEntity: entity, modifiedFields: {} } }
        : { deletedEvent: { deletedEntity: entity } };
  return emitEvent(ctx, { entityFqdn: REQUEST_FQDN, slug, entityId: r.id, ...body }, { entityLocked: true });
}
