import type { Order } from '@vitrine/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, violations, type TestServer } from '../../test/server.ts';
import { createOrder, ok, orderBody, ordersServer } from '../../test/orders.ts';

let s: TestServer;
beforeAll(async () => {
  s = await ordersServer();
});
afterAll(async () => {
  await s?.stop();
});

const exportUrl = (search?: unknown, timeZone?: string) => {
  const q = new URLSearchParams();
  if (search !== undefined) q.set('search', JSON.stringify(search));
  if (timeZone) q.set('timeZone', timeZone);
  return `/ecom/v1/orders/export${q.size ? `?${q}` : ''}`;
};

/** The export as the merchant's spreadsheet reads it: rows of named columns. */
async function exported(search?: unknown, timeZone?: string) {
  const res = await fetch(s.url + exportUrl(search, timeZone), { headers: { authorization: ADMIN_KEY } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  expect(res.status, text).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(res.headers.get('content-disposition')).toMatch(
    /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect([...bytes.subarray(0, 3)], 'a byte-order mark first (Excel reads UTF-8)').toEqual([
    0xef, 0xbb, 0xbf,
  ]);
  expect(text).toContain('\r\n');
  const rows = parse(text, { bom: true, relax_column_count: false }) as string[][];
  const [head, ...body] = rows;
  return body.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i]!])));
}

const byNumber = (n: string) => ({ filter: { number: { $eq: Number(n) } } });

describe('orders export (CSV)', () => {
  it('writes one row per line item with the order on each, its totals on the first, quoted and safe', async () => {
    const order = await createOrder(
      s,
      orderBody({
        lines: [
          ['Mug, "large"\nblue', '4.50', 2],
          ['Shirt', '10.00', 1],
        ],
        shipping: '5.00',
        tax: '1.25',
        email: 'juergen@example.test',
        extra: {
          billingInfo: {
            address: { country: 'DE', addressLine: 'Hauptstraße 5', city: 'Berlin', postalCode: '10115' },
            contactDetails: {
              firstName: '=HYPERLINK("http://evil.test","x")',
              lastName: 'Müller',
              phone: '+49 30 1234',
            },
          },
          shippingInfo: {
            title: 'Standard',
            logistics: {
              shippingDestination: {
                address: {
                  country: 'US',
                  addressLine: '1 Main Street',
                  addressLine2: 'Apt 4B',
                  city: 'Springfield',
                  subdivision: 'US-IL',
                  postalCode: '62701',
                },
                contactDetails: { firstName: 'Ada', lastName: 'Lovelace' },
              },
            },
          },
          buyerNote: '-leave at the door',
        },
      }),
    );
    const rows = await exported(byNumber(order.number), 'Europe/Berlin');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [Record<string, string>, Record<string, string>];
    // The order's own columns on both rows.
    for (const r of rows) {
      expect(r).toMatchObject({
        Order: order.number,
        'Order status': 'APPROVED',
        Payment: order.paymentStatus,
        Fulfilment: 'NOT_FULFILLED',
        Archived: 'no',
        'E-mail': 'juergen@example.test',
        Currency: 'USD',
        Delivery: 'Standard',
        'Ship to': 'Ada Lovelace',
        Address: '1 Main Street, Apt 4B',
        City: 'Springfield',
        'Postal code': '62701',
        Country: 'United States',
        Region: 'IL',
        'Billing address': `'=HYPERLINK("http://evil.test","x") Müller, Hauptstraße 5, 10115 Berlin, Germany, +49 30 1234`,
      });
      // A buyer's text that a spreadsheet would run as a formula is written as text.
      expect(r.Customer).toBe(`'=HYPERLINK("http://evil.test","x") Müller`);
      expect(r['Buyer note']).toBe(`'-leave at the door`);
      expect(r.Phone).toBe(`'+49 30 1234`);
    }
    // Dates in the zone asked for: Berlin is an hour ahead of UTC in December's clock.
    const placed = new Date(order.createdDate);
    const berlin = new Date(placed.getTime() + 60 * 60 * 1000).toISOString();
    expect(first.Placed).toBe(`${berlin.slice(0, 10)} ${berlin.slice(11, 16)}`);
    expect(first).toMatchObject({
      Item: 'Mug, "large"\nblue',
      Quantity: '2',
      'Item price': '4.50',
      'Item total': '9.00',
    });
    expect(second).toMatchObject({
      Item: 'Shirt',
      Quantity: '1',
      'Item price': '10.00',
      'Item total': '10.00',
    });
    // Totals once per order, so a column's sum is the orders' sum.
    expect(first).toMatchObject({ Subtotal: '19.00', Shipping: '5.00', Tax: '1.25', Total: '25.25' });
    expect([second.Subtotal, second.Shipping, second.Tax, second.Total, second.Paid]).toEqual([
      '',
      '',
      '',
      '',
      '',
    ]);
  });

  it('exports what the filter finds, in the sort asked for, across pages of the search', async () => {
    const tag = `export-${Date.now()}`;
    const made: Order[] = [];
    for (let i = 0; i < 105; i += 15) {
      made.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(15, 105 - i) }, () =>
            createOrder(s, orderBody({ extra: { tags: { tags: { tagIds: [tag] } } } })),
          ),
        )),
      );
    }
    await createOrder(s); // not tagged: left out
    const rows = await exported({
      filter: { 'tags.tags.tagIds': { $hasAll: [tag] } },
      sort: [{ fieldName: 'number', order: 'ASC' }],
    });
    expect(rows.map((r) => r.Order)).toEqual(made.map((o) => o.number).sort((a, b) => Number(a) - Number(b)));
    expect(new Set(rows.map((r) => r.Tags))).toEqual(new Set([tag]));
    // Without a zone, UTC.
    const one = made[0]!;
    const [row] = await exported(byNumber(one.number));
    expect(row!.Placed).toBe(`${one.createdDate.slice(0, 10)} ${one.createdDate.slice(11, 16)}`);
  });

  it('answers a filter that finds nothing with the header alone, and an archived order says so', async () => {
    expect(await exported({ filter: { number: { $eq: 999_999_999 } } })).toEqual([]);
    const order = await createOrder(s);
    ok(
      await s.admin('PATCH', `/ecom/v1/orders/${order.id}`, {
        order: { archived: true },
        fieldMask: 'archived',
      }),
    );
    const [row] = await exported(byNumber(order.number));
    expect(row!.Archived).toBe('yes');
  });

  it('refuses bad input with the error envelope, never a broken download', async () => {
    const bad = async (path: string, field: string) => {
      const res = await s.admin('GET', path);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(violations(res.body).map((v) => v.field)).toContain(field);
    };
    await bad('/ecom/v1/orders/export?search=%7Bnot%20json', 'search');
    await bad(exportUrl({ filter: { number: { $like: 1 } } }), 'search.filter');
    await bad(exportUrl({ cursorPaging: { limit: 5 } }), 'search.cursorPaging');
    await bad(exportUrl(undefined, 'Mars/Olympus_Mons'), 'timeZone');
    await bad('/ecom/v1/orders/export?limit=5', 'limit');
    for (const auth of ['visitor:v-export', 'member:m-export']) {
      expect((await s.request('GET', '/ecom/v1/orders/export', { auth })).status).toBe(403);
    }
    expect((await s.request('GET', '/ecom/v1/orders/export')).status).toBe(401);
  });
});
