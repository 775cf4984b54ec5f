import { describe, expect, it } from 'vitest';
import { rewriteMediaFilter } from './media-filter.ts';

describe('rewriteMediaFilter', () => {
  it('turns content.media $isEmpty into the builder forms, at any depth', () => {
    expect(rewriteMediaFilter({ entityId: 'p', 'content.media': { $isEmpty: true } })).toEqual({
      entityId: 'p',
      'content.media': null,
    });
    expect(
      rewriteMediaFilter({ $and: [{ 'content.media': { $isEmpty: false } }, { verified: true }] }),
    ).toEqual({
      $and: [{ 'content.media': { $ne: null } }, { verified: true }],
    });
    expect(rewriteMediaFilter({ $not: { 'content.media': { $isEmpty: true } } })).toEqual({
      $not: { 'content.media': null },
    });
  });

  it('keeps other operators beside $isEmpty, and leaves everything else as it is', () => {
    expect(rewriteMediaFilter({ 'content.media': { $isEmpty: false, $gt: 1 } })).toEqual({
      $and: [{ 'content.media': { $ne: null } }, { 'content.media': { $gt: 1 } }],
    });
    const other = { 'content.media': { $isEmpty: 'yes' }, 'content.rating': { $gte: 4 } };
    expect(rewriteMediaFilter(other)).toEqual(other);
    expect(rewriteMediaFilter(undefined)).toBeUndefined();
    expect(rewriteMediaFilter(null)).toBeNull();
  });
});
