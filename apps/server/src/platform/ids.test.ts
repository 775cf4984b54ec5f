import { describe, expect, it } from 'vitest';
import { validate, version } from 'uuid';
import { newId } from './ids.ts';

describe('newId', () => {
  it('makes valid, distinct UUIDv7s carrying the current time, increasing in creation order', () => {
    const before = Date.now();
    const ids = Array.from({ length: 20_000 }, () => newId());
    const after = Date.now();
    for (const id of ids.slice(0, 100)) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
      expect('89ab').toContain(id[19]!);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // 20,000 ids in a few milliseconds overflow the 12-bit counter: order holds across the rollover.
    expect([...ids].sort()).toEqual(ids);
    const ms = parseInt(ids[0]!.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after + 20);
  });
});
