/**
 * A product saved with a library picture that is still being processed gets the picture's size once
 * the file is READY (catalog `mediaReadySubscriber`). The first server runs no jobs, so the file is
 * surely PENDING when the product is saved; a second one on the same data then processes it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { mediaServer, png, upload } from '../../test/media.ts';
import type { TestServer } from '../../test/server.ts';

type Img = { id?: string; width?: number; height?: number };
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.stop();
});

it('gives a picture saved while processing its size when the file is ready', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-media-ready-'));
  const a = await mediaServer({ env: { DATA_DIR: dir, JOBS: 'false' } });
  servers.push(a);
  const up = await upload(a, await png(640, 480));
  expect(up.body.file.operationStatus).toBe('PENDING');
  const made = await a.admin<{ product: { id: string; media: { main: { image: string } } } }>(
    'POST',
    '/stores/v3/products',
    {
      product: {
        name: 'Poster',
        productType: 'DIGITAL',
        media: { itemsInfo: { items: [{ id: up.body.file.id }] } },
        variantsInfo: { variants: [{ price: { actualPrice: { amount: '9.00' } } }] },
      },
    },
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = made.body.product.id;
  const image = async (s: TestServer) =>
    (await s.admin<{ product: { media: { main: { image: Img } } } }>('GET', `/stores/v3/products/${id}`)).body
      .product.media.main.image;
  expect((await image(a)).width ?? 0).not.toBe(640);

  const b = await mediaServer({ database: a.db.handle, env: { DATA_DIR: dir, PUBLIC_URL: a.url } });
  servers.push(b);
  const sized = await b.until(async () => {
    const i = await image(b);
    return i.width === 640 ? i : undefined;
  }, 30_000);
  expect(sized).toMatchObject({ id: up.body.file.id, width: 640, height: 480 });
});
