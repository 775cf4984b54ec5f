import type { Cart } from '@vitrine/sdk';

/**
 * What to tell the shopper after asking for `requested` of the line `lineId`, from the cart the
 * change answered: the platform sets a quantity above the stock left to what is left, and with
 * none left keeps the line as it was (out of stock). Undefined when the line has what was asked.
 */
export function quantityNotice(cart: Cart | null, lineId: string, requested: number): string | undefined {
  const line = cart?.lineItems.find((l) => l.id === lineId);
  if (!line || line.quantity >= requested) return undefined;
  const a = line.availability;
  if (a?.status === 'NOT_AVAILABLE' || a?.quantityAvailable === 0)
    return `None left in stock — quantity stays at ${line.quantity}.`;
  return `Only ${line.quantity} left — quantity set to ${line.quantity}.`;
}
