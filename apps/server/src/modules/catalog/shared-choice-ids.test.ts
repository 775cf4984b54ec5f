import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';

/**
 * The migration that gives same-named choices of a shared option one id, over a store whose products
 * kept ids of their own (as every store made before 2026-12-04 did; a client that names its own
 * `choiceId` still can), read back through HTTP.
 */
interface Product {
  id: string;
  revision: string;
  options: { id: string; name: string; choicesSettings: { choices: { choiceId: string; name: string }[] } }[];
  variantsInfo: {
    variants: { id: string; choices: { optionChoiceIds: { optionId: string; choiceId: string } }[] }[];
  };
}
const P = '/stores/v3/products';
const MIGRATION = new URL('./migrations/202612041900-catalog-shared-choice-ids.sql', import.meta.url);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
});

const colours = (name: string, choices: { name: string; choiceId?: string }[]) => ({
  name,
  options: [{ name: 'Colour', choicesSettings: { choices } }],
  variantsInfo: {
    variants: choices.map((c) => ({
      price: { actualPrice: { amount: '10' } },
      choices: [{ optionChoiceNames: { optionName: 'Colour', choiceName: c.name } }],
    })),
  },
});
async function create(product: unknown) {
  const r = await s.admin<{ product: Product }>('POST', P, { product });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.product;
}
const read = async (id: string) =>
  (await s.admin<{ product: Product }>('GET', `${P}/${id}?fields=VARIANT_OPTION_CHOICE_NAMES`)).body.product;
const idsByName = (p: Product) =>
  Object.fromEntries(p.options[0]!.choicesSettings.choices.map((c) => [c.name, c.choiceId]));
const variantChoiceIds = (p: Product) =>
  p.variantsInfo.variants.map((v) => v.choices[0]!.optionChoiceIds.choiceId).sort();
const migrate = () =>
  s.db.handle.db.transaction().execute((trx) => sql.raw(readFileSync(MIGRATION, 'utf8')).execute(trx));

describe('same-named choices of a shared option, migrated to one id', () => {
  it('gives a later product the earliest product’s ids, in its options and its variants', async () => {
    const first = await create(colours('First', [{ name: 'Navy' }, { name: 'Sage' }]));
    const own = { navy: newId(), rust: newId() };
    const later = await create(
      colours('Later', [
        { name: 'navy', choiceId: own.navy },
        { name: 'Rust', choiceId: own.rust },
      ]),
    );
    expect(later.options[0]!.id).toBe(first.options[0]!.id);
    expect(idsByName(later).navy).toBe(own.navy);
    const navy = idsByName(first).Navy!;
    const byNavy = async () => {
      const r = await s.request<{ products: { id: string }[] }>('POST', `${P}/search`, {
        body: { search: { filter: { 'options.choicesSettings.choices.choiceId': { $hasSome: [navy] } } } },
      });
      return r.body.products.map((p) => p.id).sort();
    };
    expect(await byNavy()).toEqual([first.id]);

    await migrate();

    const after = await read(later.id);
    expect(idsByName(after)).toEqual({ navy, Rust: own.rust });
    expect(variantChoiceIds(after)).toEqual([navy, own.rust].sort());
    expect(BigInt(after.revision)).toBe(BigInt(later.revision) + 1n);
    expect(idsByName(await read(first.id))).toEqual(idsByName(first));
    expect(await byNavy()).toEqual([first.id, later.id].sort());

    // The variant is still found by its choices, and a product that names the shared ids is kept.
    const v = after.variantsInfo.variants.find((x) => x.choices[0]!.optionChoiceIds.choiceId === navy)!;
    const update = await s.admin<{ product: Product }>('PATCH', `${P}/${later.id}`, {
      product: { id: later.id, revision: after.revision, name: 'Later, renamed' },
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    expect(update.body.product.variantsInfo.variants.map((x) => x.id)).toContain(v.id);
    // A second run changes nothing.
    await migrate();
    expect(idsByName(await read(later.id))).toEqual({ navy, Rust: own.rust });
  });

  it('leaves an option alone when its choices would end up sharing one id', async () => {
    const alpha = await create(colours('Alpha', [{ name: 'Ink' }]));
    const ink = idsByName(alpha).Ink!;
    const gamma = await create(colours('Gamma', [{ name: 'Ink' }]));
    expect(idsByName(gamma).Ink).toBe(ink);
    const beta = await create(colours('Beta', [{ name: 'Ink', choiceId: newId() }, { name: 'Coal' }]));
    // Alpha's choice renamed, keeping its id: the id now stands for Coal (Alpha) and Ink (Gamma), so
    // Beta's Ink and Coal would both take it.
    await sql`update catalog_product set options = jsonb_set(options, '{0,choices,0,name}', '"Coal"')
      where id = ${alpha.id}`.execute(s.db.handle.db);
    const before = idsByName(await read(beta.id));
    await migrate();
    expect(idsByName(await read(beta.id))).toEqual(before);
    expect(Object.values(before)).not.toContain(ink);
  });
});
