/** Typed URLs: links carry only what a page reads, and reading a URL never trusts it. */
import { describe, expect, it } from 'vitest';
import { ordersUrls } from '../features/orders/urls.ts';
import { param, route } from './url.ts';

describe('route()', () => {
  it('builds links with path parameters and the search values, defaults left out', () => {
    expect(ordersUrls.list.href()).toBe('/orders');
    expect(ordersUrls.list.href({ payment: ['NOT_PAID'], status: ['APPROVED'], q: undefined, tag: [] })).toBe(
      '/orders?payment=NOT_PAID&status=APPROVED',
    );
    expect(ordersUrls.detail.href({ id: 'a/b' }, { dialog: 'refund' })).toBe('/orders/a%2Fb?dialog=refund');
    expect(ordersUrls.list.href({ tag: ['gift', 'vip'], from: '2026-01-31' })).toBe(
      '/orders?from=2026-01-31&tag=gift&tag=vip',
    );
  });

  it('parses a URL, dropping what the page does not understand', () => {
    const s = ordersUrls.list.parse(
      new URLSearchParams(
        'payment=PAID&payment=BOGUS&from=yesterday&sort=cheapest&q=%20ada%20&tag=a&tag=a&extra=1',
      ),
    );
    expect(s).toEqual({
      q: 'ada',
      payment: ['PAID'],
      fulfilment: [],
      status: [],
      from: undefined,
      to: undefined,
      tag: ['a'],
      archived: undefined,
      sort: undefined,
      cursor: undefined,
    });
    expect(ordersUrls.detail.parse(new URLSearchParams('dialog=explode'))).toEqual({ dialog: undefined });
  });

  it('round-trips what it formats', () => {
    const r = route('/x/:a/y/:b', { n: param.oneOf(['1', '2']), t: param.token() });
    const href = r.href({ a: '1', b: '2' }, { n: '2', t: 'c u r' });
    expect(href).toBe('/x/1/y/2?n=2&t=c+u+r');
    expect(r.parse(new URLSearchParams(href.split('?')[1]))).toEqual({ n: '2', t: 'c u r' });
  });
});
