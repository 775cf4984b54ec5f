/** Test helper: a real loopback HTTP server that records what it received. Not exported. */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect } from 'vitest';

export interface Received {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Raw query string without `?` ('' when none). */
  search: string;
  headers: IncomingHttpHeaders;
  /** Raw body text ('' when none). */
  body: string;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as is when a string, else JSON-encoded; omitted when undefined. */
  body?: unknown;
}

export interface TestServer {
  baseUrl: string;
  received: Received[];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1, port 0; `answer` decides each response (default: 200 `{}`). */
export async function startServer(
  answer: (req: Received, index: number) => Answer = () => ({ body: {} }),
): Promise<TestServer> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const rec: Received = {
        method: req.method ?? '',
        path: q === -1 ? url : url.slice(0, q),
        search: q === -1 ? '' : url.slice(q + 1),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(rec);
      const a = answer(rec, received.length - 1);
      res.writeHead(a.status ?? 200, a.headers ?? {});
      if (a.body === undefined) res.end();
      else res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** Registers an afterEach that closes every server started through the returned function. */
export function serverPerTest(): (answer?: (req: Received, index: number) => Answer) => Promise<TestServer> {
  const open: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return async (answer) => {
    const s = await startServer(answer);
    open.push(s);
    return s;
  };
}

/** The single request a test's server received. */
export function only(s: TestServer): Received {
  expect(s.received).toHaveLength(1);
  return s.received[0]!;
}
