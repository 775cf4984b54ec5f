/**
 * Set-based seeding for the benches that need a big store: members, orders and products, each made
 * up to a target count with one or two SQL statements (only what is missing is added).
 */
import type pg from 'pg';
import { api, BENCH_ADMIN_KEY, STORES_APP_ID } from './lib.ts';

const count = async (db: pg.Client, table: string) =>
  Number((await db.query(`select count(*) from ${table}`)).rows[0].count);

/** Members (and their identities, sharing ids): a fifth PENDING or BLOCKED, a third PRIVATE. */
export async function seedMembers(db: pg.Client, target: number): Promise<number> {
  const have = await count(db, 'member');
  if (have >= target) return 0;
  await db.query(`
    with s as (
      select gen_random_uuid() as id, g as n, now() - (g || ' seconds')::interval as at
      from generate_series(${have + 1}, ${target}) g),
    i as (
      insert into identity (id, email, email_verified, status, revision, created_at, updated_at)
      select id, 'member' || n || '@bench.example', true, 'ACTIVE', 1, at, at from s returning id)
    insert into member (id, login_email, login_email_verified, status, activity_status, privacy_status, contact, profile, slug, created_at, updated_at)
    select s.id, 'member' || n || '@bench.example', true,
      (array['APPROVED','APPROVED','APPROVED','PENDING','BLOCKED'])[1 + n % 5], 'ACTIVE', case when n % 3 = 0 then 'PRIVATE' else 'PUBLIC' end,
      jsonb_build_object('firstName', 'First' || n, 'lastName', 'Last' || (n % 997)),
      jsonb_build_object('nickname', substr(md5(n::text), 1, 8), 'slug', 'member-' || n),
      'member-' || n, at, at
    from s join i on i.id = s.id`);
  await settle(db, 'member');
  return target - have;
}

/**
 * Orders: three real ones made through the API, copied with other numbers, dates (one a minute
 * back from now), statuses, 20,000 buyer e-mails and tags (vip on 1 in 50, gift on 1 in 7).
 */
export async function seedOrders(db: pg.Client, base: string, target: number): Promise<number> {
  let have = await count(db, 'ecom_order');
  if (have === 0) {
    for (let i = 0; i < 3; i++) {
      await api(base, '/ecom/v1/orders', {
        auth: BENCH_ADMIN_KEY,
        body: {
          order: {
            channelInfo: { type: 'WEB' },
            lineItems: [
              {
                productName: { original: `Shirt ${i}` },
                catalogReference: { catalogItemId: `item-${i}`, appId: STORES_APP_ID },
                quantity: 1 + i,
                price: { amount: '10.00' },
                itemType: { preset: 'PHYSICAL' },
              },
            ],
            priceSummary: {
              subtotal: { amount: `${10 * (1 + i)}.00` },
              total: { amount: `${10 * (1 + i)}.00` },
            },
            currency: 'USD',
            buyerInfo: { email: `seed${i}@bench.example` },
            billingInfo: { address: { country: 'US', addressLine: '1 Main St' } },
          },
        },
      });
    }
    have = 3;
  }
  if (have >= target) return 0;
  await db.query(
    `with seeds as (select (row_number() over (order by created_at) - 1)::int as k, * from ecom_order limit 3)
     insert into ecom_order (id, number, status, payment_status, fulfillment_status, buyer_email, channel_type,
       currency, subtotal_minor, total_minor, tags, data, revision, purchased_at, created_at, updated_at)
     select gen_random_uuid(), 10000000 + g,
       (array['APPROVED','APPROVED','APPROVED','APPROVED','CANCELED'])[1 + g % 5],
       (array['PAID','PAID','NOT_PAID','PARTIALLY_REFUNDED','FULLY_REFUNDED','PENDING_MERCHANT'])[1 + g % 6],
       (array['NOT_FULFILLED','FULFILLED','FULFILLED','PARTIALLY_FULFILLED'])[1 + g % 4],
       'buyer' || (g % 20000) || '@bench.example', o.channel_type, o.currency, o.subtotal_minor, o.total_minor,
       case when g % 50 = 0 then array['vip'] when g % 7 = 0 then array['gift'] else '{}' end,
       o.data, 1, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, now()
     from generate_series($1::int, $2::int) g join seeds o on o.k = g % 3`,
    [have + 1, target],
  );
  await settle(db, 'ecom_order');
  return target - have;
}

const ADJECTIVES = ['red', 'blue', 'green', 'linen', 'wool', 'cotton', 'classic', 'slim', 'vintage', 'soft'];
const NOUNS = ['shirt', 'mug', 'scarf', 'lamp', 'notebook', 'poster', 'sock', 'bag', 'cap', 'candle'];

/**
 * Products with one variant and one inventory item each: names from two word lists and a number
 * ("Red Shirt 1234"), prices from 1.00 to 100.00, one in 20 hidden, one in 10 out of stock.
 */
export async function seedProducts(db: pg.Client, target: number): Promise<number> {
  const have = await count(db, 'catalog_product');
  if (have >= target) return 0;
  await db.query(
    `with s as (
       select gen_random_uuid() as id, gen_random_uuid() as variant, g as n,
         now() - (g || ' seconds')::interval as at, 100 + (g * 37) % 9900 as price
       from generate_series($1::int, $2::int) g),
     p as (
       insert into catalog_product (id, name, slug, visible, product_type, item_type, min_price, max_price, revision, created_at, updated_at)
       select id, initcap(($3::text[])[1 + n % 10]) || ' ' || initcap(($4::text[])[1 + (n / 10) % 10]) || ' ' || n,
         'bench-product-' || n, n % 20 <> 0, 'PHYSICAL', 'PHYSICAL', price, price, 1, at, at from s returning id),
     v as (
       insert into catalog_variant (id, product_id, position, choices, price, visible)
       select s.variant, s.id, 0, '[]', s.price, true from s join p on p.id = s.id returning id)
     insert into catalog_inventory_item (id, variant_id, product_id, tracked, quantity, revision, created_at, updated_at)
     select gen_random_uuid(), s.variant, s.id, true, case when n % 10 = 0 then 0 else 50 end, 1, at, at
     from s join v on v.id = s.variant`,
    [have + 1, target, ADJECTIVES, NOUNS],
  );
  await settle(db, 'catalog_product', 'catalog_variant', 'catalog_inventory_item');
  return target - have;
}

export const SEARCH_WORDS = [...ADJECTIVES, ...NOUNS];

/**
 * Vacuums and analyzes freshly seeded tables: a store that grew to this size over months has had
 * autovacuum set their visibility maps (index-only scans then skip the heap), which a bulk insert
 * a second ago has not (an index-only scan of the orders fetched 1,050 rows from the heap for 21).
 */
async function settle(db: pg.Client, ...tables: string[]): Promise<void> {
  for (const t of tables) await db.query(`vacuum (analyze) ${t}`);
}
