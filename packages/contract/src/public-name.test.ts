import { describe, expect, it } from 'vitest';
import { publicName } from './public-name.ts';

describe('publicName', () => {
  it('is the nickname, else the first and last name, else nothing', () => {
    expect(publicName({ profile: { nickname: ' Countess ' }, contact: { firstName: 'Ada' } })).toBe(
      'Countess',
    );
    expect(
      publicName({ profile: { nickname: '' }, contact: { firstName: 'Ada', lastName: 'Lovelace' } }),
    ).toBe('Ada Lovelace');
    expect(publicName({ contact: { lastName: ' Lovelace ' } })).toBe('Lovelace');
    expect(
      publicName({ profile: { nickname: '  ' }, contact: { firstName: '', lastName: null } }),
    ).toBeNull();
    expect(publicName({})).toBeNull();
  });

  it('keeps to the 100 characters an author name takes', () => {
    expect(publicName({ profile: { nickname: 'x'.repeat(150) } })).toHaveLength(100);
  });
});
