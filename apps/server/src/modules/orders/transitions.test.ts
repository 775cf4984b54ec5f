import { orderStatus } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { canTransition, ORDER_TRANSITIONS, transitionOrder } from './transitions.ts';

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

  it('transitionOrder: the new status when the table allows it, else a 409 naming why', () => {
    const codeOf = (status: string, to: Parameters<typeof transitionOrder>[1]) => {
      try {
        return transitionOrder({ id: 'o-1', status }, to);
      } catch (e) {
        return e instanceof AppError ? `${e.status} ${e.code}` : String(e);
      }
    };
    expect(codeOf('INITIALIZED', 'APPROVED')).toBe('APPROVED');
    expect(codeOf('PENDING', 'APPROVED')).toBe('APPROVED');
    expect(codeOf('APPROVED', 'CANCELED')).toBe('CANCELED');
    expect(codeOf('APPROVED', 'APPROVED')).toBe('409 STATUS_ALREADY_SET');
    expect(codeOf('APPROVED', 'PENDING')).toBe('409 UNSUPPORTED_TRANSITION');
    expect(codeOf('CANCELED', 'APPROVED')).toBe('409 UNSUPPORTED_TRANSITION');
    // Every move to CANCELED answers with cancelOrder's codes.
    expect(codeOf('CANCELED', 'CANCELED')).toBe('409 ORDER_ALREADY_CANCELED');
    expect(codeOf('PENDING', 'CANCELED')).toBe('409 ORDER_IS_PENDING');
    expect(codeOf('REJECTED', 'CANCELED')).toBe('409 ORDER_IS_REJECTED');
  });
});
