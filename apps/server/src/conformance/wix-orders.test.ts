/**
 * The official `@wix/ecom` `orders` module (getOrder, searchOrders, createOrder, updateOrder,
 * bulkUpdateOrders, cancelOrder, bulkUpdateOrderTags), unchanged, against a Vitrine test server
 * through an admin (API key) client.
 */
import { orders } from '@wix/ecom';
import { createClient } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { adminAuth, sdkServer } from '../test/wix.ts';

const client = () => createClient({ auth: adminAuth, modules: { orders } });
sdkServer();

const newOrder = (email: string) => ({
  channelInfo: { type: 'WEB' as const },
  lineItems: [
    {
      productName: { original: 'Shirt' },
      catalogReference: {
        catalogItemId: 'c0a1b2c3-0000-4000-8000-00000000000a',
        appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
      },
      quantity: 1,
      price: { amount: '10.00' },
      itemType: { preset: 'PHYSICAL' as const },
    },
  ],
  priceSummary: { subtotal: { amount: '10.00' }, total: { amount: '10.00' } },
  currency: 'USD',
  buyerInfo: { email },
  billingInfo: { address: { country: 'US', addressLine1: '1 Main St' } },
});

describe('@wix/ecom orders against Vitrine', () => {
  it('creates, reads, searches, updates, tags and cancels orders', async () => {
    const c = client();
    const created = await c.orders.createOrder(newOrder('ada@example.test'), {
      settings: { orderApprovalStrategy: 'DEFAULT', notifications: { sendNotificationToBuyer: false } },
    });
    expect(created).toMatchObject({
      status: 'APPROVED',
      number: expect.stringMatching(/^\d+$/),
      priceSummary: { total: { amount: '10.00' } },
    });
    expect(created._id).toBeTruthy();
    expect(created._createdDate).toBeInstanceOf(Date);
    // The SDK's address conversion: addressLine on the wire, addressLine1 in the SDK.
    expect(created.billingInfo?.address?.addressLine1).toBe('1 Main St');

    const got = await c.orders.getOrder(created._id!);
    expect(got).toMatchObject({
      _id: created._id,
      number: created.number,
      lineItems: [{ productName: { original: 'Shirt' }, quantity: 1 }],
    });
    expect(got.activities?.[0]?._createdDate).toBeInstanceOf(Date);

    const second = await c.orders.createOrder(newOrder('bob@example.test'));
    const found = await c.orders.searchOrders({
      filter: {
        status: { $ne: 'INITIALIZED' },
        _createdDate: { $gte: new Date('2000-01-01T00:00:00.000Z') },
      },
      sort: [{ fieldName: '_createdDate', order: 'DESC' }],
      cursorPaging: { limit: 1 },
    });
    expect(found.orders).toHaveLength(1);
    expect(found.metadata?.cursors?.next).toBeTruthy();
    const page2 = await c.orders.searchOrders({
      cursorPaging: { cursor: found.metadata!.cursors!.next!, limit: 1 },
    });
    expect([found.orders![0]!._id, page2.orders![0]!._id].sort()).toEqual([created._id, second._id].sort());

    const updated = await c.orders.updateOrder(created._id!, {
      buyerInfo: { email: 'new@example.test' },
      archived: true,
    });
    expect(updated).toMatchObject({
      _id: created._id,
      archived: true,
      buyerInfo: { email: 'new@example.test' },
    });

    const bulk = await c.orders.bulkUpdateOrders([{ order: { _id: second._id!, seenByAHuman: true } }], {
      returnEntity: true,
    });
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 0 });
    expect(bulk.results?.[0]?.item).toMatchObject({ _id: second._id, seenByAHuman: true });

    const tagged = await c.orders.bulkUpdateOrderTags([created._id!, second._id!], {
      assignTags: { tags: { tagIds: ['vip'] } },
    });
    expect(tagged.results?.map((r) => r.itemMetadata?.success)).toEqual([true, true]);
    // The typings omit the tags filter the search supports; the wire shape is the contract's.
    const vip = await c.orders.searchOrders({
      filter: { 'tags.tags.tagIds': { $hasSome: ['vip'] } } as never,
    });
    expect(vip.orders).toHaveLength(2);

    const canceled = await c.orders.cancelOrder(second._id!, {
      sendOrderCanceledEmail: false,
      customMessage: 'sorry',
      restockAllItems: true,
    });
    expect(canceled.order).toMatchObject({ _id: second._id, status: 'CANCELED' });
  });

  it('surfaces ORDER_NOT_FOUND as the SDK error', async () => {
    await expect(client().orders.getOrder('0190a0a0-0000-7000-8000-000000000000')).rejects.toMatchObject({
      details: { applicationError: { code: 'ORDER_NOT_FOUND' } },
    });
  });
});
