import { describe, expect, it } from 'vitest';
import { notEnough } from './errors.ts';

describe('notEnough', () => {
  it('says how many are left, and how many more the cart can take', () => {
    expect(notEnough({ quantityAvailable: 3 })).toBe('Sorry, only 3 left in stock.');
    expect(notEnough({ quantityAvailable: 3, quantityInCart: 0 })).toBe('Sorry, only 3 left in stock.');
    expect(notEnough({ quantityAvailable: 3, quantityInCart: 2 })).toBe(
      'Sorry, only 3 left, and 2 are in your cart: you can add 1 more.',
    );
    expect(notEnough({ quantityAvailable: 3, quantityInCart: 1 })).toBe(
      'Sorry, only 3 left, and 1 is in your cart: you can add 2 more.',
    );
    expect(notEnough({ quantityAvailable: 3, quantityInCart: 3 })).toBe(
      'Your cart already holds the last 3.',
    );
    expect(notEnough({ quantityAvailable: 1, quantityInCart: 1 })).toBe(
      'Your cart already holds the last one.',
    );
    expect(notEnough({ quantityAvailable: 0 })).toBe('Sorry, this is out of stock.');
  });

  it('leaves the general words when the answer has no count', () => {
    expect(notEnough(undefined)).toBeUndefined();
    expect(notEnough({ quantityAvailable: 'many' })).toBeUndefined();
  });
});
