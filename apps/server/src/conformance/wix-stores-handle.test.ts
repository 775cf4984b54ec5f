/**
 * Two parts of the official `@wix/stores` productsV3 query language a front end sends that Vitrine
 * used to refuse (400): the product's `handle` (given at creation or made from the slug, never
 * changed after, filterable and sortable) and `variantsInfo.variants` with `$matchItems` (one
 * variant must satisfy every condition). Through the SDK, unchanged, and HTTP for the details.
 */
import { createClient } from '@wix/sdk';
import { productsV3 } from '@wix/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { violations, type TestServer } from '../test/server.ts';
import { adminAuth, noAuth, sdkServer } from '../test/wix.ts';

const P = '/stores/v3/products';
interface Variant {
  id: string;
  sku?: string;
  choices: { optionChoiceIds: { optionId: string; choiceId: string } }[];
}
interface Product {
  id: string;
  slug: string;
  handle: string;
  name: string;
  revision: string;
  options: { id: string; choicesSettings: { choices: { choiceId: string; name: string }[] } }[];
  variantsInfo: { variants: Variant[] };
}

let s: TestServer;
const visitor = () => createClient({ auth: noAuth, modules: { productsV3 } });
const admin = () => createClient({ auth: adminAuth, modules: { productsV3 } });
sdkServer((x) => (s = x));

const variant = (price: string, sku: string, size?: string, visible = true) => ({
  price: { actualPrice: { amount: price } },
  sku,
  visible,
  ...(size ? { choices: [{ optionChoiceNames: { optionName: 'Size', choiceName: size } }] } : {}),
});
async function create(product: Record<string, unknown>) {
  const r = await s.admin<{ product: Product }>('POST', P, { product });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.product;
}
const sized = (name: string, extra: Record<string, unknown>, variants: ReturnType<typeof variant>[]) =>
  create({
    name,
    options: [
      {
        name: 'Size',
        choicesSettings: {
          choices: variants.map((v) => ({ name: v.choices![0]!.optionChoiceNames.choiceName })),
        },
      },
    ],
    variantsInfo: { variants },
    ...extra,
  });

describe('the product handle', () => {
  it('is given at creation or made from the slug, survives slug changes, and is never changed by an update', async () => {
    const sdk = admin();
    const made = await sdk.productsV3.createProduct({
      name: 'Oak Board',
      handle: 'ERP-1001 oak board',
      productType: 'PHYSICAL',
      physicalProperties: {},
      variantsInfo: { variants: [{ price: { actualPrice: { amount: '30' } }, choices: [] }] },
    } as Parameters<typeof sdk.productsV3.createProduct>[0]);
    expect(made).toMatchObject({ slug: 'oak-board', handle: 'ERP-1001 oak board' });

    const plain = await create({ name: 'Ash Board', variantsInfo: { variants: [variant('20', 'ASH')] } });
    expect(plain.handle).toBe('ash-board');

    // Renaming the slug keeps the handle; a handle sent on an update is ignored.
    const r = await s.admin<{ product: Product }>('PATCH', `${P}/${plain.id}`, {
      product: { revision: plain.revision, slug: 'ash-board-large', handle: 'something-else' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.product).toMatchObject({ slug: 'ash-board-large', handle: 'ash-board' });

    // A new product whose slug is an older product's handle gets a handle of its own.
    const again = await create({ name: 'Ash Board', variantsInfo: { variants: [variant('22', 'ASH-2')] } });
    expect(again.slug).toBe('ash-board');
    expect(again.handle).toBe(`ash-board-${again.id.slice(0, 8)}`);

    const read = await visitor().productsV3.getProduct(made._id!);
    expect(read.handle).toBe('ERP-1001 oak board');
  });

  it('refuses a handle another product holds, even when two creates race for it, and a blank one', async () => {
    await create({ name: 'Pine Board', handle: 'pine', variantsInfo: { variants: [variant('10', 'PINE')] } });
    const taken = await s.admin('POST', P, {
      product: { name: 'Other Pine', handle: 'pine', variantsInfo: { variants: [variant('10', 'PINE-2')] } },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      details: { applicationError: { code: 'DUPLICATE_HANDLE_ERROR', data: { handle: 'pine' } } },
    });

    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        s.admin('POST', P, {
          product: {
            name: `Elm ${i}`,
            handle: 'elm',
            variantsInfo: { variants: [variant('10', `ELM-${i}`)] },
          },
        }),
      ),
    );
    expect(racing.map((x) => x.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);

    const sameSlug = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        s.admin('POST', P, {
          product: { name: 'Birch', variantsInfo: { variants: [variant('10', `BIRCH-${i}`)] } },
        }),
      ),
    );
    expect(sameSlug.map((x) => x.status).sort()).toEqual([200, 409, 409, 409]);
    for (const x of sameSlug.filter((y) => y.status === 409))
      expect(x.body).toMatchObject({ details: { applicationError: { code: 'DUPLICATE_SLUG_ERROR' } } });

    const blank = await s.admin('POST', P, {
      product: { name: 'Blank', handle: '   ', variantsInfo: { variants: [variant('10', 'BLANK')] } },
    });
    expect(blank.status).toBe(400);
    expect(violations(blank.body)[0]).toMatchObject({ field: 'product.handle' });
  });

  it('filters and sorts by handle through the SDK query builder and search', async () => {
    const sdk = visitor();
    const one = await sdk.productsV3.queryProducts().eq('handle', 'pine').find();
    expect(one.items.map((p) => p.name)).toEqual(['Pine Board']);
    const some = await sdk.productsV3.queryProducts().startsWith('handle', 'ash-board').find();
    expect(some.items.map((p) => p.handle).sort()).toEqual([
      'ash-board',
      expect.stringMatching(/^ash-board-/),
    ]);
    const found = await sdk.productsV3.searchProducts({
      filter: { handle: { $in: ['pine', 'elm', 'nothing'] } },
      sort: [{ fieldName: 'name', order: 'DESC' }],
    });
    expect(found.products!.map((p) => p.handle)).toEqual(['pine', 'elm']);
  });
});

describe('variantsInfo.variants with $matchItems', () => {
  let tee: Product;
  let mug: Product;
  beforeAll(async () => {
    tee = await sized('Match Tee', {}, [variant('10', 'TEE-S', 'S'), variant('30', 'TEE-L', 'L', false)]);
    mug = await create({ name: 'Match Mug', variantsInfo: { variants: [variant('20', 'MUG')] } });
  });
  const names = async (variants: unknown, asAdmin = false) => {
    const body = {
      search: { filter: { 'variantsInfo.variants': variants, name: { $startsWith: 'Match' } } },
    };
    const r = asAdmin
      ? await s.admin<{ products: Product[] }>('POST', `${P}/search`, body)
      : await s.request<{ products: Product[] }>('POST', `${P}/search`, { body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.products.map((p) => p.name).sort();
  };

  it('matches a product when one of its variants satisfies every condition', async () => {
    const sdk = visitor();
    const bySku = await sdk.productsV3.searchProducts({
      filter: { 'variantsInfo.variants': { $matchItems: [{ sku: 'TEE-S' }] } },
    });
    expect(bySku.products!.map((p) => p.name)).toEqual(['Match Tee']);

    expect(await names({ $matchItems: [{ 'price.actualPrice.amount': { $gte: 15 } }] })).toEqual([
      'Match Mug',
    ]);
    // The L variant is hidden: a visitor's filter does not see it, the merchant's does.
    expect(await names({ $matchItems: [{ 'price.actualPrice.amount': { $gte: 15 } }] }, true)).toEqual([
      'Match Mug',
      'Match Tee',
    ]);
    // Every condition on the same variant: no variant is both TEE-S and 25 or more.
    expect(
      await names({ $matchItems: [{ sku: 'TEE-S', 'price.actualPrice.amount': { $gte: 25 } }] }, true),
    ).toEqual([]);
    expect(await names({ $matchItems: [{ sku: 'TEE-S' }, { visible: true }] })).toEqual(['Match Tee']);
    const small = tee.variantsInfo.variants.find((v) => v.sku === 'TEE-S')!;
    const choice = small.choices[0]!.optionChoiceIds;
    expect(
      await names({ $matchItems: [{ 'choices.optionChoiceIds.choiceId': { $hasSome: [choice.choiceId] } }] }),
    ).toEqual(['Match Tee']);
    expect(await names({ $matchItems: [{ _id: small.id }] })).toEqual(['Match Tee']);
    expect(await names({ $matchItems: [{ id: { $in: ['not-a-uuid'] } }] })).toEqual([]);
    expect(await names({ $matchItems: [{ $or: [{ sku: 'MUG' }, { sku: 'TEE-S' }] }] })).toEqual([
      'Match Mug',
      'Match Tee',
    ]);
    expect(await names({ $isEmpty: false })).toEqual(['Match Mug', 'Match Tee']);
    expect(mug.variantsInfo.variants).toHaveLength(1);
  });

  it('names an unknown variant field or operator in a 400', async () => {
    const bad = async (variants: unknown) => {
      const r = await s.request('POST', `${P}/search`, {
        body: { search: { filter: { 'variantsInfo.variants': variants } } },
      });
      expect(r.status).toBe(400);
      return violations(r.body)[0];
    };
    expect(await bad({ $matchItems: [{ colour: 'red' }] })).toMatchObject({
      violatedRule: 'FIELD_NOT_ALLOWED',
      data: { field: 'variantsInfo.variants.colour' },
    });
    expect(await bad({ $matchItems: { sku: 'x' } })).toMatchObject({ violatedRule: 'VALIDATION' });
    expect(await bad({ $near: [] })).toMatchObject({ data: { operator: '$near' } });
    expect(await bad({ $matchItems: [{ sku: { $gt: 1 } }] })).toMatchObject({ field: 'search.filter' });
  });
});
