import { describe, expect, it } from 'vitest';
import { repeatedNumbers } from './bulk-fulfil.tsx';

describe('repeatedNumbers', () => {
  it('marks every order whose tracking number another order has, and none left empty', () => {
    const numbers = new Map([
      ['a', '1Z999'],
      ['b', ''],
      ['c', '1Z999'],
      ['d', '1Z111'],
      ['e', ''],
    ]);
    expect(repeatedNumbers(numbers)).toEqual({
      a: 'Another order has this tracking number.',
      c: 'Another order has this tracking number.',
    });
  });

  it('is empty when each number is given once', () => {
    expect(
      repeatedNumbers(
        new Map([
          ['a', '1'],
          ['b', '2'],
        ]),
      ),
    ).toEqual({});
  });
});
