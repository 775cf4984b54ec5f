import type { Caller } from './context.ts';

/**
 * Who may see a shopper's record — an order, its fulfillments and payments, paying it — one rule for
 * orders and payments alike (orders README, "Who sees what"):
 * - an admin (owner user or app): every record;
 * - a visitor: the records with its visitor id and no member;
 * - a member: the records with its member id, and those its visitor session placed before it
 *   logged in (its token's visitor id, and no member: never another member's record);
 * - anyone else: none.
 * Anything a caller may not see answers as not found (no existence leak).
 */
export type OwnerScope = 'all' | 'none' | { memberId?: string; visitorId?: string };

export function ownerScope(caller: Caller): OwnerScope {
  switch (caller.role) {
    case 'admin':
      return 'all';
    case 'member':
      return { memberId: caller.memberId, ...(caller.visitorId ? { visitorId: caller.visitorId } : {}) };
    case 'visitor':
      return { visitorId: caller.visitorId };
    default:
      return 'none';
  }
}

/** The buyer a record names. */
export interface RecordBuyer {
  memberId?: string | null | undefined;
  visitorId?: string | null | undefined;
}

/** Whether the caller may see a record with this buyer (`ownerScope`). */
export function ownsRecord(caller: Caller, buyer: RecordBuyer): boolean {
  const scope = ownerScope(caller);
  if (scope === 'all') return true;
  if (scope === 'none') return false;
  if (scope.memberId !== undefined && buyer.memberId === scope.memberId) return true;
  return scope.visitorId !== undefined && !buyer.memberId && buyer.visitorId === scope.visitorId;
}
