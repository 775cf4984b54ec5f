import { orderStatus } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { canTransition, ORDER_TRANSITIONS } from './transitions.ts';

describe('order status transitions', () => {
  it('covers every status of the contract', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...orderStatus.options].sort());
  });

  it('allows the lifecycle and nothing else', () => {
    const allowed = orderStatus.options.flatMap((from) =>
      orderStatus.options.filter((to) => canTransition(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed.sort()).toEqual([
      'APPROVED>CANCELED',
      'INITIALIZED>APPROVED',
      'INITIALIZED>CANCELED',
      'INITIALIZED>PENDING',
      'INITIALIZED>REJECTED',
      'PENDING>APPROVED',
      'PENDING>CANCELED',
      'PENDING>REJECTED',
    ]);
  });

  it('never goes back to INITIALIZED, never leaves a final status, never stays put', () => {
    for (const s of orderStatus.options) {
      expect(canTransition(s, 'INITIALIZED')).toBe(false);
      expect(canTransition(s, s)).toBe(false);
      expect(canTransition('CANCELED', s)).toBe(false);
      expect(canTransition('REJECTED', s)).toBe(false);
    }
  });
});
