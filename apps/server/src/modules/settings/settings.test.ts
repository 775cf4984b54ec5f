import type { DomainEvent, StoreSettings } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/database.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { SETTINGS_FQDN } from './service.ts';

const SETTINGS = '/platform/v1/store-settings';
type Settings = { settings: StoreSettings };
type Violation = { field: string; violatedRule: string; data: Record<string, unknown> };
type Envelope = {
  details: {
    applicationError?: { code: string; data: Record<string, unknown> };
    validationError?: { fieldViolations: Violation[] };
  };
};

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const current = async () => (await s.admin<Settings>('GET', SETTINGS)).body.settings;
const patch = <T = Settings>(body: unknown, server = s) => server.admin<T>('PATCH', SETTINGS, body);
const violations = (b: Envelope) => b.details.validationError?.fieldViolations ?? [];
async function latestEvent(): Promise<DomainEvent | undefined> {
  const r = await s.admin<{ events: DomainEvent[] }>('POST', '/platform/v1/events/query', {
    query: { filter: { entityFqdn: SETTINGS_FQDN }, cursorPaging: { limit: 100 } },
  });
  return r.body.events.sort((a, b) => Number(b.entityEventSequence) - Number(a.entityEventSequence))[0];
}

describe('PATCH /platform/v1/store-settings', () => {
  it('without a field mask writes every field given, and only those', async () => {
    const before = await current();
    const r = await patch({ settings: { storeName: 'Paper & Ink', contactEmail: 'owner@example.com' } });
    expect(r.status).toBe(200);
    expect(r.body.settings).toMatchObject({
      ...before,
      storeName: 'Paper & Ink',
      contactEmail: 'owner@example.com',
      revision: String(Number(before.revision) + 1),
      updatedDate: s.clock.now().toISOString(),
    });
    expect(await current()).toEqual(r.body.settings);
  });

  it('with a field mask writes only the masked paths, ignoring other fields given', async () => {
    const before = await current();
    const r = await patch({
      settings: { storeName: 'Masked In', currency: 'EUR', locale: 'fr-FR' },
      fieldMask: 'storeName',
    });
    expect(r.status).toBe(200);
    expect(r.body.settings).toMatchObject({
      storeName: 'Masked In',
      currency: before.currency,
      locale: before.locale,
    });
    expect((await latestEvent())?.updatedEvent?.modifiedFields).toEqual({ storeName: before.storeName });
  });

  it('clears a masked nullable field left out of settings, and refuses to clear a required one', async () => {
    expect((await current()).contactEmail).toBe('owner@example.com');
    const cleared = await patch({ settings: {}, fieldMask: 'contactEmail' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.settings.contactEmail).toBeNull();
    expect(await current()).toEqual(cleared.body.settings);
    expect((await latestEvent())?.updatedEvent?.modifiedFields).toEqual({
      contactEmail: 'owner@example.com',
    });

    const before = await current();
    const r = await patch<Envelope>({ settings: { currency: 'EUR' }, fieldMask: 'currency, storeName' });
    expect(r.status).toBe(400);
    expect(violations(r.body)).toEqual([
      expect.objectContaining({ field: 'settings.storeName', violatedRule: 'REQUIRED_FIELD' }),
    ]);
    expect(await current()).toEqual(before);
  });

  it("keeps the business address, writes its street line in the country's order, checks it, and clears it", async () => {
    expect((await current()).businessAddress).toBeNull();
    const set = await patch({
      settings: {
        businessAddress: {
          country: 'DE',
          subdivision: 'BE',
          city: ' Berlin ',
          postalCode: '10115',
          streetAddress: { name: 'Hauptstraße', number: '5' },
        },
      },
    });
    expect(set.status).toBe(200);
    expect(set.body.settings.businessAddress).toEqual({
      country: 'DE',
      subdivision: 'DE-BE',
      city: 'Berlin',
      postalCode: '10115',
      addressLine: 'Hauptstraße 5',
      streetAddress: { name: 'Hauptstraße', number: '5' },
    });
    expect(await current()).toEqual(set.body.settings);
    expect((await latestEvent())?.updatedEvent?.modifiedFields).toEqual({ businessAddress: null });

    const before = await current();
    for (const [businessAddress, field] of [
      [{ country: 'Germany' }, 'settings.businessAddress.country'],
      [{ city: 'Berlin' }, 'settings.businessAddress.country'],
      [{ country: 'DE', colour: 'red' }, 'settings.businessAddress.colour'],
      [{ country: 'DE', city: 'x'.repeat(101) }, 'settings.businessAddress.city'],
      [{ country: 'DE', subdivision: 'US-NY' }, 'settings.businessAddress.subdivision'],
    ] as const) {
      const r = await patch<Envelope>({ settings: { businessAddress } });
      expect(r.status, JSON.stringify(businessAddress)).toBe(400);
      expect(
        violations(r.body).map((v) => v.field),
        JSON.stringify(businessAddress),
      ).toContain(field);
    }
    expect(await current()).toEqual(before);

    const cleared = await patch({ settings: {}, fieldMask: 'businessAddress' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.settings.businessAddress).toBeNull();
  });

  it('rejects a mask path that is not an editable setting with FIELD_NOT_ALLOWED on fieldMask', async () => {
    const before = await current();
    for (const fieldMask of [
      'colour',
      'revision',
      'updatedDate',
      'storeName.first',
      'storeName,currency,nope',
    ]) {
      const r = await patch<Envelope>({ settings: { storeName: 'Never', currency: 'EUR' }, fieldMask });
      expect(r.status, fieldMask).toBe(400);
      expect(violations(r.body), fieldMask).toEqual([
        expect.objectContaining({ field: 'fieldMask', violatedRule: 'FIELD_NOT_ALLOWED' }),
      ]);
    }
    expect(await current()).toEqual(before);
  });

  it('applies a PATCH carrying the current revision and refuses a stale one with 409 REVISION_MISMATCH', async () => {
    const before = await current();
    const ok = await patch({ settings: { locale: 'de-DE' }, revision: before.revision });
    expect(ok.status).toBe(200);
    expect(ok.body.settings.revision).toBe(String(Number(before.revision) + 1));

    const stale = await patch<Envelope>({ settings: { locale: 'it-IT' }, revision: before.revision });
    expect(stale.status).toBe(409);
    expect(stale.body.details.applicationError).toMatchObject({
      code: 'REVISION_MISMATCH',
      data: { expected: before.revision, actual: ok.body.settings.revision },
    });
    expect(await current()).toEqual(ok.body.settings);
  });

  it.skipIf(testEngine() !== 'postgres')(
    'lets exactly one of concurrent PATCHes with the same revision win, across two processes (needs parallel connections; PGlite is one session)',
    async () => {
      const pool = s.db.another();
      const other = await startTestServer({ database: pool, clock: s.clock });
      try {
        const before = await current();
        const eventsBefore = Number((await latestEvent())?.entityEventSequence ?? 0);
        const names = Array.from({ length: 12 }, (_, i) => `Racer ${i}`);
        const answers = await Promise.all(
          names.map((storeName, i) =>
            patch<Settings & Envelope>(
              { settings: { storeName }, revision: before.revision },
              i % 2 ? other : s,
            ),
          ),
        );
        const winners = answers.filter((a) => a.status === 200);
        expect(winners).toHaveLength(1);
        for (const a of answers.filter((x) => x.status !== 200)) {
          expect(a.status).toBe(409);
          expect(a.body.details.applicationError?.code).toBe('REVISION_MISMATCH');
        }
        const after = await current();
        expect(after).toEqual(winners[0]!.body.settings);
        expect(after.revision).toBe(String(Number(before.revision) + 1));
        const event = await latestEvent();
        expect(Number(event?.entityEventSequence)).toBe(eventsBefore + 1);
        expect(event?.updatedEvent?.currentEntity).toEqual(after);
      } finally {
        await other.stop();
        await pool.close();
      }
    },
  );
});
