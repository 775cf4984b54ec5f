/**
 * The catalog's pictures are media library files (issue 14, point 8), through the official packages:
 * `@wix/stores` v1 addProductMedia / removeProductMedia and v3 reads, the SDK's image helper on a
 * product's main media, and the line images of a cart.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, media } from '@wix/sdk';
import { products, productsV3 } from '@wix/stores';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaServer, png, ready, upload } from '../test/media.ts';
import type { TestServer } from '../test/server.ts';
import { adminAuth, redirectWixFetch } from '../test/wix.ts';

const FILE_ID = /^[0-9a-f]{6}_[0-9a-f]{26}~mv2\.[a-z0-9]+$/;
let s: TestServer;
let undo: () => void;
let fixture: Server;
let source = '';
let remote: Buffer;
const client = () => createClient({ auth: adminAuth, modules: { products, productsV3 } });

beforeAll(async () => {
  remote = await png(300, 200, { r: 20, g: 160, b: 90 });
  fixture = createServer((req, res) => {
    if (req.url === '/back.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(remote);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => fixture.listen(0, '127.0.0.1', r));
  source = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  s = await mediaServer({ env: { DEMO_DATA: 'true', FETCH_GUARD_ALLOW: '127.0.0.1' } });
  undo = redirectWixFetch(s.url);
});
afterAll(async () => {
  undo?.();
  await s?.stop();
  await new Promise<void>((r) => fixture.close(() => r()));
});

const v1Media = async (id: string) => (await client().products.getProduct(id)).product!.media!;

describe('catalog pictures are media library files', () => {
  it('gives demo products library images: wix:image ids with their size, which the SDK helper scales', async () => {
    const tee = (await client().productsV3.getProductBySlug('organic-cotton-t-shirt', {})).product!;
    const image = tee.media!.main!.image as unknown as string;
    const m = /^wix:image:\/\/v1\/([^/]+)\/[^#]+#originWidth=800&originHeight=800$/.exec(image);
    expect(m?.[1]).toMatch(FILE_ID);
    const file = await ready(s, m![1]!);
    expect(file).toMatchObject({ mediaType: 'IMAGE', operationStatus: 'READY', labels: ['demo'] });

    const scaled = media.getScaledToFillImageUrl(image, 240, 180, {});
    const t = await fetch(scaled.replace('https://static.wixstatic.com', s.url));
    expect(t.status).toBe(200);
    expect(await sharp(Buffer.from(await t.arrayBuffer())).metadata()).toMatchObject({
      width: 240,
      height: 180,
    });
  });

  it('adds library files and imported URLs with addProductMedia, and removes them with removeProductMedia', async () => {
    const c = client();
    const pillow = (await c.products.queryProducts().eq('slug', 'linen-throw-pillow').find()).items[0]!;
    const [demoPicture] = (await v1Media(pillow._id!)).items!;
    const up = await upload(s, await png(640, 480), { fileName: 'pillow-side.png' });
    const side = await ready(s, up.body.file.id);

    await c.products.addProductMedia(pillow._id!, [{ mediaId: side.id }, { url: `${source}/back.png` }]);
    let items = (await v1Media(pillow._id!)).items!;
    expect(items.map((i) => i._id)).toEqual([demoPicture!._id, side.id, 'back.png']);
    expect(items[1]!.image).toMatchObject({ url: side.url, width: 640, height: 480, format: 'png' });
    expect(items[2]!.image!.url).toBe(`${source}/back.png`);

    // The import ends READY: the product names the library copy, with its true size.
    items = await s.until(async () => {
      const now = (await v1Media(pillow._id!)).items!;
      return FILE_ID.test(now[2]!._id!) ? now : undefined;
    }, 30_000);
    expect(items[2]!.image).toMatchObject({ width: 300, height: 200 });
    const copy = await fetch(items[2]!.image!.url!);
    expect(Buffer.from(await copy.arrayBuffer()).equals(remote)).toBe(true);
    const v3 = await c.productsV3.getProduct(pillow._id!, { fields: ['MEDIA_ITEMS_INFO'] });
    expect(v3.media!.itemsInfo!.items!.map((i) => i.image as unknown as string)).toEqual([
      expect.stringContaining(`wix:image://v1/${demoPicture!._id}/`),
      expect.stringMatching(/#originWidth=640&originHeight=480$/),
      expect.stringMatching(/#originWidth=300&originHeight=200$/),
    ]);

    await c.products.removeProductMedia(pillow._id!, [side.id]);
    expect((await v1Media(pillow._id!)).items!.map((i) => i._id)).toEqual([demoPicture!._id, items[2]!._id]);
    await c.products.removeProductMedia(pillow._id!, []);
    const none = await v1Media(pillow._id!);
    expect([none.mainMedia, none.items]).toEqual([undefined, []]);
  });

  it('refuses unknown library files, files that are not images and per-choice pictures with a 400', async () => {
    const pillow = (await client().products.queryProducts().eq('slug', 'soy-wax-candle').find()).items[0]!;
    const text = await upload(s, Buffer.from('hello'), { mimeType: 'text/plain', fileName: 'a.txt' });
    await ready(s, text.body.file.id);
    const add = (body: unknown) =>
      s.admin<{ message: string; details?: unknown }>(
        'POST',
        `/stores/v1/products/${pillow._id}/media`,
        body,
      );
    for (const media of [
      [{ mediaId: 'abcdef_0123456789abcdef0123456789~mv2.png' }],
      [{ mediaId: text.body.file.id }],
      [{ mediaId: text.body.file.id, choice: { option: 'Size', choice: 'M' } }],
      [{ url: 'ftp://example.test/a.png' }],
      [{}],
    ]) {
      const r = await add({ media });
      expect(r.status, JSON.stringify(media)).toBe(400);
    }
    expect((await add({ media: [{ mediaId: 'x' }] })).status).toBe(400);
    expect(
      (await s.admin('POST', `/stores/v1/products/00000000-0000-0000-0000-00000000dead/media/delete`, {}))
        .status,
    ).toBe(404);
  });

  it('sets v3 media by library id and shows the picture on cart lines with its id and size', async () => {
    const c = client();
    const up = await upload(s, await png(500, 400), { fileName: 'mug.png' });
    const mugFile = await ready(s, up.body.file.id);
    const mug = (await c.productsV3.getProductBySlug('stoneware-coffee-mug', {})).product!;
    const r = await s.admin<{ product: { media: { main: { image: unknown } } } }>(
      'PATCH',
      `/stores/v3/products/${mug._id}`,
      { product: { revision: mug.revision, media: { main: { id: mugFile.id } } } },
    );
    expect(r.status).toBe(200);
    expect(r.body.product.media.main.image).toEqual({
      id: mugFile.id,
      url: mugFile.url,
      width: 500,
      height: 400,
      filename: mugFile.id,
    });
    const cart = await s.request<{ cart: { lineItems: { image?: unknown; media?: unknown }[] } }>(
      'POST',
      '/ecom/v1/carts/current/add-to-cart',
      {
        auth: 'visitor:mug-buyer',
        body: {
          lineItems: [
            {
              quantity: 1,
              catalogReference: { appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e', catalogItemId: mug._id },
            },
          ],
        },
      },
    );
    expect(cart.status).toBe(200);
    const line = cart.body.cart.lineItems[0]!;
    expect(line.image ?? line.media).toMatchObject({
      id: mugFile.id,
      url: mugFile.url,
      width: 500,
      height: 400,
    });
  });

  it('keeps a category picture given by library URL or wix:image id as the library file, with its size', async () => {
    const up = await upload(s, await png(320, 240), { fileName: 'lamps.png' });
    const file = await ready(s, up.body.file.id);
    const make = (name: string, image: string) =>
      s.admin<{ category: { image: unknown } }>('POST', '/categories/v1/categories', {
        category: { name, image },
        treeReference: { appNamespace: '@wix/stores' },
      });
    const expected = { id: file.id, url: file.url, width: 320, height: 240, filename: file.id };
    const byUrl = await make('Lamps', file.url);
    expect([byUrl.status, byUrl.body.category.image]).toEqual([200, expected]);
    const byWix = await make(
      'Shades',
      `wix:image://v1/${file.id}/lamps.png#originWidth=320&originHeight=240`,
    );
    expect([byWix.status, byWix.body.category.image]).toEqual([200, expected]);
  });

  it('loses no picture when several are added to one product at once', async () => {
    const towel = (await client().products.queryProducts().eq('slug', 'waffle-bath-towel').find()).items[0]!;
    const files = await Promise.all(
      [0, 1, 2, 3, 4].map(async (n) => {
        const up = await upload(s, await png(100 + n, 100), { fileName: `towel-${n}.png` });
        return ready(s, up.body.file.id);
      }),
    );
    const answers = await Promise.all(
      files.map((f) =>
        s.admin('POST', `/stores/v1/products/${towel._id}/media`, { media: [{ mediaId: f.id }] }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = (await v1Media(towel._id!)).items!.map((i) => i._id);
    expect(ids).toHaveLength(6);
    expect(ids).toEqual(expect.arrayContaining(files.map((f) => f.id)));
  });
});
