import type { Cart, CartLineItem } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { quantityNotice } from './quantity-notice.ts';

const cart = (quantity: number, availability: CartLineItem['availability']) =>
  ({ lineItems: [{ id: 'pen', quantity, availability }] }) as unknown as Cart;

describe('quantity notice', () => {
  it('says so when the quantity was set to the stock left', () => {
    expect(quantityNotice(cart(25, { status: 'AVAILABLE', quantityAvailable: 25 }), 'pen', 30)).toBe(
      'Only 25 left — quantity set to 25.',
    );
  });

  it('says none are left when the quantity could not be raised at all', () => {
    expect(quantityNotice(cart(2, { status: 'NOT_AVAILABLE', quantityAvailable: 0 }), 'pen', 5)).toBe(
      'None left in stock — quantity stays at 2.',
    );
  });

  it('says nothing when the line has what was asked, or is gone', () => {
    expect(quantityNotice(cart(3, { status: 'AVAILABLE', quantityAvailable: 25 }), 'pen', 3)).toBeUndefined();
    expect(quantityNotice(cart(2, { status: 'AVAILABLE' }), 'pen', 1)).toBeUndefined();
    expect(quantityNotice(cart(2, { status: 'AVAILABLE' }), 'other', 5)).toBeUndefined();
    expect(quantityNotice(null, 'pen', 5)).toBeUndefined();
  });
});
