/** The merchant's abandoned-checkout search as the platform's search object. */
import { describe, expect, it } from 'vitest';
import { abandonedSearchBody } from './abandoned-checkouts.ts';

describe('abandonedSearchBody', () => {
  it('sends the filter, sort and words on the first page, only the cursor on another', () => {
    expect(abandonedSearchBody({})).toEqual({
      search: {
        filter: {},
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        cursorPaging: { limit: 20 },
      },
    });
    expect(abandonedSearchBody({ text: ' ada ', status: 'RECOVERED', sort: 'total', limit: 50 })).toEqual({
      search: {
        filter: { status: 'RECOVERED' },
        sort: [{ fieldName: 'totalPrice.amount', order: 'DESC' }],
        cursorPaging: { limit: 50 },
        search: { expression: 'ada' },
      },
    });
    expect(abandonedSearchBody({ cursor: 'abc', text: 'ada', status: 'ABANDONED' })).toEqual({
      search: { cursorPaging: { limit: 20, cursor: 'abc' } },
    });
  });
});
