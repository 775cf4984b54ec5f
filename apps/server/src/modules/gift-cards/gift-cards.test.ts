import type { WireGiftCard } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../platform/context.ts';
import type { DbHandle } from '../../platform/db/connect.ts';
import { testEngine } from '../../test/database.ts';
import { appError, startTestServer, violations, type TestServer } from '../../test/server.ts';
import { configRevision, eventsOf, expectAdminOnly, visitorToken } from '../../test/discounts.ts';
import { GIFT_CARD_FQDN } from './cards.ts';
import { findGiftCardByCode, redeemGiftCard, refundGiftCardRedemption } from './service.ts';

const P = '/ecom/v1/gift-cards';
type One = { giftCard: WireGiftCard };
type Page = { giftCards: WireGiftCard[]; pagingMetadata: { cursors: { next: string | null } } };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const create = (card: unknown) => s.admin<One>('POST', P, { giftCard: card });

describe('gift cards admin API', () => {
  it('creates a card with a generated code shown in full once, masked afterwards and in events; no configuration bump', async () => {
    const before = await configRevision(s);
    const r = await create({ initialValue: { amount: '50' } });
    expect(r.status).toBe(200);
    const card = r.body.giftCard;
    expect(card.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(card).toMatchObject({
      initialValue: { amount: '50.00', formattedAmount: '$50.00' },
      balance: { amount: '50.00' },
      currency: 'USD',
      expirationDate: null,
      disabled: false,
      status: 'ACTIVE',
      redemptions: [],
      revision: '1',
    });
    const got = (await s.admin<One>('GET', `${P}/${card.id}`)).body.giftCard;
    expect(got.code).toBe(`****-****-****-${card.code.slice(-4)}`);
    expect(got).toEqual({ ...card, code: got.code });
    const events = await eventsOf(s, GIFT_CARD_FQDN, card.id);
    expect(events.map((e) => e.eventType)).toEqual(['vitrine.ecom.v1.gift_card_created']);
    expect((events[0]!.createdEvent?.entity as WireGiftCard).code).toBe(got.code);
    expect(await configRevision(s)).toBe(before);
  });

  it('takes a given code, unique ignoring case (409)', async () => {
    const r = await create({
      code: 'Demo-Gift-50',
      initialValue: { amount: '50.00' },
      expirationDate: '2099-01-01T00:00:00.000Z',
    });
    expect(r.body.giftCard.code).toBe('Demo-Gift-50');
    const dup = await create({ code: 'DEMO-GIFT-50', initialValue: { amount: '5' } });
    expect(dup.status).toBe(409);
    expect(appError(dup.body).code).toBe('GIFT_CARD_CODE_ALREADY_EXISTS');
  });

  it('refuses bad input with field violations', async () => {
    const cases: [unknown, string, string][] = [
      [{}, 'giftCard.initialValue', 'REQUIRED_FIELD'],
      [{ initialValue: { amount: '0' } }, 'giftCard.initialValue.amount', 'DECIMAL_GT'],
      [{ initialValue: { amount: '-5' } }, 'giftCard.initialValue.amount', 'DECIMAL_GTE'],
      [{ initialValue: { amount: '5.001' } }, 'giftCard.initialValue.amount', 'DECIMAL_MAX_SCALE'],
      [{ initialValue: { amount: '5' }, currency: 'EUR' }, 'giftCard.currency', 'VALIDATION'],
      [{ initialValue: { amount: '5' }, code: 'a b' }, 'giftCard.code', 'FORMAT'],
      [{ initialValue: { amount: '5' }, expirationDate: 'never' }, 'giftCard.expirationDate', 'FORMAT'],
      [{ initialValue: { amount: '5' }, balance: { amount: '9' } }, 'giftCard.balance', 'FIELD_NOT_ALLOWED'],
    ];
    for (const [card, field, rule] of cases) {
      const r = await create(card);
      expect(r.status, field).toBe(400);
      expect(violations(r.body), JSON.stringify(card)).toContainEqual(
        expect.objectContaining({ field, violatedRule: rule }),
      );
    }
  });

  it('updates under the current revision (409 when stale) with an updated event, deletes with a deleted event', async () => {
    const card = (await create({ initialValue: { amount: '20' } })).body.giftCard;
    const r = await s.admin<One>('PATCH', `${P}/${card.id}`, {
      giftCard: { revision: '1', disabled: true, balance: { amount: '15' } },
    });
    expect(r.status).toBe(200);
    expect(r.body.giftCard).toMatchObject({
      disabled: true,
      status: 'DISABLED',
      balance: { amount: '15.00' },
      revision: '2',
    });
    const stale = await s.admin('PATCH', `${P}/${card.id}`, { giftCard: { revision: '1', disabled: false } });
    expect(stale.status).toBe(409);
    expect(appError(stale.body).code).toBe('REVISION_MISMATCH');
    expect((await s.admin('DELETE', `${P}/${card.id}`)).status).toBe(200);
    expect(appError((await s.admin('GET', `${P}/${card.id}`)).body).code).toBe('GIFT_CARD_NOT_FOUND');
    const events = await eventsOf(s, GIFT_CARD_FQDN, card.id);
    expect(events.map((e) => e.slug)).toEqual(['created', 'updated', 'deleted']);
    expect(events[1]!.updatedEvent?.modifiedFields).toEqual({
      balance: { amount: '20.00', formattedAmount: '$20.00' },
      disabled: false,
      status: 'ACTIVE',
    });
  });

  it('queries by balance (major units) with cursor paging', async () => {
    await create({ initialValue: { amount: '1000' } });
    const r = await s.admin<Page>('POST', `${P}/query`, {
      query: { filter: { 'balance.amount': { $gte: 999 } } },
    });
    expect(r.status).toBe(200);
    expect(r.body.giftCards.map((c) => c.balance.amount)).toEqual(['1000.00']);
    expect((await s.admin('POST', `${P}/query`, { query: { filter: { code: 'x' } } })).status).toBe(400);
  });

  it('is for admins only: 401 without credentials, 403 for a visitor', async () => {
    const card = (await create({ initialValue: { amount: '5' } })).body.giftCard;
    await expectAdminOnly(s, await visitorToken(s), [
      ['POST', P, { giftCard: { initialValue: { amount: '5' } } }],
      ['POST', `${P}/query`, {}],
      ['GET', `${P}/${card.id}`],
      ['PATCH', `${P}/${card.id}`, { giftCard: { revision: '1', disabled: true } }],
      ['DELETE', `${P}/${card.id}`],
    ]);
  });
});

describe('gift card lookup and redemption', () => {
  it('finds a card by code ignoring case, redeems partially and idempotently per order, refunds once', async () => {
    const card = (
      await create({
        code: 'Look-Card',
        initialValue: { amount: '30' },
        expirationDate: '2099-01-01T00:00:00.000Z',
      })
    ).body.giftCard;
    const db = s.db.handle.db;
    expect(await findGiftCardByCode(db, ' look-card ')).toEqual({
      id: card.id,
      code: 'Look-Card',
      balanceMinor: 3000,
      disabled: false,
      expiresAt: new Date('2099-01-01T00:00:00.000Z'),
    });
    const ctx = s.app.systemCtx();
    expect(await redeemGiftCard(ctx, card.id, 1000, 'order-1')).toBe('OK');
    expect(await redeemGiftCard(ctx, card.id, 1000, 'order-1')).toBe('OK');
    expect(await redeemGiftCard(ctx, card.id, 2500, 'order-2')).toBe('GIFT_CARD_INSUFFICIENT_BALANCE');
    expect(await redeemGiftCard(ctx, card.id, 2000, 'order-3')).toBe('OK');
    expect((await findGiftCardByCode(db, 'LOOK-CARD'))?.balanceMinor).toBe(0);
    const got = (await s.admin<One>('GET', `${P}/${card.id}`)).body.giftCard;
    expect(got.status).toBe('EMPTY');
    expect(got.redemptions.map((r) => [r.orderId, r.amount.amount, r.refundedDate])).toEqual([
      ['order-1', '10.00', null],
      ['order-3', '20.00', null],
    ]);
    await refundGiftCardRedemption(ctx, card.id, 'order-1');
    await refundGiftCardRedemption(ctx, card.id, 'order-1');
    await refundGiftCardRedemption(ctx, card.id, 'order-unknown');
    expect((await findGiftCardByCode(db, 'look-card'))?.balanceMinor).toBe(1000);
    expect(await findGiftCardByCode(db, 'no-such-card')).toBeUndefined();
  });

  it('refuses a disabled or expired card, and an unknown one with GIFT_CARD_NOT_FOUND', async () => {
    const ctx = s.app.systemCtx();
    const off = (await create({ initialValue: { amount: '10' }, disabled: true })).body.giftCard;
    expect(await redeemGiftCard(ctx, off.id, 100, 'o-off')).toBe('GIFT_CARD_DISABLED');
    const old = (
      await create({
        initialValue: { amount: '10' },
        expirationDate: new Date(s.clock.now().getTime() - 1000).toISOString(),
      })
    ).body.giftCard;
    expect(await redeemGiftCard(ctx, old.id, 100, 'o-old')).toBe('GIFT_CARD_EXPIRED');
    await expect(
      redeemGiftCard(ctx, '0190a000-0000-7000-8000-00000000dead', 100, 'o-x'),
    ).rejects.toMatchObject({ code: 'GIFT_CARD_NOT_FOUND' });
    expect((await s.admin<One>('GET', `${P}/${off.id}`)).body.giftCard.redemptions).toEqual([]);
  });

  it.skipIf(testEngine() !== 'postgres')(
    'never takes the balance below zero under concurrency: 40 parallel orders on separate pools (needs PostgreSQL)',
    async () => {
      const pools: DbHandle[] = [s.db.another(), s.db.another(), s.db.another()];
      try {
        const card = (await create({ initialValue: { amount: '100' } })).body.giftCard;
        const base = s.app.systemCtx();
        const results = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            pools[i % pools.length]!.db.transaction().execute((trx) =>
              redeemGiftCard({ ...base, db: trx } as Ctx, card.id, 700, `race-${i}`),
            ),
          ),
        );
        expect(results.filter((r) => r === 'OK')).toHaveLength(14);
        expect(results.filter((r) => r !== 'OK').every((r) => r === 'GIFT_CARD_INSUFFICIENT_BALANCE')).toBe(
          true,
        );
        const got = (await s.admin<One>('GET', `${P}/${card.id}`)).body.giftCard;
        expect(got.balance.amount).toBe('2.00');
        expect(got.redemptions).toHaveLength(14);
      } finally {
        for (const p of pools) await p.close();
      }
    },
  );
});
