import type { CursorQuery } from '@vitrine/contract';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import type { Executor } from '../../platform/db/tx.ts';
import { notFound } from '../../platform/errors.ts';
import { cursorPage, metadata } from '../../platform/query/page.ts';
import type { QuerySpec } from '../../platform/query/spec.ts';
import { isAdmin } from './service.ts';
import type { StoredChoice, StoredOption } from './store.ts';

/**
 * Customizations (catalog.md §6, `customizationsV3`) are the catalog's product options, shared across products
 * by id (see `buildOptions`): one customization per option id, with the union of its choices. Visitors see
 * the options of visible products only.
 */
interface Row {
  id: string;
  name: string;
  render_type: StoredOption['optionRenderType'];
  products: number;
  created_at: Date;
  updated_at: Date;
  choices: StoredChoice[];
}

/**
 * The catalog's options by lower-case name: the earliest product's option (its id and render type),
 * with the choices of every product's option of that id (the earliest of each lower-case name), so a
 * choice that another product added to a shared option keeps its id in the next product that offers it.
 */
export async function sharedOptions(
  ctx: { db: Executor },
  names: string[],
): Promise<Map<string, StoredOption>> {
  const wanted = [...new Set(names.map((n) => n.toLowerCase()))];
  if (!wanted.length) return new Map();
  const { rows } = await sql<{ option: StoredOption; choices: StoredChoice[] | null }>`
    with first as (
      select distinct on (lower(o->>'name')) o as option
      from catalog_product p cross join lateral jsonb_array_elements(p.options) o
      where lower(o->>'name') = any(${wanted}::text[])
      order by lower(o->>'name'), p.created_at, p.id)
    select f.option,
      (select jsonb_agg(c.value order by p.created_at, p.id, c.ordinality)
        from catalog_product p cross join lateral jsonb_array_elements(p.options) o
        cross join lateral jsonb_array_elements(o->'choices') with ordinality c
        where o->>'id' = f.option->>'id') as choices
    from first f`.execute(ctx.db);
  return new Map(
    rows.map((r) => {
      const seen = new Set<string>();
      const choices = (r.choices ?? r.option.choices).filter(
        (c) => !seen.has(c.name.toLowerCase()) && seen.add(c.name.toLowerCase()),
      );
      return [r.option.name.toLowerCase(), { ...r.option, choices }];
    }),
  );
}

function source(ctx: Ctx) {
  const visible = isAdmin(ctx) ? sql`true` : sql`p.visible`;
  const visible2 = isAdmin(ctx) ? sql`true` : sql`p2.visible`;
  return sql<Row>`(
    select g.*,
      (select jsonb_agg(distinct ch) from catalog_product p2 cross join lateral jsonb_array_elements(p2.options) o2
        cross join lateral jsonb_array_elements(o2->'choices') ch where o2->>'id' = g.id and ${visible2}) as choices
    from (
      select o->>'id' as id,
        (array_agg(o->>'name' order by p.created_at, p.id))[1] as name,
        (array_agg(o->>'optionRenderType' order by p.created_at, p.id))[1] as render_type,
        count(distinct p.id)::int as products, min(p.created_at) as created_at, max(p.updated_at) as updated_at
      from catalog_product p cross join lateral jsonb_array_elements(p.options) o
      where ${visible}
      group by o->>'id'
    ) g
  )`.as('c');
}

const spec: QuerySpec = {
  entity: 'customization',
  idSql: 'c.id',
  idType: 'string',
  defaultSort: [{ fieldName: 'name', order: 'ASC' }],
  fields: {
    id: { sql: 'c.id', type: 'string', sortable: true },
    name: { sql: 'c.name', type: 'string', sortable: true },
    customizationType: { sql: "'PRODUCT_OPTION'", type: 'string', values: ['PRODUCT_OPTION', 'MODIFIER'] },
    customizationRenderType: {
      sql: 'c.render_type',
      type: 'string',
      values: ['FREE_TEXT', 'TEXT_CHOICES', 'SWATCH_CHOICES'],
    },
    createdDate: { sql: 'c.created_at', type: 'date', sortable: true },
    updatedDate: { sql: 'c.updated_at', type: 'date', sortable: true },
    'choicesSettings.choices.id': {
      sql: "array(select x->>'choiceId' from jsonb_array_elements(c.choices) x)",
      type: 'stringArray',
    },
  },
};

function toCustomization(r: Row) {
  const seen = new Set<string>();
  const choices = (r.choices ?? []).filter((c) => !seen.has(c.choiceId) && seen.add(c.choiceId));
  return {
    id: r.id,
    revision: '1',
    createdDate: new Date(r.created_at).toISOString(),
    updatedDate: new Date(r.updated_at).toISOString(),
    name: r.name,
    key: r.name,
    customizationType: 'PRODUCT_OPTION',
    customizationRenderType: r.render_type,
    choicesSettings: {
      choices: choices.map((c) => ({
        id: c.choiceId,
        key: c.name,
        name: c.name,
        choiceType: c.choiceType,
        ...(c.colorCode ? { colorCode: c.colorCode } : {}),
      })),
    },
    assignedProductsCount: Number(r.products),
  };
}

export async function queryCustomizations(ctx: Ctx, q: CursorQuery | null | undefined) {
  const base = ctx.db.selectFrom(source(ctx)).selectAll();
  const page = await cursorPage(base, spec, q ?? {});
  return {
    customizations: (page.items as Row[]).map(toCustomization),
    pagingMetadata: metadata.cursor(page),
  };
}

export async function getCustomization(ctx: Ctx, id: string) {
  const row = (await ctx.db
    .selectFrom(source(ctx))
    .selectAll()
    .where(sql<boolean>`c.id = ${id}`)
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound('Customization', { id }, 'CUSTOMIZATION_NOT_FOUND');
  return toCustomization(row);
}
