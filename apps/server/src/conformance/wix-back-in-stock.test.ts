/**
 * The official `@wix/ecom` `backInStockNotifications` module, unchanged, against a Vitrine test server:
 * every call of contract back-in-stock-recommendations.md §2 through a visitor's OAuth client, a
 * member's and a visitor's tokens and the admin API key, with the module's rules (back-in-stock
 * README): one open request per e-mail and item, shoppers see only their own, the catalog reference
 * must name a product (and variant), on-demand reports e-mail through a real SMTP server, events.
 */
import type { DomainEvent } from '@vitrine/contract';
import { backInStockNotifications } from '@wix/ecom';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIS,
  received,
  smtpSink,
  soldOutProduct,
  type SmtpSink,
  type SoldOut,
} from '../test/back-in-stock.ts';
import { anonymousTokens, bundledClientId, memberTokens, shopClient } from '../test/oauth.ts';
import { ADMIN_KEY, startTestServer, type TestServer } from '../test/server.ts';
import { STORES_APP } from '../test/shop.ts';
import { redirectWixFetch, type Recorded } from '../test/wix.ts';

let s: TestServer;
let sink: SmtpSink;
let undo: () => void;
const log: Recorded[] = [];

const authWith = (authorization: string) => ({
  getAuthHeaders: async () => ({ headers: { Authorization: authorization } }),
});
const clientWith = (authorization: string) =>
  createClient({ auth: authWith(authorization), modules: { backInStockNotifications } });
type Client = ReturnType<typeof clientWith>;

let shop: ReturnType<typeof oauthVisitor>;
const oauthVisitor = (clientId: string) =>
  createClient({ auth: OAuthStrategy({ clientId }), modules: { backInStockNotifications } });
let admin: Client;
let ada: Client;
let vee: Client;
let adaId = '';
let shirt: SoldOut;
let mug: SoldOut;

beforeAll(async () => {
  sink = await smtpSink();
  s = await startTestServer({ env: { SMTP_URL: sink.url } });
  undo = redirectWixFetch(s.url, log);
  const clientId = await shopClient(s);
  const a = await memberTokens(s, clientId);
  adaId = a.memberId;
  shop = oauthVisitor(clientId);
  admin = clientWith(ADMIN_KEY);
  ada = clientWith(a.tokens.access_token);
  vee = clientWith((await anonymousTokens(s, bundledClientId(s))).access_token);
  shirt = await soldOutProduct(s, { name: 'Sold-out Shirt', price: '10.00', sizes: ['S', 'M'] });
  mug = await soldOutProduct(s, { name: 'Sold-out Mug', price: '8.00' });
});
afterAll(async () => {
  undo?.();
  await s?.stop();
  await sink?.close();
});

/** The status and application error code of a call the test expects to fail. */
async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    const err = e as {
      details?: {
        applicationError?: { code?: string };
        validationError?: { fieldViolations?: { field: string }[] };
      };
      httpStatus?: number;
      status?: number;
    };
    return {
      status: err.status ?? err.httpStatus,
      code: err.details?.applicationError?.code,
      fields: err.details?.validationError?.fieldViolations?.map((v) => v.field) ?? [],
    };
  }
  throw new Error('the call succeeded; expected it to fail');
}

const ref = (p: SoldOut, i?: number) => ({
  catalogItemId: p.productId,
  appId: STORES_APP,
  ...(i !== undefined ? { options: { variantId: p.variantIds[i]! } } : {}),
});
const details = { name: 'Shirt', price: '10.00' };

describe('@wix/ecom backInStockNotifications against Vitrine', () => {
  let visitorRequest = '';
  let adaRequest = '';

  it("creates a visitor's request through the OAuth client (the captured wire), and a repeat answers it", async () => {
    const created = await shop.backInStockNotifications.createBackInStockNotificationRequest(
      {
        catalogReference: ref(shirt, 0),
        email: 'Vee@Example.test',
        itemUrl: 'https://shop.example.test/product-page/shirt',
      },
      { ...details, image: 'https://media.example.test/shirt.jpg' },
    );
    expect(created).toMatchObject({
      catalogReference: ref(shirt, 0),
      email: 'vee@example.test',
      status: 'RECEIVED',
      autoNotified: false,
      itemUrl: 'https://shop.example.test/product-page/shirt',
    });
    expect(created._createdDate).toBeInstanceOf(Date);
    expect(created.contactId).toBeUndefined();
    visitorRequest = created._id!;
    const sent = log.findLast((l) => l.method === 'POST' && l.url.includes('back-in-stock'))!;
    expect(sent.url).toBe(
      'https://edge.wixapis.com/back-in-stock-service/v1/back-in-stock-notification-requests',
    );
    expect(JSON.parse(sent.body!).itemDetails.image).toEqual({ url: 'https://media.example.test/shirt.jpg' });

    const again = await shop.backInStockNotifications.createBackInStockNotificationRequest(
      { catalogReference: ref(shirt, 0), email: 'vee@example.test' },
      details,
    );
    expect(again._id).toBe(visitorRequest);
    expect(
      await shop.backInStockNotifications.getBackInStockNotificationRequest(visitorRequest),
    ).toMatchObject({
      _id: visitorRequest,
      status: 'RECEIVED',
    });
  });

  it("gives a member's request their contact id; another shopper's repeat shows no contact", async () => {
    const created = await ada.backInStockNotifications.createBackInStockNotificationRequest(
      { catalogReference: ref(shirt), email: 'ada@example.test' },
      details,
    );
    expect(created).toMatchObject({ contactId: adaId, status: 'RECEIVED', catalogReference: ref(shirt) });
    adaRequest = created._id!;
    const repeat = await vee.backInStockNotifications.createBackInStockNotificationRequest(
      { catalogReference: ref(shirt), email: 'ADA@example.test' },
      details,
    );
    expect(repeat._id).toBe(adaRequest);
    expect(repeat.contactId).toBeUndefined();
    // Other shoppers cannot read or delete it.
    expect(
      await failure(vee.backInStockNotifications.getBackInStockNotificationRequest(adaRequest)),
    ).toMatchObject({
      status: 404,
      code: 'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND',
    });
    expect(
      await failure(vee.backInStockNotifications.deleteBackInStockNotificationRequest(adaRequest)),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await failure(ada.backInStockNotifications.getBackInStockNotificationRequest(visitorRequest)),
    ).toMatchObject({
      status: 404,
    });
    expect((await admin.backInStockNotifications.getBackInStockNotificationRequest(adaRequest)).email).toBe(
      'ada@example.test',
    );
  });

  it('refuses unknown products, variants, catalogs, bad e-mails and image URLs', async () => {
    const create = (r: Record<string, unknown>, d: Record<string, unknown> = details) =>
      failure(
        vee.backInStockNotifications.createBackInStockNotificationRequest(
          { catalogReference: ref(mug), email: 'x@example.test', ...r } as never,
          d as never,
        ),
      );
    expect(
      await create({
        catalogReference: { catalogItemId: '00000000-0000-7000-8000-000000000000', appId: STORES_APP },
      }),
    ).toMatchObject({ status: 404, code: 'PRODUCT_NOT_FOUND' });
    expect(
      await create({ catalogReference: { ...ref(mug), options: { variantId: shirt.variantIds[0] } } }),
    ).toMatchObject({ status: 400, code: 'INVALID_CATALOG_REFERENCE_OPTIONS' });
    expect(
      await create({
        catalogReference: { catalogItemId: mug.productId, appId: '13d21c63-b5ec-5912-8397-c3a5ddb27a97' },
      }),
    ).toMatchObject({ status: 400, code: 'CATALOG_APP_NOT_SUPPORTED' });
    expect(await create({ email: 'not-an-address' })).toMatchObject({
      status: 400,
      fields: ['request.email'],
    });
    expect(await create({}, { ...details, image: 'ftp://media.example.test/x.jpg' })).toMatchObject({
      status: 400,
      code: 'INVALID_ITEM_IMAGE_URL',
    });
  });

  it('deletes its own request', async () => {
    const mine = await vee.backInStockNotifications.createBackInStockNotificationRequest(
      { catalogReference: ref(mug), email: 'vee@example.test' },
      details,
    );
    await vee.backInStockNotifications.deleteBackInStockNotificationRequest(mine._id!);
    expect(
      await failure(admin.backInStockNotifications.getBackInStockNotificationRequest(mine._id!)),
    ).toMatchObject({
      status: 404,
    });
  });

  it('marks a request as sent (admins only)', async () => {
    const r = await vee.backInStockNotifications.createBackInStockNotificationRequest(
      { catalogReference: ref(mug), email: 'told@example.test' },
      details,
    );
    expect(await failure(vee.backInStockNotifications.markAsNotificationSent(r._id!))).toMatchObject({
      status: 403,
    });
    const marked = await admin.backInStockNotifications.markAsNotificationSent(r._id!);
    expect(marked.request).toMatchObject({ _id: r._id, status: 'NOTIFICATION_SENT', autoNotified: false });
    expect(
      await failure(
        admin.backInStockNotifications.markAsNotificationSent('00000000-0000-7000-8000-000000000000'),
      ),
    ).toMatchObject({ status: 404, code: 'BACK_IN_STOCK_NOTIFICATION_REQUEST_NOT_FOUND' });
    // A sent request is closed: the same e-mail may ask again.
    const anew = await vee.backInStockNotifications.createBackInStockNotificationRequest(
      { catalogReference: ref(mug), email: 'told@example.test' },
      details,
    );
    expect(anew._id).not.toBe(r._id);
  });

  it('counts waiting requests per catalog reference (through .r)', async () => {
    const counted =
      await admin.backInStockNotifications.getBackInStockNotificationRequestsCountByCatalogReferences([
        ref(shirt, 0),
        ref(shirt, 1),
        ref(shirt),
        ref(mug),
      ]);
    // S: the visitor's and Ada's product-level one; M: Ada's; the product: both; the mug: told@ again.
    const counts = counted.countsPerCatalogReference ?? [];
    expect(counts.map((c) => c.count)).toEqual([2, 1, 2, 1]);
    expect(counts[0]!.catalogReference).toEqual(ref(shirt, 0));
    expect(log[log.length - 1]!.url).toContain('/count-by-catalog-reference?.r=');
    expect(
      await failure(
        vee.backInStockNotifications.getBackInStockNotificationRequestsCountByCatalogReferences([ref(mug)]),
      ),
    ).toMatchObject({ status: 403 });
  });

  it('queries with the builder (filter, sort, limit, next) and with a query object', async () => {
    for (let i = 0; i < 3; i++)
      await admin.backInStockNotifications.createBackInStockNotificationRequest(
        { catalogReference: ref(shirt, 1), email: `q${i}@example.test` },
        details,
      );
    const first = await admin.backInStockNotifications
      .queryBackInStockNotificationRequests()
      .eq('status', 'RECEIVED')
      .descending('_createdDate')
      .limit(2)
      .find();
    expect(first.items).toHaveLength(2);
    expect(first.items[0]!._createdDate).toBeInstanceOf(Date);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items.length).toBeGreaterThan(0);
    const seen = [...first.items, ...second.items].map((r) => r._id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(log[log.length - 1]!.url).toContain('?.r=');

    const byItem = await admin.backInStockNotifications.queryBackInStockNotificationRequests({
      filter: {
        'catalogReference.catalogItemId': shirt.productId,
        'catalogReference.options.variantId': shirt.variantIds[1],
      },
      cursorPaging: { limit: 5 },
    } as never);
    expect((byItem as { requests: { email: string }[] }).requests.map((r) => r.email).sort()).toEqual([
      'q0@example.test',
      'q1@example.test',
      'q2@example.test',
    ]);

    // A query string over 4,000 characters goes through POST /query.
    const emails = Array.from({ length: 200 }, (_, i) => `user${i}@example.test`);
    const long = await admin.backInStockNotifications
      .queryBackInStockNotificationRequests()
      .in('email' as never, [...emails, 'q1@example.test'])
      .limit(5)
      .find();
    expect(long.items.map((r) => r.email)).toEqual(['q1@example.test']);
    expect(log[log.length - 1]).toMatchObject({ method: 'POST' });
    expect(log[log.length - 1]!.url).toMatch(/\/back-in-stock-notification-requests\/query$/);

    expect(
      await failure(vee.backInStockNotifications.queryBackInStockNotificationRequests().find()),
    ).toMatchObject({ status: 403 });
  });

  it('reports items back in stock on demand: by request ids (e-mailed, NOTIFICATION_SENT) or by reference, not both', async () => {
    expect(
      await failure(
        admin.backInStockNotifications.reportItemsBackInStock(details, {
          catalogReference: ref(shirt),
          requestIds: [visitorRequest],
        }),
      ),
    ).toMatchObject({ status: 400, code: 'REQUEST_CONTAINS_BOTH_CATALOG_REFERENCE_AND_REQUEST_IDS' });
    expect(
      await failure(
        vee.backInStockNotifications.reportItemsBackInStock(details, { requestIds: [visitorRequest] }),
      ),
    ).toMatchObject({
      status: 403,
    });

    await admin.backInStockNotifications.reportItemsBackInStock(
      { name: 'The Shirt, restocked', price: '9.50', image: 'https://media.example.test/restocked.jpg' },
      { requestIds: [visitorRequest] },
    );
    await s.until(async () => {
      const r = await admin.backInStockNotifications.getBackInStockNotificationRequest(visitorRequest);
      return r.status === 'NOTIFICATION_SENT' ? r : undefined;
    });
    const mail = await s.until(async () => received(sink, 'vee@example.test')[0]);
    expect(mail).toContain('Subject: Back in stock: The Shirt, restocked');
    expect(mail).toContain('$9.50');
    expect(mail).toContain('https://media.example.test/restocked.jpg');
    expect(mail).toContain(`/product-page/${shirt.slug}`);
    expect(
      (await admin.backInStockNotifications.getBackInStockNotificationRequest(visitorRequest)).autoNotified,
    ).toBe(true);

    // By reference: the waiting requests of M (q0–q2) and the product-level one (Ada).
    await admin.backInStockNotifications.reportItemsBackInStock(details, { catalogReference: ref(shirt, 1) });
    await s.until(async () => {
      const r = await admin.backInStockNotifications.getBackInStockNotificationRequest(adaRequest);
      return r.status === 'NOTIFICATION_SENT';
    });
    await s.until(async () =>
      ['q0', 'q1', 'q2', 'ada'].every((n) => received(sink, `${n}@example.test`).length === 1),
    );
    // Reporting again e-mails nobody twice.
    await admin.backInStockNotifications.reportItemsBackInStock(details, {
      requestIds: [visitorRequest, adaRequest],
    });
    await s.app.jobs.runDue();
    await new Promise((ok) => setTimeout(ok, 300));
    expect(received(sink, 'vee@example.test')).toHaveLength(1);
    expect(received(sink, 'ada@example.test')).toHaveLength(1);
  });

  it('records created, updated and deleted events carrying the request', async () => {
    const r = await s.admin<{ events: DomainEvent[] }>('POST', '/platform/v1/events/query', {
      query: {
        filter: { entityFqdn: 'wix.ecom.v1.back_in_stock_notification_request', entityId: visitorRequest },
        sort: [{ fieldName: 'eventTime', order: 'ASC' }],
      },
    });
    expect(r.status).toBe(200);
    const events = r.body.events;
    expect(events[0]!.eventType).toBe('wix.ecom.v1.back_in_stock_notification_request_created');
    expect(events[0]!.createdEvent!.entity).toMatchObject({ id: visitorRequest, status: 'RECEIVED' });
    const statuses = events
      .filter((e) => e.slug === 'updated')
      .map((e) => (e.updatedEvent!.currentEntity as { status: string }).status);
    expect(statuses).toEqual(['PROCESSING', 'NOTIFICATION_SENT']);

    await admin.backInStockNotifications.deleteBackInStockNotificationRequest(visitorRequest);
    const d = await s.admin<{ events: DomainEvent[] }>('POST', '/platform/v1/events/query', {
      query: {
        filter: {
          eventType: 'wix.ecom.v1.back_in_stock_notification_request_deleted',
          entityId: visitorRequest,
        },
      },
    });
    expect(d.body.events[0]!.deletedEvent!.deletedEntity).toMatchObject({ id: visitorRequest });
  });

  it('answers on the bare /v1 alias too', async () => {
    const r = await s.request('GET', `/v1/back-in-stock-notification-requests/${adaRequest}`, {
      auth: ADMIN_KEY,
    });
    expect(r.status).toBe(200);
    const direct = await s.request('GET', `${BIS}/${adaRequest}?id=${adaRequest}`, { auth: ADMIN_KEY });
    expect(direct.body).toEqual(r.body);
  });
});
