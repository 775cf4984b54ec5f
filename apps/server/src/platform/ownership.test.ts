import { describe, expect, it } from 'vitest';
import { ownerScope, ownsRecord } from './ownership.ts';

describe('who owns a shopper record (the rule orders and payments share)', () => {
  const m = { role: 'member', memberId: 'm1', visitorId: 'v1' } as const;
  it('a member: its own, and its visitor session’s records without a member', () => {
    expect(ownsRecord(m, { memberId: 'm1' })).toBe(true);
    expect(ownsRecord(m, { memberId: 'm1', visitorId: 'v9' })).toBe(true);
    expect(ownsRecord(m, { visitorId: 'v1', memberId: null })).toBe(true);
    expect(ownsRecord(m, { visitorId: 'v1', memberId: 'm2' })).toBe(false);
    expect(ownsRecord(m, { visitorId: 'v2' })).toBe(false);
    expect(ownsRecord({ role: 'member', memberId: 'm1' }, { visitorId: 'v1' })).toBe(false);
  });
  it('a visitor: its records without a member; an admin all; nobody else any', () => {
    const v = { role: 'visitor', visitorId: 'v1' } as const;
    expect(ownsRecord(v, { visitorId: 'v1' })).toBe(true);
    expect(ownsRecord(v, { visitorId: 'v1', memberId: 'm1' })).toBe(false);
    expect(ownsRecord(v, {})).toBe(false);
    expect(ownsRecord({ role: 'admin' }, { memberId: 'x' })).toBe(true);
    expect(ownsRecord({ role: 'anonymous' }, { visitorId: 'v1' })).toBe(false);
    expect(ownerScope({ role: 'anonymous' })).toBe('none');
  });
});
