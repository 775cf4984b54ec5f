/**
 * Visitors whose anonymous grant this process answered, until a call asks about them once
 * (`takeNewVisitor`): such a visitor has no cart yet unless another process made one, so their
 * first add-to-cart may make the cart without reading it first (cart/service.ts), the insert itself
 * checking that none exists. Bounded: the oldest go first past the budget (most visitors never
 * add anything), and one forgotten only costs that visitor's first add-to-cart its read.
 */
import { KeptMap } from '../../platform/kept-map.ts';

/** An id and its place in the map, estimated. */
const ENTRY_BYTES = 128;
/** About 8,000 visitors. */
export const NEW_VISITORS_BUDGET = 1024 * 1024;

const visitors = new KeptMap<true>(NEW_VISITORS_BUDGET);

export const noteNewVisitor = (visitorId: string): void => visitors.set(visitorId, true, ENTRY_BYTES);

/** Whether `visitorId` is a visitor this process created and no call asked about since; forgets it. */
export function takeNewVisitor(visitorId: string): boolean {
  const known = visitors.peek(visitorId) !== undefined;
  visitors.delete(visitorId);
  return known;
}
