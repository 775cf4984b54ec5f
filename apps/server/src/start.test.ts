import { createServer, type AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from './platform/clock.ts';
import { loadConfig } from './platform/config.ts';
import { startServer } from './start.ts';
import { freshDatabase, type TestDatabase } from './test/database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const start = (port: number) =>
  startServer({
    config: loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
    }),
    database: db.handle,
    clock: testClock(),
    logger: pino({ level: 'silent' }),
  });

describe('a start on a port another process holds', () => {
  it('fails with EADDRINUSE and leaves the database to a start on another port', async () => {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const taken = (holder.address() as AddressInfo).port;
    try {
      await expect(start(taken)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      holder.close();
    }
    // What the tests' server helper then does: the same database, another port.
    const again = await start(0);
    try {
      const health = await fetch(`${again.url}/health`);
      expect(health.status).toBe(200);
    } finally {
      await again.stop();
    }
  });
});
