import type { WireAdditionalFee, WireTaxRate } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';
import { configRevision, eventsOf, expectAdminOnly, visitorToken } from '../../test/discounts.ts';
import { FEE_FQDN } from './fees.ts';
import { TAX_RATE_FQDN } from './rates.ts';
import { loadTaxConfig } from './service.ts';

const RATES = '/ecom/v1/tax-rates';
const FEES = '/ecom/v1/additional-fees';
type Rate = { taxRate: WireTaxRate };
type Fee = { additionalFee: WireAdditionalFee };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const createRate = (rate: unknown) => s.admin<Rate>('POST', RATES, { taxRate: rate });
const createFee = (fee: unknown) => s.admin<Fee>('POST', FEES, { additionalFee: fee });

describe('tax rates', () => {
  it('creates rates (subdivision in full ISO 3166-2), writes events, bumps the configuration; one rate per place (409)', async () => {
    const before = await configRevision(s);
    const ny = await createRate({
      name: 'New York',
      rateType: 'MANUAL_RATE',
      country: 'US',
      subdivision: 'NY',
      rate: '8.875',
    });
    expect(ny.status).toBe(200);
    expect(ny.body.taxRate).toMatchObject({
      name: 'New York',
      rateType: 'MANUAL_RATE',
      country: 'US',
      subdivision: 'US-NY',
      rate: '8.875',
      revision: '1',
    });
    expect(await configRevision(s)).toBe(before + 1);
    expect((await s.admin<Rate>('GET', `${RATES}/${ny.body.taxRate.id}`)).body.taxRate).toEqual(
      ny.body.taxRate,
    );
    expect((await eventsOf(s, TAX_RATE_FQDN, ny.body.taxRate.id)).map((e) => e.eventType)).toEqual([
      'vitrine.ecom.v1.tax_rate_created',
    ]);
    const dup = await createRate({
      name: 'NY again',
      rateType: 'MANUAL_RATE',
      country: 'US',
      subdivision: 'US-NY',
      rate: '4',
    });
    expect(dup.status).toBe(409);
    expect(appError(dup.body).code).toBe('TAX_RATE_ALREADY_EXISTS');
    expect(
      (await createRate({ name: 'US', rateType: 'NO_TAX_COLLECTED', country: 'US' })).body.taxRate,
    ).toMatchObject({ rate: '0', subdivision: null });
    expect((await createRate({ name: 'Rest of world', rateType: 'FALLBACK_RATE', rate: '0' })).status).toBe(
      200,
    );
    expect(
      appError((await createRate({ name: 'Another fallback', rateType: 'FALLBACK_RATE', rate: '5' })).body)
        .code,
    ).toBe('TAX_RATE_ALREADY_EXISTS');
  });

  it('refuses AUTO_RATE with a clear violation, and other bad input', async () => {
    const cases: [unknown, string, string][] = [
      [{ name: 'auto', rateType: 'AUTO_RATE', country: 'US' }, 'taxRate.rateType', 'VALIDATION'],
      [
        { name: 'x', rateType: 'SOMETIMES', country: 'US', rate: '1' },
        'taxRate.rateType',
        'INVALID_ENUM_VALUE',
      ],
      [{ name: 'x', rateType: 'MANUAL_RATE', rate: '1' }, 'taxRate.country', 'REQUIRED_FIELD'],
      [{ name: 'x', rateType: 'MANUAL_RATE', country: 'FR' }, 'taxRate.rate', 'REQUIRED_FIELD'],
      [{ name: 'x', rateType: 'MANUAL_RATE', country: 'FR', rate: '101' }, 'taxRate.rate', 'DECIMAL_LTE'],
      [
        { name: 'x', rateType: 'MANUAL_RATE', country: 'FR', rate: '1.23456' },
        'taxRate.rate',
        'DECIMAL_MAX_SCALE',
      ],
      [{ name: 'x', rateType: 'MANUAL_RATE', country: 'FR', rate: 'twenty' }, 'taxRate.rate', 'FORMAT'],
      [{ name: 'x', rateType: 'MANUAL_RATE', country: 'France', rate: '20' }, 'taxRate.country', 'FORMAT'],
      [
        { name: 'x', rateType: 'MANUAL_RATE', country: 'FR', subdivision: 'DE-BY', rate: '20' },
        'taxRate.subdivision',
        'VALIDATION',
      ],
      [
        { name: 'x', rateType: 'FALLBACK_RATE', country: 'FR', rate: '20' },
        'taxRate.country',
        'FIELD_NOT_ALLOWED',
      ],
      [{ name: 'x', rateType: 'NO_TAX_COLLECTED', country: 'FR', rate: '5' }, 'taxRate.rate', 'VALIDATION'],
    ];
    for (const [rate, field, rule] of cases) {
      const r = await createRate(rate);
      expect(r.status, field).toBe(400);
      expect(violations(r.body), JSON.stringify(rate)).toContainEqual(
        expect.objectContaining({ field, violatedRule: rule }),
      );
    }
    const auto = await createRate({ name: 'auto', rateType: 'AUTO_RATE', country: 'US' });
    expect(violations(auto.body)[0]!.description).toMatch(/AUTO_RATE is not supported/);
  });

  it('updates under the current revision (409 when stale) with an updated event; deletes with a deleted event', async () => {
    const de = (await createRate({ name: 'Germany', rateType: 'MANUAL_RATE', country: 'DE', rate: '19' }))
      .body.taxRate;
    const r = await s.admin<Rate>('PATCH', `${RATES}/${de.id}`, { taxRate: { revision: '1', rate: '7' } });
    expect(r.body.taxRate).toMatchObject({ rate: '7', revision: '2', country: 'DE' });
    expect(
      (await s.admin('PATCH', `${RATES}/${de.id}`, { taxRate: { revision: '1', rate: '8' } })).status,
    ).toBe(409);
    const toAuto = await s.admin('PATCH', `${RATES}/${de.id}`, {
      taxRate: { revision: '2', rateType: 'AUTO_RATE' },
    });
    expect(violations(toAuto.body)).toContainEqual(expect.objectContaining({ field: 'taxRate.rateType' }));
    expect((await s.admin('DELETE', `${RATES}/${de.id}`)).status).toBe(200);
    expect(appError((await s.admin('GET', `${RATES}/${de.id}`)).body).code).toBe('TAX_RATE_NOT_FOUND');
    const events = await eventsOf(s, TAX_RATE_FQDN, de.id);
    expect(events.map((e) => e.slug)).toEqual(['created', 'updated', 'deleted']);
    expect(events[1]!.updatedEvent?.modifiedFields).toEqual({ rate: '19' });
  });

  it('queries with filter and sort', async () => {
    const r = await s.admin<{ taxRates: WireTaxRate[] }>('POST', `${RATES}/query`, {
      query: { filter: { country: 'US' }, sort: [{ fieldName: 'name', order: 'ASC' }] },
    });
    expect(r.body.taxRates.map((x) => x.name)).toEqual(['New York', 'US']);
  });
});

describe('additional fees', () => {
  it('creates fixed and percentage fees, refuses both or neither, keeps codes unique; updates and deletes with events', async () => {
    const handling = await createFee({
      code: 'handling',
      name: 'Handling',
      type: 'HANDLING_FEE',
      amount: '2.5',
    });
    expect(handling.status).toBe(200);
    expect(handling.body.additionalFee).toMatchObject({
      code: 'handling',
      amount: '2.50',
      percentage: null,
      revision: '1',
    });
    const insurance = (
      await createFee({ code: 'insurance', name: 'Insurance', type: 'INSURANCE', percentage: '1.5' })
    ).body.additionalFee;
    expect(insurance).toMatchObject({ amount: null, percentage: '1.5' });
    expect(
      appError((await createFee({ code: 'handling', name: 'x', type: 'HANDLING_FEE', amount: '1' })).body)
        .code,
    ).toBe('ADDITIONAL_FEE_CODE_ALREADY_EXISTS');
    for (const [fee, field, rule] of [
      [{ code: 'x', name: 'x', type: 'HANDLING_FEE' }, 'additionalFee', 'REQUIRED_ONE_OF_FIELD'],
      [
        { code: 'x', name: 'x', type: 'HANDLING_FEE', amount: '1', percentage: '1' },
        'additionalFee',
        'ONE_OF_ALIGNMENT',
      ],
      [{ code: 'x', name: 'x', type: 'GIFT_WRAP', amount: '1' }, 'additionalFee.type', 'INVALID_ENUM_VALUE'],
      [{ code: 'X X', name: 'x', type: 'HANDLING_FEE', amount: '1' }, 'additionalFee.code', 'FORMAT'],
      [
        { code: 'x', name: 'x', type: 'HANDLING_FEE', amount: '1.001' },
        'additionalFee.amount',
        'DECIMAL_MAX_SCALE',
      ],
      [
        { code: 'x', name: 'x', type: 'HANDLING_FEE', percentage: '150' },
        'additionalFee.percentage',
        'DECIMAL_LTE',
      ],
    ] as const) {
      const r = await createFee(fee);
      expect(r.status, field).toBe(400);
      expect(violations(r.body), JSON.stringify(fee)).toContainEqual(
        expect.objectContaining({ field, violatedRule: rule }),
      );
    }
    const u = await s.admin<Fee>('PATCH', `${FEES}/${insurance.id}`, {
      additionalFee: { revision: '1', amount: '3' },
    });
    expect(u.body.additionalFee).toMatchObject({ amount: '3.00', percentage: null, revision: '2' });
    expect(
      (await s.admin('PATCH', `${FEES}/${insurance.id}`, { additionalFee: { revision: '1', name: 'y' } }))
        .status,
    ).toBe(409);
    expect(
      appError(
        (
          await s.admin('PATCH', `${FEES}/${insurance.id}`, {
            additionalFee: { revision: '2', code: 'handling' },
          })
        ).body,
      ).code,
    ).toBe('ADDITIONAL_FEE_CODE_ALREADY_EXISTS');
    const events = await eventsOf(s, FEE_FQDN, insurance.id);
    expect(events.map((e) => e.eventType)).toEqual([
      'vitrine.ecom.v1.additional_fee_created',
      'vitrine.ecom.v1.additional_fee_updated',
    ]);
    expect(events[1]!.updatedEvent?.modifiedFields).toEqual({ amount: null, percentage: '1.5' });
    await s.admin('PATCH', `${FEES}/${insurance.id}`, {
      additionalFee: { revision: '2', percentage: '1.5' },
    });
  });

  it('lets loadTaxConfig return what the APIs stored', async () => {
    const { taxRates, fees } = await loadTaxConfig(s.db.handle.db);
    expect(taxRates).toEqual([
      { name: 'New York', rateType: 'MANUAL_RATE', country: 'US', subdivision: 'US-NY', ratePercent: 8.875 },
      { name: 'US', rateType: 'NO_TAX_COLLECTED', country: 'US', ratePercent: 0 },
      { name: 'Rest of world', rateType: 'FALLBACK_RATE', ratePercent: 0 },
    ]);
    expect(fees).toEqual([
      { code: 'handling', name: 'Handling', type: 'HANDLING_FEE', amountMinor: 250 },
      { code: 'insurance', name: 'Insurance', type: 'INSURANCE', percentage: 1.5 },
    ]);
  });

  it('is for admins only, rates and fees alike', async () => {
    const rate = (await createRate({ name: 'Italy', rateType: 'MANUAL_RATE', country: 'IT', rate: '22' }))
      .body.taxRate;
    const fee = (await createFee({ code: 'guard', name: 'g', type: 'INSURANCE', amount: '1' })).body
      .additionalFee;
    await expectAdminOnly(s, await visitorToken(s), [
      ['POST', RATES, { taxRate: { name: 'x', rateType: 'MANUAL_RATE', country: 'ES', rate: '21' } }],
      ['POST', `${RATES}/query`, {}],
      ['GET', `${RATES}/${rate.id}`],
      ['PATCH', `${RATES}/${rate.id}`, { taxRate: { revision: '1' } }],
      ['DELETE', `${RATES}/${rate.id}`],
      ['POST', FEES, { additionalFee: { code: 'x', name: 'x', type: 'INSURANCE', amount: '1' } }],
      ['POST', `${FEES}/query`, {}],
      ['GET', `${FEES}/${fee.id}`],
      ['PATCH', `${FEES}/${fee.id}`, { additionalFee: { revision: '1' } }],
      ['DELETE', `${FEES}/${fee.id}`],
    ]);
  });
});
