import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orders } from '@wix/ecom';
import { AppStrategy, createClient } from '@wix/sdk';

/** What a webhook receiver got: each body verified with the official SDK, and what it answered. */
export interface Received {
  eventType: string;
  instanceId: string;
  /** The domain event's entity id. */
  entityId: string;
  status: number;
}

/** An order the SDK's `onOrderCreated` handler was given. */
export interface CreatedOrder {
  id: string;
  number: string;
  instanceId: string;
}

/**
 * A merchant's webhook receiver on 127.0.0.1, as its documentation tells one to write it: every
 * body is verified with `@wix/sdk` (`AppStrategy({ appId, publicKey })`, the key the merchant
 * copied) and an accepted one goes through `client.webhooks.process(body)`, which calls the
 * registered `client.orders.onOrderCreated` handler. `respond` decides the answer per event type;
 * a failing answer processes nothing (the receiver is down). Before `useKey`, and for a body that
 * does not verify, it answers 401.
 */
export async function webhookReceiver() {
  let client: ReturnType<typeof clientOf> | undefined;
  const received: Received[] = [];
  const created: CreatedOrder[] = [];
  /** Bodies that did not verify (why). */
  const refused: string[] = [];
  const receiver = {
    url: '',
    received,
    created,
    refused,
    /** The answer to an event of this type: a status and a body. */
    respond: (_eventType: string): [number, string] => [200, 'ok'],
    /** Verifies from now on with this key, as the merchant copied it from the dashboard. */
    useKey(appId: string, publicKey: string) {
      client = clientOf(appId, publicKey, created);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      void handle(body).then(([status, text]) => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(text);
      });
    });
  });
  async function handle(body: string): Promise<[number, string]> {
    if (!client) return [401, 'no key yet'];
    let parsed: Awaited<ReturnType<typeof client.webhooks.parseJWT>>;
    try {
      parsed = await client.webhooks.parseJWT(body);
    } catch (e) {
      refused.push((e as Error).message);
      return [401, 'invalid signature'];
    }
    const entityId = String((parsed.payload as { entityId?: unknown }).entityId ?? '');
    const [status, text] = receiver.respond(parsed.eventType);
    received.push({ eventType: parsed.eventType, instanceId: parsed.instanceId, entityId, status });
    if (status >= 200 && status < 300 && parsed.eventType === 'wix.ecom.v1.order_created')
      await client.webhooks.process(body);
    return [status, text];
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

function clientOf(appId: string, publicKey: string, created: CreatedOrder[]) {
  const client = createClient({ auth: AppStrategy({ appId, publicKey }), modules: { orders } });
  client.orders.onOrderCreated((event) => {
    created.push({
      id: event.entity._id ?? '',
      number: event.entity.number ?? '',
      instanceId: event.metadata.instanceId ?? '',
    });
  });
  return client;
}
