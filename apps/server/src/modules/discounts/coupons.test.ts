import type { WireCoupon } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../platform/context.ts';
import type { DbHandle } from '../../platform/db/connect.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { testEngine } from '../../test/database.ts';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';
import { COUPON_FQDN } from './coupons.ts';
import { findCouponByCode, redeemCoupon } from './service.ts';
import { configRevision, eventsOf, expectAdminOnly, visitorToken } from '../../test/discounts.ts';

const COUPONS = '/stores/v2/coupons';
type One = { coupon: WireCoupon };
type Page = { coupons: WireCoupon[]; pagingMetadata: { cursors: { next: string | null } } };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const save10 = {
  name: 'Save 10',
  code: 'SAVE10',
  startTime: '2020-01-01T00:00:00.000Z',
  percentOffRate: 10,
  usageLimit: 1000,
  limitPerCustomer: 1,
};
async function create(spec: Record<string, unknown>): Promise<WireCoupon> {
  const r = await s.admin<{ id: string }>('POST', COUPONS, { specification: spec });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return (await s.admin<One>('GET', `${COUPONS}/${r.body.id}`)).body.coupon;
}

describe('coupons admin API', () => {
  it('creates a coupon (answering its id), reads it back in the hosted shape, writes the created event, bumps the configuration', async () => {
    const before = await configRevision(s);
    const r = await s.admin<{ id: string }>('POST', COUPONS, { specification: save10 });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['id']);
    const c = (await s.admin<One>('GET', `${COUPONS}/${r.body.id}`)).body.coupon;
    expect(c).toEqual({
      id: r.body.id,
      specification: {
        ...save10,
        limitedToOneItem: false,
        appliesToSubscriptions: false,
        active: true,
        scope: { namespace: 'stores' },
        type: 'PercentOff',
      },
      dateCreated: String(s.clock.now().getTime()),
      expired: false,
      numberOfUsages: 0,
      displayData: { name: 'Save 10' },
      revision: '1',
    });
    expect(await configRevision(s)).toBe(before + 1);
    const events = await eventsOf(s, COUPON_FQDN, c.id);
    expect(events.map((e) => e.eventType)).toEqual(['wix.marketing.v2.coupon_created']);
    expect(events[0]!.createdEvent?.entity).toEqual(c);
  });

  it('keeps codes unique ignoring case (409) and accepts epoch-millisecond times and decimal-string money', async () => {
    const dup = await s.admin('POST', COUPONS, { specification: { ...save10, code: 'save10', name: 'dup' } });
    expect(dup.status).toBe(409);
    expect(appError(dup.body).code).toBe('COUPON_CODE_ALREADY_EXISTS');
    const c = await create({
      name: '$5',
      code: 'FIVE',
      startTime: '1719390501000',
      moneyOffAmount: '5.5',
      minimumSubtotal: 20,
      scope: { namespace: 'stores', group: { name: 'product', entityId: 'p-1' } },
    });
    expect(c.specification).toMatchObject({
      startTime: new Date(1719390501000).toISOString(),
      moneyOffAmount: 5.5,
      minimumSubtotal: 20,
      type: 'MoneyOff',
    });
    const ship = await create({
      name: 'ship',
      code: 'SHIPFREE',
      startTime: save10.startTime,
      freeShipping: true,
    });
    expect(ship.specification).toMatchObject({ freeShipping: true, type: 'FreeShipping' });
    expect(ship.specification.scope).toBeUndefined();
  });

  it('refuses bad input and unsupported coupon kinds with field violations', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...save10, percentOffRate: undefined }, 'specification', 'REQUIRED_ONE_OF_FIELD'],
      [{ ...save10, moneyOffAmount: 5 }, 'specification', 'ONE_OF_ALIGNMENT'],
      [{ ...save10, code: 'has space' }, 'specification.code', 'FORMAT'],
      [{ ...save10, code: 'X'.repeat(21) }, 'specification.code', 'FORMAT'],
      [{ ...save10, name: undefined }, 'specification.name', 'REQUIRED_FIELD'],
      [{ ...save10, startTime: 'soon' }, 'specification.startTime', 'FORMAT'],
      [{ ...save10, percentOffRate: 101 }, 'specification.percentOffRate', 'MAX'],
      [{ ...save10, usageLimit: 0 }, 'specification.usageLimit', 'MIN'],
      [{ ...save10, limitPerCustomer: 1.5 }, 'specification.limitPerCustomer', 'VALIDATION'],
      [{ ...save10, limitedToOneItem: true }, 'specification.limitedToOneItem', 'FIELD_NOT_ALLOWED'],
      [
        { ...save10, percentOffRate: undefined, buyXGetY: { x: 2, y: 1 } },
        'specification.buyXGetY',
        'FIELD_NOT_ALLOWED',
      ],
      [
        { ...save10, scope: { namespace: 'stores', group: { name: 'brand', entityId: 'c' } } },
        'specification.scope.group.name',
        'VALIDATION',
      ],
      [{ ...save10, scope: { namespace: 'bookings' } }, 'specification.scope.namespace', 'VALIDATION'],
      [
        { ...save10, percentOffRate: undefined, moneyOffAmount: 1.005 },
        'specification.moneyOffAmount',
        'DECIMAL_MAX_SCALE',
      ],
      [
        { ...save10, expirationTime: '2019-01-01T00:00:00.000Z' },
        'specification.expirationTime',
        'VALIDATION',
      ],
      [
        { ...save10, percentOffRate: undefined, freeShipping: true, scope: { namespace: 'stores' } },
        'specification.scope',
        'FIELD_NOT_ALLOWED',
      ],
    ];
    for (const [spec, field, rule] of cases) {
      const r = await s.admin('POST', COUPONS, { specification: { ...spec, code: spec.code ?? undefined } });
      expect(r.status, field).toBe(400);
      expect(violations(r.body), JSON.stringify(spec)).toContainEqual(
        expect.objectContaining({ field, violatedRule: rule }),
      );
    }
  });

  it('updates the given fields (a new kind replaces the old), checks revision and code clashes, writes the updated event', async () => {
    const c = await create({ ...save10, code: 'UPD', name: 'upd' });
    const r = await s.admin<One>('PATCH', `${COUPONS}/${c.id}`, {
      id: c.id,
      revision: '1',
      specification: { moneyOffAmount: 3, usageLimit: null },
    });
    expect(r.status).toBe(200);
    expect(r.body.coupon.specification).toMatchObject({ moneyOffAmount: 3, type: 'MoneyOff', code: 'UPD' });
    expect(r.body.coupon.specification.percentOffRate).toBeUndefined();
    expect(r.body.coupon.specification.usageLimit).toBeUndefined();
    expect(r.body.coupon.revision).toBe('2');
    const stale = await s.admin('PATCH', `${COUPONS}/${c.id}`, {
      revision: '1',
      specification: { name: 'x' },
    });
    expect(stale.status).toBe(409);
    expect(appError(stale.body).code).toBe('REVISION_MISMATCH');
    const clash = await s.admin('PATCH', `${COUPONS}/${c.id}`, { specification: { code: 'Save10' } });
    expect(clash.status).toBe(409);
    expect(appError(clash.body).code).toBe('COUPON_CODE_ALREADY_EXISTS');
    const events = await eventsOf(s, COUPON_FQDN, c.id);
    expect(events.map((e) => e.slug)).toEqual(['created', 'updated']);
    expect(events[1]!.updatedEvent?.modifiedFields).toEqual({
      percentOffRate: 10,
      moneyOffAmount: null,
      usageLimit: 1000,
      type: 'PercentOff',
    });
  });

  it('deletes a coupon (deleted event), and queries with an object or JSON-string filter', async () => {
    const c = await create({ ...save10, code: 'GONE', name: 'gone' });
    expect((await s.admin('DELETE', `${COUPONS}/${c.id}`)).status).toBe(200);
    expect(appError((await s.admin('GET', `${COUPONS}/${c.id}`)).body).code).toBe('COUPON_NOT_FOUND');
    expect((await eventsOf(s, COUPON_FQDN, c.id)).map((e) => e.slug)).toEqual(['created', 'deleted']);
    const byObject = await s.admin<Page>('POST', `${COUPONS}/query`, {
      query: { filter: { 'specification.code': 'SAVE10' } },
    });
    expect(byObject.body.coupons.map((x) => x.specification.code)).toEqual(['SAVE10']);
    const byString = await s.admin<Page>('POST', `${COUPONS}/query`, {
      query: {
        filter: JSON.stringify({ 'specification.code': { $in: ['FIVE', 'SHIPFREE'] } }),
        sort: [{ fieldName: 'specification.code', order: 'ASC' }],
      },
    });
    expect(byString.body.coupons.map((x) => x.specification.code)).toEqual(['FIVE', 'SHIPFREE']);
    expect(
      violations((await s.admin('POST', `${COUPONS}/query`, { query: { filter: '{nope' } })).body)[0],
    ).toMatchObject({ field: 'query.filter', violatedRule: 'FORMAT' });
  });

  it('is for admins only: 401 without credentials, 403 for a visitor', async () => {
    const c = await create({ ...save10, code: 'GUARD', name: 'guard' });
    await expectAdminOnly(s, await visitorToken(s), [
      ['POST', COUPONS, { specification: save10 }],
      ['POST', `${COUPONS}/query`, {}],
      ['GET', `${COUPONS}/${c.id}`],
      ['PATCH', `${COUPONS}/${c.id}`, { specification: { name: 'x' } }],
      ['DELETE', `${COUPONS}/${c.id}`],
    ]);
  });
});

describe('coupon lookup and redemption', () => {
  it('finds a coupon by code ignoring case and spaces, with its counts; a switched-off coupon is not found', async () => {
    const c = await create({
      ...save10,
      code: 'Look-Up',
      name: 'look',
      minimumSubtotal: 50,
      expirationTime: '2099-01-01T00:00:00.000Z',
    });
    const db = s.db.handle.db;
    expect(await findCouponByCode(db, '  lOOk-uP ', 'member:m1')).toEqual({
      id: c.id,
      code: 'Look-Up',
      name: 'look',
      discount: { type: 'PERCENTAGE', scope: 'GLOBAL', value: 10 },
      activeTimeInfo: { start: new Date(save10.startTime), end: new Date('2099-01-01T00:00:00.000Z') },
      minimumSubtotalMinor: 5000,
      usageLimit: 1000,
      perCustomerLimit: 1,
      usedTotal: 0,
      usedByCustomer: 0,
    });
    const ctx = s.app.systemCtx();
    expect(await redeemCoupon(ctx, c.id, 'member:m1', 'order-1')).toBe('OK');
    expect(await redeemCoupon(ctx, c.id, 'member:m1', 'order-1')).toBe('OK');
    expect(await redeemCoupon(ctx, c.id, 'member:m1', 'order-2')).toBe(
      'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED',
    );
    expect(await findCouponByCode(db, 'LOOK-UP', 'member:m1')).toMatchObject({
      usedTotal: 1,
      usedByCustomer: 1,
    });
    expect(await findCouponByCode(db, 'LOOK-UP', 'email:x@example.test')).toMatchObject({
      usedTotal: 1,
      usedByCustomer: 0,
    });
    expect((await s.admin<One>('GET', `${COUPONS}/${c.id}`)).body.coupon.numberOfUsages).toBe(1);
    await s.admin('PATCH', `${COUPONS}/${c.id}`, { specification: { active: false } });
    expect(await findCouponByCode(db, 'look-up')).toBeUndefined();
    expect(await findCouponByCode(db, 'nothing')).toBeUndefined();
    const free = await findCouponByCode(db, 'shipfree');
    expect(free?.discount).toEqual({ type: 'PERCENTAGE', scope: 'SHIPPING', value: 100 });
    expect((await findCouponByCode(db, 'five'))?.discount).toEqual({
      type: 'FIXED_AMOUNT',
      scope: 'SPECIFIC_ITEMS',
      catalogItemIds: ['p-1'],
      value: 550,
    });
  });

  it('stops at the usage limit', async () => {
    const c = await create({
      name: 'two',
      code: 'TWO',
      startTime: save10.startTime,
      percentOffRate: 5,
      usageLimit: 2,
    });
    const ctx = s.app.systemCtx();
    expect(await redeemCoupon(ctx, c.id, 'email:a@x.test', 'o-a')).toBe('OK');
    expect(await redeemCoupon(ctx, c.id, 'email:b@x.test', 'o-b')).toBe('OK');
    expect(await redeemCoupon(ctx, c.id, 'email:c@x.test', 'o-c')).toBe('ERROR_COUPON_USAGE_EXCEEDED');
  });

  it.skipIf(testEngine() !== 'postgres')(
    'never exceeds the limits under concurrency: 50 parallel redemptions on separate pools, limit 5 → 5 (needs PostgreSQL)',
    async () => {
      const pools: DbHandle[] = [s.db.another(), s.db.another(), s.db.another()];
      try {
        const base = s.app.systemCtx();
        // As order creation runs it: in a transaction inTransaction opens, where the coupon's lock is
        // sent without waiting, with the statement that decides.
        const inTx = (i: number, fn: (ctx: Ctx) => Promise<string>) =>
          inTransaction({ ...base, db: pools[i % pools.length]!.db }, fn);
        const total = await create({
          name: 'five',
          code: 'RACE5',
          startTime: save10.startTime,
          percentOffRate: 5,
          usageLimit: 5,
        });
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            inTx(i, (ctx) => redeemCoupon(ctx, total.id, `email:c${i}@x.test`, `race-${i}`)),
          ),
        );
        expect(results.filter((r) => r === 'OK')).toHaveLength(5);
        expect(results.filter((r) => r !== 'OK').every((r) => r === 'ERROR_COUPON_USAGE_EXCEEDED')).toBe(
          true,
        );
        expect((await s.admin<One>('GET', `${COUPONS}/${total.id}`)).body.coupon.numberOfUsages).toBe(5);

        const perCustomer = await create({
          name: 'pc',
          code: 'RACEPC',
          startTime: save10.startTime,
          percentOffRate: 5,
          limitPerCustomer: 2,
        });
        const same = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            inTx(i, (ctx) => redeemCoupon(ctx, perCustomer.id, 'member:same', `pc-${i}`)),
          ),
        );
        expect(same.filter((r) => r === 'OK')).toHaveLength(2);
        expect(
          same.filter((r) => r !== 'OK').every((r) => r === 'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED'),
        ).toBe(true);
        expect(await findCouponByCode(s.db.handle.db, 'racepc', 'member:same')).toMatchObject({
          usedTotal: 2,
          usedByCustomer: 2,
        });
      } finally {
        for (const p of pools) await p.close();
      }
    },
  );
});
