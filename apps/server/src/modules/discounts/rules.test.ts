import type { WireDiscountRule } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';
import { RULE_FQDN } from './rules.ts';
import { loadDiscountRules, recordDiscountRuleUsage } from './service.ts';
import { configRevision, eventsOf, expectAdminOnly, visitorToken } from '../../test/discounts.ts';

const RULES = '/ecom/v1/discount-rules';
type One = { discountRule: WireDiscountRule };
type Page = {
  discountRules: WireDiscountRule[];
  pagingMetadata: { count: number; cursors: { next: string | null } };
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const tenOffShirts = {
  name: '10% off shirts',
  discounts: {
    values: [
      {
        targetType: 'SPECIFIC_ITEMS',
        discountType: 'PERCENTAGE',
        percentage: 10,
        specificItemsInfo: {
          scopes: [
            {
              id: 'shirts',
              type: 'CATALOG_ITEM',
              catalogItemFilter: { catalogAppId: 'stores', catalogItemIds: ['p-1', 'p-2'] },
            },
          ],
        },
      },
    ],
  },
};
const create = (rule: unknown) => s.admin<One>('POST', RULES, { discountRule: rule });

describe('discount rules', () => {
  it('creates a rule, answers it with a derived status, writes the created event and bumps the configuration revision', async () => {
    const before = await configRevision(s);
    const r = await create(tenOffShirts);
    expect(r.status).toBe(200);
    const rule = r.body.discountRule;
    expect(rule).toMatchObject({
      name: '10% off shirts',
      active: true,
      status: 'LIVE',
      usageCount: 0,
      revision: '1',
      createdDate: s.clock.now().toISOString(),
    });
    expect(rule.discounts.values).toEqual([tenOffShirts.discounts.values[0]]);
    expect(await configRevision(s)).toBe(before + 1);
    expect((await s.admin<One>('GET', `${RULES}/${rule.id}`)).body.discountRule).toEqual(rule);
    const events = await eventsOf(s, RULE_FQDN, rule.id);
    expect(events.map((e) => e.eventType)).toEqual(['wix.ecom.discounts.v1.discount_rule_created']);
    expect(events[0]!.createdEvent?.entity).toEqual(rule);
  });

  it('derives PENDING / LIVE / EXPIRED from the clock (start inclusive, end exclusive)', async () => {
    const now = s.clock.now().getTime();
    const start = new Date(now + 3_600_000).toISOString();
    const end = new Date(now + 7_200_000).toISOString();
    const r = await create({ ...tenOffShirts, name: 'later', activeTimeInfo: { start, end } });
    expect(r.body.discountRule).toMatchObject({ status: 'PENDING', activeTimeInfo: { start, end } });
    const get = async () =>
      (await s.admin<One>('GET', `${RULES}/${r.body.discountRule.id}`)).body.discountRule.status;
    s.clock.set(start);
    expect(await get()).toBe('LIVE');
    s.clock.set(end);
    expect(await get()).toBe('EXPIRED');
    s.clock.set(new Date(now));
  });

  it('stores FIXED_AMOUNT / FIXED_PRICE as decimal strings of the store currency, GLOBAL and SHIPPING without scopes', async () => {
    const a = await create({
      name: '$5 off',
      discounts: { values: [{ targetType: 'GLOBAL', discountType: 'FIXED_AMOUNT', fixedAmount: '5' }] },
    });
    expect(a.body.discountRule.discounts.values[0]).toEqual({
      targetType: 'GLOBAL',
      discountType: 'FIXED_AMOUNT',
      fixedAmount: '5.00',
    });
    const b = await create({
      name: 'Shipping at 1',
      discounts: { values: [{ targetType: 'SHIPPING', discountType: 'FIXED_PRICE', fixedPrice: '1.5' }] },
    });
    expect(b.body.discountRule.discounts.values[0]).toEqual({
      targetType: 'SHIPPING',
      discountType: 'FIXED_PRICE',
      fixedPrice: '1.50',
    });
  });

  it('refuses bad input with field violations, and what the calculator cannot express with a clear violation', async () => {
    const cases: [unknown, string, string][] = [
      [{ ...tenOffShirts, name: undefined }, 'discountRule.name', 'REQUIRED_FIELD'],
      [{ ...tenOffShirts, name: 'x'.repeat(51) }, 'discountRule.name', 'MAX_LENGTH'],
      [
        { ...tenOffShirts, trigger: { triggerType: 'CUSTOM', customTrigger: { id: 'happy-hour' } } },
        'discountRule.trigger.customTrigger',
        'FIELD_NOT_ALLOWED',
      ],
      [
        {
          name: 'two',
          discounts: { values: [tenOffShirts.discounts.values[0], tenOffShirts.discounts.values[0]] },
        },
        'discountRule.discounts.values',
        'EXACT_SIZE',
      ],
      [
        {
          name: 'p',
          discounts: { values: [{ targetType: 'GLOBAL', discountType: 'PERCENTAGE', percentage: 150 }] },
        },
        'discountRule.discounts.values.0.percentage',
        'MAX',
      ],
      [
        { name: 'p', discounts: { values: [{ targetType: 'GLOBAL', discountType: 'PERCENTAGE' }] } },
        'discountRule.discounts.values.0.percentage',
        'REQUIRED_FIELD',
      ],
      [
        {
          name: 'p',
          discounts: {
            values: [
              { targetType: 'GLOBAL', discountType: 'PERCENTAGE', percentage: 5, fixedAmount: '1.00' },
            ],
          },
        },
        'discountRule.discounts.values.0.fixedAmount',
        'FIELD_NOT_ALLOWED',
      ],
      [
        {
          name: 'p',
          discounts: {
            values: [{ targetType: 'GLOBAL', discountType: 'FIXED_AMOUNT', fixedAmount: '1.001' }],
          },
        },
        'discountRule.discounts.values.0.fixedAmount',
        'DECIMAL_MAX_SCALE',
      ],
      [
        {
          name: 'p',
          discounts: { values: [{ targetType: 'GLOBAL', discountType: 'FIXED_AMOUNT', fixedAmount: '-1' }] },
        },
        'discountRule.discounts.values.0.fixedAmount',
        'DECIMAL_GTE',
      ],
      [
        {
          name: 'p',
          discounts: { values: [{ targetType: 'BUY_X_GET_Y', discountType: 'PERCENTAGE', percentage: 5 }] },
        },
        'discountRule.discounts.values.0.targetType',
        'INVALID_ENUM_VALUE',
      ],
      [
        {
          name: 'p',
          discounts: {
            values: [{ targetType: 'SPECIFIC_ITEMS', discountType: 'PERCENTAGE', percentage: 5 }],
          },
        },
        'discountRule.discounts.values.0.specificItemsInfo',
        'REQUIRED_FIELD',
      ],
      [
        {
          name: 'p',
          discounts: {
            values: [
              {
                targetType: 'SPECIFIC_ITEMS',
                discountType: 'PERCENTAGE',
                percentage: 5,
                specificItemsInfo: { scopes: [{ type: 'CATALOG_ITEM' }] },
              },
            ],
          },
        },
        'discountRule.discounts.values.0.specificItemsInfo.scopes.0.catalogItemFilter',
        'REQUIRED_FIELD',
      ],
      [
        {
          name: 'p',
          discounts: {
            values: [
              {
                targetType: 'SPECIFIC_ITEMS',
                discountType: 'PERCENTAGE',
                percentage: 5,
                specificItemsInfo: { scopes: [{ type: 'CUSTOM_FILTER', customFilter: { appId: 'a' } }] },
              },
            ],
          },
        },
        'discountRule.discounts.values.0.specificItemsInfo.scopes.0.customFilter.params',
        'VALIDATION',
      ],
      [
        {
          ...tenOffShirts,
          activeTimeInfo: { start: '2030-01-02T00:00:00.000Z', end: '2030-01-01T00:00:00.000Z' },
        },
        'discountRule.activeTimeInfo.end',
        'VALIDATION',
      ],
      [
        { ...tenOffShirts, activeTimeInfo: { start: 'tomorrow' } },
        'discountRule.activeTimeInfo.start',
        'FORMAT',
      ],
      [{ ...tenOffShirts, colour: 'red' }, 'discountRule.colour', 'FIELD_NOT_ALLOWED'],
      [
        { name: 'q', discounts: { values: [{ targetType: 'GLOBAL', discountType: 'QUANTITY_BASED' }] } },
        'discountRule.discounts.values.0.quantityBased',
        'REQUIRED_FIELD',
      ],
      [
        {
          name: 'q',
          discounts: {
            values: [
              {
                targetType: 'SHIPPING',
                discountType: 'QUANTITY_BASED',
                quantityBased: { configurations: [{ quantity: 3, price: '10' }] },
              },
            ],
          },
        },
        'discountRule.discounts.values.0.targetType',
        'VALIDATION',
      ],
      [
        {
          name: 'q',
          discounts: {
            values: [
              {
                targetType: 'GLOBAL',
                discountType: 'QUANTITY_BASED',
                quantityBased: { configurations: [{ quantity: 1, price: '10' }] },
              },
            ],
          },
        },
        'discountRule.discounts.values.0.quantityBased.configurations.0.quantity',
        'MIN',
      ],
    ];
    const before = await configRevision(s);
    for (const [rule, field, rule_] of cases) {
      const r = await create(rule);
      expect(r.status, field).toBe(400);
      expect(violations(r.body), JSON.stringify(rule)).toContainEqual(
        expect.objectContaining({ field, violatedRule: rule_ }),
      );
    }
    expect(await configRevision(s)).toBe(before);
  });

  it('updates the fields given under the current revision, refuses a stale one (409), and writes the updated event', async () => {
    const rule = (await create({ ...tenOffShirts, name: 'to update' })).body.discountRule;
    const r = await s.admin<One>('PATCH', `${RULES}/${rule.id}`, {
      discountRule: { id: rule.id, revision: rule.revision, name: 'updated', active: false },
    });
    expect(r.status).toBe(200);
    expect(r.body.discountRule).toMatchObject({
      name: 'updated',
      active: false,
      revision: '2',
      discounts: rule.discounts,
    });
    const stale = await s.admin('PATCH', `${RULES}/${rule.id}`, {
      discountRule: { revision: rule.revision, name: 'lost' },
    });
    expect(stale.status).toBe(409);
    expect(appError(stale.body)).toMatchObject({
      code: 'REVISION_MISMATCH',
      data: { expected: '1', actual: '2' },
    });
    const noRevision = await s.admin('PATCH', `${RULES}/${rule.id}`, { discountRule: { name: 'lost' } });
    expect(violations(noRevision.body)).toContainEqual(
      expect.objectContaining({ field: 'discountRule.revision', violatedRule: 'REQUIRED_FIELD' }),
    );
    const events = await eventsOf(s, RULE_FQDN, rule.id);
    expect(events.map((e) => e.slug)).toEqual(['created', 'updated']);
    expect(events[1]!.updatedEvent).toEqual({
      currentEntity: r.body.discountRule,
      modifiedFields: { name: 'to update', active: true },
    });
    const badValue = await s.admin('PATCH', `${RULES}/${rule.id}`, {
      discountRule: {
        revision: '2',
        discounts: { values: [{ targetType: 'GLOBAL', discountType: 'FIXED_PRICE' }] },
      },
    });
    expect(violations(badValue.body)).toContainEqual(
      expect.objectContaining({
        field: 'discountRule.discounts.values.0.fixedPrice',
        violatedRule: 'REQUIRED_FIELD',
      }),
    );
    expect(
      (
        await s.admin('PATCH', `${RULES}/0190a000-0000-7000-8000-00000000dead`, {
          discountRule: { revision: '1', name: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('deletes a rule with a deleted event; later reads are 404', async () => {
    const rule = (await create({ ...tenOffShirts, name: 'to delete' })).body.discountRule;
    const d = await s.admin('DELETE', `${RULES}/${rule.id}`);
    expect(d.status).toBe(200);
    expect(d.body).toEqual({});
    const again = await s.admin('GET', `${RULES}/${rule.id}`);
    expect(again.status).toBe(404);
    expect(appError(again.body).code).toBe('DISCOUNT_RULE_NOT_FOUND');
    expect((await s.admin('DELETE', `${RULES}/${rule.id}`)).status).toBe(404);
    const events = await eventsOf(s, RULE_FQDN, rule.id);
    expect(events.map((e) => e.eventType)).toEqual([
      'wix.ecom.discounts.v1.discount_rule_created',
      'wix.ecom.discounts.v1.discount_rule_deleted',
    ]);
  });

  it('queries with filter, sort and cursor paging over an allowlist', async () => {
    for (const n of ['q-a', 'q-b', 'q-c']) await create({ ...tenOffShirts, name: n });
    const first = await s.admin<Page>('POST', `${RULES}/query`, {
      query: {
        filter: { name: { $startsWith: 'q-' } },
        sort: [{ fieldName: 'name', order: 'DESC' }],
        cursorPaging: { limit: 2 },
      },
    });
    expect(first.status).toBe(200);
    expect(first.body.discountRules.map((r) => r.name)).toEqual(['q-c', 'q-b']);
    const next = await s.admin<Page>('POST', `${RULES}/query`, {
      query: { cursorPaging: { cursor: first.body.pagingMetadata.cursors.next, limit: 2 } },
    });
    expect(next.body.discountRules.map((r) => r.name)).toEqual(['q-a']);
    const bad = await s.admin('POST', `${RULES}/query`, { query: { filter: { secret: 'x' } } });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)[0]).toMatchObject({ field: 'query.filter' });
  });

  it('lets the loader return every active rule as the calculator takes it', async () => {
    const a = (
      await create({
        name: 'loader pct',
        discounts: {
          values: [
            {
              targetType: 'SPECIFIC_ITEMS',
              discountType: 'PERCENTAGE',
              percentage: 12.5,
              specificItemsInfo: {
                scopes: [{ catalogItemFilter: { catalogAppId: 'stores', catalogItemIds: ['p-9'] } }],
              },
            },
          ],
        },
        activeTimeInfo: { end: '2099-01-01T00:00:00.000Z' },
      })
    ).body.discountRule;
    const off = (await create({ ...tenOffShirts, name: 'loader off', active: false })).body.discountRule;
    const rules = await loadDiscountRules(s.db.handle.db);
    expect(rules.find((r) => r.id === a.id)).toEqual({
      id: a.id,
      name: 'loader pct',
      type: 'PERCENTAGE',
      scope: 'SPECIFIC_ITEMS',
      value: 12.5,
      catalogItemIds: ['p-9'],
      activeTimeInfo: { end: new Date('2099-01-01T00:00:00.000Z') },
    });
    expect(rules.find((r) => r.id === off.id)).toBeUndefined();
    const fixed = rules.find((r) => r.name === '$5 off');
    expect(fixed).toMatchObject({ type: 'FIXED_AMOUNT', scope: 'GLOBAL', value: 500 });
    await recordDiscountRuleUsage(s.app.systemCtx(), [a.id, a.id, off.id]);
    expect((await s.admin<One>('GET', `${RULES}/${a.id}`)).body.discountRule.usageCount).toBe(1);
    expect((await s.admin<One>('GET', `${RULES}/${off.id}`)).body.discountRule.usageCount).toBe(1);
  });

  it('is for admins only: 401 without credentials, 403 for a visitor', async () => {
    const id = (await create({ ...tenOffShirts, name: 'guarded' })).body.discountRule.id;
    await expectAdminOnly(s, await visitorToken(s), [
      ['POST', RULES, { discountRule: tenOffShirts }],
      ['POST', `${RULES}/query`, {}],
      ['GET', `${RULES}/${id}`],
      ['PATCH', `${RULES}/${id}`, { discountRule: { revision: '1', name: 'x' } }],
      ['DELETE', `${RULES}/${id}`],
    ]);
  });
});
